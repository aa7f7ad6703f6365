import type { ShopRunRepository } from "../ports/shop-run-repository";
import { runErrorCode, runFailureFix } from "../runs/run-error-codes";
import { readableCause } from "../runs/run-result";
import type { CaughtError, SaveRunEvent } from "../runs/run-step-events";
import { resultFromRecords } from "./save-run-step";

/**
 * A run-level step failed for good (the store answered an error in ScoutSlots, say): the run is recorded
 * as failed with why (its documented code, the error's words and the fix), and keeps everything already
 * done as a partial result (`partial: true`): every item recorded, BuildCart's additions, the prune
 * proposals if PruneStock ran. A run that failed before it read the cart has no result: nothing was
 * checked, so nothing may read "All items available" (BuildCart's additions, if any, say so in words).
 * Should the records themselves be unreadable, the failure is still recorded.
 */
export const markRunFailedStep = async (
  deps: { runs: ShopRunRepository; now: () => Date },
  args: { runId: string; failure: CaughtError } & Partial<Pick<SaveRunEvent, "prune" | "slots">>,
): Promise<{ error: string; cause: string; code: string; fix: string }> => {
  const { runId, failure } = args;
  const code = runErrorCode(failure.Error);
  const fix = runFailureFix(code);
  const message = readableCause(failure.Cause) || `The run failed: ${code}`;
  const partial = await resultFromRecords(deps.runs, args).catch(() => undefined);
  const result = partial ? partialResult(partial) : undefined;
  await deps.runs.updateRun(runId, (header) => {
    const { result: _none, ...rest } = header;
    return {
      ...rest,
      status: "failed",
      endedAt: deps.now().toISOString(),
      error: { code, message, fix },
      ...(partial && result ? { itemsTotal: partial.items.length, result } : {}),
    };
  });
  return { error: failure.Error, cause: message, code, fix };
};

/** What a failed run did until it failed; none when it never read the cart and changed nothing. */
const partialResult = ({ result, cartRead }: Awaited<ReturnType<typeof resultFromRecords>>) => {
  if (cartRead) return { ...result, partial: true };
  const added = result.cartAdditions.length;
  if (added === 0) return undefined;
  return {
    ...result,
    summary: `The run failed before it read the cart: ${added} plan ${added === 1 ? "line was" : "lines were"} added, nothing was checked`,
    partial: true,
  };
};

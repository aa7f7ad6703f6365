import type { ShopRunRepository } from "../ports/shop-run-repository";
import { runErrorCode } from "../runs/run-error-codes";
import { readableCause } from "../runs/run-result";
import type { CaughtError, SaveRunEvent } from "../runs/run-step-events";
import { resultFromRecords } from "./save-run";

/**
 * A run-level step failed for good (the store answered an error in ScoutSlots, say): the run is recorded
 * as failed with why, and keeps everything already done as a partial result (`partial: true`): every
 * item recorded, BuildCart's additions, the prune proposals if PruneStock ran. Never `result: null` for
 * a run whose steps did work. Should the records themselves be unreadable, the failure is still recorded.
 */
export const markRunFailed = async (
  deps: { runs: ShopRunRepository; now: () => Date },
  args: { runId: string; failure: CaughtError } & Partial<Pick<SaveRunEvent, "prune" | "slots">>,
): Promise<{ error: string; cause: string }> => {
  const { runId, failure } = args;
  const partial = await resultFromRecords(deps.runs, args).catch(() => undefined);
  await deps.runs.updateRun(runId, (header) => ({
    ...header,
    status: "failed",
    endedAt: deps.now().toISOString(),
    error: { code: runErrorCode(failure.Error), message: readableCause(failure.Cause) },
    ...(partial ? { itemsTotal: partial.items.length, result: { ...partial.result, partial: true } } : {}),
  }));
  return { error: failure.Error, cause: readableCause(failure.Cause) };
};

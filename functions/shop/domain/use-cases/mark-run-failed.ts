import type { ShopRunRepository } from "../ports/shop-run-repository";
import { readableCause } from "../run-result";
import type { CaughtError } from "../run-step-events";

/** A run-level step failed for good (the cart could not be read, say): the run is recorded as failed. */
export const markRunFailed = async (
  deps: { runs: ShopRunRepository; now: () => Date },
  args: { runId: string; failure: CaughtError },
): Promise<{ error: string; cause: string }> => {
  const { runId, failure } = args;
  await deps.runs.updateRun(runId, (header) => ({
    ...header,
    status: "failed",
    endedAt: deps.now().toISOString(),
    error: { code: failure.Error, message: readableCause(failure.Cause) },
  }));
  return { error: failure.Error, cause: readableCause(failure.Cause) };
};

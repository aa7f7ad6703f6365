import type { LoggerPort } from "../../../core/logger-port";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import { readableCause } from "../runs/run-result";
import type { CaughtError, ItemEvent } from "../runs/run-step-events";
import { emptyUsage } from "../runs/shop-run";

/** Map item, Catch: the item is recorded as failed with its reason, and the run goes on without it. */
export const recordItemFailureStep = async (
  deps: { runs: ShopRunRepository; logger: LoggerPort },
  args: Pick<ItemEvent, "runId" | "item"> & { failure: CaughtError },
) => {
  const { runId, item, failure } = args;
  const cause = readableCause(failure.Cause);
  deps.logger.warn("substitution item failed", {
    runId,
    productId: item.productId,
    error: failure.Error,
    cause,
  });
  await deps.runs.saveItem(runId, {
    productId: item.productId,
    name: item.name,
    status: "failed",
    failure: { error: failure.Error, cause },
    sources: {},
    removed: [],
    usage: emptyUsage(),
  });
  return { productId: item.productId, status: "failed" as const, candidates: 0 };
};

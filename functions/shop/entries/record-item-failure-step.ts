import { parseOrThrow } from "../../core/validation";
import { readableCause } from "../domain/run-result";
import { caughtErrorSchema, itemEventSchema } from "../domain/run-step-events";
import { emptyUsage } from "../domain/shop-run";
import { stepLogger } from "../wiring/step-logger";
import { runRepositoryFor } from "../wiring/step-table";

const eventSchema = itemEventSchema.extend({ failure: caughtErrorSchema });

/** Map item, Catch: the item is recorded as failed with its reason, and the run goes on without it. */
export const handler = async (event: unknown) => {
  const { tenant, runId, item, failure } = parseOrThrow(eventSchema, event, "RecordItemFailure event");
  const cause = readableCause(failure.Cause);
  stepLogger.warn("substitution item failed", {
    runId,
    productId: item.productId,
    error: failure.Error,
    cause,
  });
  await runRepositoryFor(tenant).saveItem(runId, {
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

import { parseOrThrow } from "../../core/validation";
import { caughtErrorSchema, runKeysSchema, saveRunEventSchema } from "../domain/runs/run-step-events";
import { markRunFailed } from "../domain/use-cases/mark-run-failed";
import { runRepositoryFor } from "../wiring/step-table";

const eventSchema = runKeysSchema
  .extend({ failure: caughtErrorSchema })
  .extend(saveRunEventSchema.pick({ prune: true, slots: true }).partial().shape);

/**
 * A run-level step failed for good (the cart could not be read, a store error in ScoutSlots): the run is
 * recorded as failed, with what was done until then (the workflow passes PruneStock's and ScoutSlots'
 * outcomes, or their "skipped" markers).
 */
export const handler = async (event: unknown) => {
  const { tenant, runId, failure, prune, slots } = parseOrThrow(eventSchema, event, "MarkRunFailed event");
  return markRunFailed(
    { runs: runRepositoryFor(tenant), now: () => new Date() },
    { runId, failure, ...(prune ? { prune } : {}), ...(slots ? { slots } : {}) },
  );
};

import { parseOrThrow } from "../../core/validation";
import { caughtErrorSchema, runKeysSchema } from "../domain/run-step-events";
import { markRunFailed } from "../domain/use-cases/mark-run-failed";
import { runRepositoryFor } from "../wiring/step-table";

const eventSchema = runKeysSchema.extend({ failure: caughtErrorSchema });

/** A run-level step failed for good (the cart could not be read, say): the run is recorded as failed. */
export const handler = async (event: unknown) => {
  const { tenant, runId, failure } = parseOrThrow(eventSchema, event, "MarkRunFailed event");
  return markRunFailed({ runs: runRepositoryFor(tenant), now: () => new Date() }, { runId, failure });
};

import { parseOrThrow } from "../../core/validation";
import { readableCause } from "../domain/run-result";
import { caughtErrorSchema, runKeysSchema } from "../domain/run-step-events";
import { runRepositoryFor } from "../wiring/step-table";

const eventSchema = runKeysSchema.extend({ failure: caughtErrorSchema });

/** A run-level step failed for good (the cart could not be read, say): the run is recorded as failed. */
export const handler = async (event: unknown) => {
  const { tenant, runId, failure } = parseOrThrow(eventSchema, event, "MarkRunFailed event");
  const runs = runRepositoryFor(tenant);
  await runs.updateRun(runId, (header) => ({
    ...header,
    status: "failed",
    endedAt: new Date().toISOString(),
    error: { code: failure.Error, message: readableCause(failure.Cause) },
  }));
  return { error: failure.Error, cause: readableCause(failure.Cause) };
};

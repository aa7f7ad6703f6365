import { parseOrThrow } from "../../core/validation";
import { caughtErrorSchema, itemEventSchema } from "../domain/runs/run-step-events";
import { recordItemFailure } from "../domain/use-cases/record-item-failure";
import { stepLogger } from "../wiring/step-logger";
import { runRepositoryFor } from "../wiring/step-table";

const eventSchema = itemEventSchema.extend({ failure: caughtErrorSchema });

/** Map item, Catch: the item is recorded as failed with its reason, and the run goes on without it. */
export const handler = async (event: unknown) => {
  const { tenant, ...args } = parseOrThrow(eventSchema, event, "RecordItemFailure event");
  return recordItemFailure({ runs: runRepositoryFor(tenant), logger: stepLogger }, args);
};

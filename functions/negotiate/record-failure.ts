import { parseOrThrow } from "../core/validation";
import { RecordFailureEventSchema, recordFailureStep } from "./domain/workflow-steps";
import { stepDepsFor } from "./negotiation-table-wiring";

/** Negotiation workflow: marks the message failed when a step failed for good. */
export const handler = async (event: unknown) => {
  const parsed = parseOrThrow(RecordFailureEventSchema, event, "record failure event");
  return recordFailureStep(stepDepsFor(parsed.tenant), parsed);
};

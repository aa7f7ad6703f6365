import { parseOrThrow } from "../core/validation";
import { AwaitReviewEventSchema, awaitReviewStep } from "./domain/workflow-steps";
import { stepDepsFor } from "./negotiation-table-wiring";

/** Negotiation workflow, Review (invoked with .waitForTaskToken): keeps the task token for the review endpoint. */
export const handler = async (event: unknown) => {
  const parsed = parseOrThrow(AwaitReviewEventSchema, event, "await review event");
  return awaitReviewStep(stepDepsFor(parsed.tenant), parsed);
};

import { AwaitReviewEventSchema, awaitReviewStep } from "../domain/use-cases/await-review-step";
import { tableStep } from "../wiring/negotiation-table-step-wiring";

/** Negotiation workflow, Review (invoked with .waitForTaskToken): keeps the task token for the review endpoint. */
export const handler = tableStep(AwaitReviewEventSchema, "await review", awaitReviewStep);

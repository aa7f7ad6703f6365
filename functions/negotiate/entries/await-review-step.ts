import { tableStep } from "../wiring/negotiation-table-step-wiring";

/** Negotiation workflow, AwaitReview (invoked with .waitForTaskToken): keeps the task token for the review endpoint. */
export const handler = tableStep("NegotiateAwaitReview");

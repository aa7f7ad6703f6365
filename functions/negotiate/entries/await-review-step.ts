import { negotiationTableStepHandlers } from "../wiring/negotiation-table-step-handlers";
import { stepDepsFor } from "../wiring/negotiation-table-wiring";

/** Negotiation workflow, Review (invoked with .waitForTaskToken): keeps the task token for the review endpoint. */
export const handler = negotiationTableStepHandlers(stepDepsFor).NegotiateAwaitReview;

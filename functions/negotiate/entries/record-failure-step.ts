import { negotiationTableStepHandlers } from "../wiring/negotiation-table-step-handlers";
import { stepDepsFor } from "../wiring/negotiation-table-wiring";

/** Negotiation workflow: marks the message failed when a step failed for good. */
export const handler = negotiationTableStepHandlers(stepDepsFor).NegotiateRecordFailure;

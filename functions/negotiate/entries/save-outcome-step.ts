import { negotiationTableStepHandlers } from "../wiring/negotiation-table-step-handlers";
import { stepDepsFor } from "../wiring/negotiation-table-wiring";

/** Negotiation workflow, Save: records the reviewer's decision and the approved reply. */
export const handler = negotiationTableStepHandlers(stepDepsFor).NegotiateSaveOutcome;

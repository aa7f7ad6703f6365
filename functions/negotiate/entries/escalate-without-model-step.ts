import { negotiationTableStepHandlers } from "../wiring/negotiation-table-step-handlers";
import { stepDepsFor } from "../wiring/negotiation-table-wiring";

/** Negotiation workflow, EscalateWithoutModel: the Craft step's fallback, an escalation written with no model. */
export const handler = negotiationTableStepHandlers(stepDepsFor).NegotiateEscalateWithoutModel;

import { tableStep } from "../wiring/negotiation-table-step-wiring";

/** Negotiation workflow, EscalateWithoutModel: the CraftResponse step's fallback, an escalation written with no model. */
export const handler = tableStep("NegotiateEscalateWithoutModel");

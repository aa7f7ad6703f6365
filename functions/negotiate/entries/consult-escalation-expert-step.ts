import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow, FirstConsultEscalationExpert and ConsultEscalationExpert: the escalation expert. */
export const handler = modelStep("NegotiateConsultEscalationExpert");

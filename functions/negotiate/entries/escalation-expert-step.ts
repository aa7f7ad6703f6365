import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow: the escalation expert, on the first fan-out or when the orchestrator asks. */
export const handler = modelStep("NegotiateEscalationExpert");

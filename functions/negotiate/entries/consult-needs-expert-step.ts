import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow, ConsultNeedsExpert: the needs expert, when the orchestrator asks. */
export const handler = modelStep("NegotiateConsultNeedsExpert");

import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow: the needs expert, when the orchestrator asks. */
export const handler = modelStep("NegotiateNeedsExpert");

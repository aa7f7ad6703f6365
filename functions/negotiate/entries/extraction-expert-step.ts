import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow: the extraction expert, on the first fan-out or when the orchestrator asks. */
export const handler = modelStep("NegotiateExtractionExpert");

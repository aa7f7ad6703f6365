import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow, FirstConsultExtractionExpert and ConsultExtractionExpert: the extraction expert. */
export const handler = modelStep("NegotiateConsultExtractionExpert");

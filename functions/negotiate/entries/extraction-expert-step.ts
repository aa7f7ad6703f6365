import { negotiationModelStepHandlers } from "../wiring/negotiation-model-step-handlers";
import { modelStepDepsFor } from "../wiring/negotiation-model-wiring";

/** Negotiation workflow: the extraction expert, on the first fan-out or when the orchestrator asks. */
export const handler = negotiationModelStepHandlers(modelStepDepsFor).NegotiateExtractionExpert;

import { negotiationModelStepHandlers } from "../wiring/negotiation-model-step-handlers";
import { modelStepDepsFor } from "../wiring/negotiation-model-wiring";

/** Negotiation workflow: the needs expert, when the orchestrator asks. */
export const handler = negotiationModelStepHandlers(modelStepDepsFor).NegotiateNeedsExpert;

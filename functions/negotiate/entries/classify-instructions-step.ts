import { negotiationModelStepHandlers } from "../wiring/negotiation-model-step-handlers";
import { modelStepDepsFor } from "../wiring/negotiation-model-wiring";

/** Negotiation workflow, Classify: splits the merchant's instructions (once per negotiation). */
export const handler = negotiationModelStepHandlers(modelStepDepsFor).NegotiateInstructionClassifier;

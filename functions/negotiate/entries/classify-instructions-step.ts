import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow, Classify: splits the merchant's instructions (once per negotiation). */
export const handler = modelStep("NegotiateInstructionClassifier");

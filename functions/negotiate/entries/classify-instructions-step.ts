import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow, ClassifyInstructions: splits the merchant's instructions (once per negotiation). */
export const handler = modelStep("NegotiateClassifyInstructions");

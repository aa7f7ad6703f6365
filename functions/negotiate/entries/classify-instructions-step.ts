import { ClassifyEventSchema, classifyStep } from "../domain/use-cases/classify-instructions-step";
import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow, Classify: splits the merchant's instructions (once per negotiation). */
export const handler = modelStep(ClassifyEventSchema, "classify", classifyStep);

import { parseOrThrow } from "../core/validation";
import { classifyStep, StepEventSchema } from "./domain/workflow-steps";
import { modelStepDepsFor } from "./negotiation-model-wiring";

/** Negotiation workflow, Classify: splits the merchant's instructions (once per negotiation). */
export const handler = async (event: unknown) => {
  const parsed = parseOrThrow(StepEventSchema, event, "classify event");
  return classifyStep(modelStepDepsFor(parsed.tenant), parsed);
};

import { parseOrThrow } from "../core/validation";
import { CraftEventSchema, craftStep } from "./domain/workflow-steps";
import { modelStepDepsFor } from "./negotiation-model-wiring";

/** Negotiation workflow, Craft: drafts the reply, checks it for leaks, stores the response. */
export const handler = async (event: unknown) => {
  const parsed = parseOrThrow(CraftEventSchema, event, "response crafter event");
  return craftStep(modelStepDepsFor(parsed.tenant), parsed);
};

import { CraftEventSchema, craftStep } from "../domain/use-cases/craft-response-step";
import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow, Craft: drafts the reply, checks it for leaks, stores the response. */
export const handler = modelStep(CraftEventSchema, "response crafter", craftStep);

import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow, Craft: drafts the reply, checks it for leaks, stores the response. */
export const handler = modelStep("NegotiateResponseCrafter");

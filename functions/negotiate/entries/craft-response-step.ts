import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow, CraftResponse: drafts the reply, checks it for leaks, stores the response. */
export const handler = modelStep("NegotiateCraftResponse");

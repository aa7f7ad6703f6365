import { negotiationModelStepHandlers } from "../wiring/negotiation-model-step-handlers";
import { modelStepDepsFor } from "../wiring/negotiation-model-wiring";

/** Negotiation workflow, Craft: drafts the reply, checks it for leaks, stores the response. */
export const handler = negotiationModelStepHandlers(modelStepDepsFor).NegotiateResponseCrafter;

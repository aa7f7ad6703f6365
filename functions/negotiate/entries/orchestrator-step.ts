import { negotiationModelStepHandlers } from "../wiring/negotiation-model-step-handlers";
import { modelStepDepsFor } from "../wiring/negotiation-model-wiring";

/** Negotiation workflow, Orchestrate: one orchestrator round over the stored opinions. */
export const handler = negotiationModelStepHandlers(modelStepDepsFor).NegotiateOrchestrator;

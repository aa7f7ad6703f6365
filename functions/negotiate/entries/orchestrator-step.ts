import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow, Orchestrate: one orchestrator round over the stored opinions. */
export const handler = modelStep("NegotiateOrchestrator");

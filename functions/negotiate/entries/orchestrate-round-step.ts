import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow, OrchestrateRound: one orchestrator round over the stored opinions. */
export const handler = modelStep("NegotiateOrchestrateRound");

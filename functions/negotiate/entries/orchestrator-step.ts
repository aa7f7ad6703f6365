import { OrchestrateEventSchema, orchestrateStep } from "../domain/use-cases/orchestrate-round-step";
import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow, Orchestrate: one orchestrator round over the stored opinions. */
export const handler = modelStep(OrchestrateEventSchema, "orchestrator", orchestrateStep);

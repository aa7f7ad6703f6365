import { parseOrThrow } from "../core/validation";
import { OrchestrateEventSchema, orchestrateStep } from "./domain/workflow-steps";
import { modelStepDepsFor } from "./negotiation-model-wiring";

/** Negotiation workflow, Orchestrate: one orchestrator round over the stored opinions. */
export const handler = async (event: unknown) => {
  const parsed = parseOrThrow(OrchestrateEventSchema, event, "orchestrator event");
  return orchestrateStep(modelStepDepsFor(parsed.tenant), parsed);
};

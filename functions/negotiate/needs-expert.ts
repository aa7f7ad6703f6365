import { parseOrThrow } from "../core/validation";
import { ConsultEventSchema, consultStep } from "./domain/workflow-steps";
import { modelStepDepsFor } from "./negotiation-model-wiring";

/** Negotiation workflow: the needs expert, when the orchestrator asks. */
export const handler = async (event: unknown) => {
  const parsed = parseOrThrow(ConsultEventSchema, event, "needs expert event");
  return consultStep(modelStepDepsFor(parsed.tenant), "needs", parsed);
};

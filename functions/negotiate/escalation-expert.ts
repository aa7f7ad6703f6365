import { parseOrThrow } from "../core/validation";
import { ConsultEventSchema, consultStep } from "./domain/workflow-steps";
import { modelStepDepsFor } from "./negotiation-model-wiring";

/** Negotiation workflow: the escalation expert, on the first fan-out or when the orchestrator asks. */
export const handler = async (event: unknown) => {
  const parsed = parseOrThrow(ConsultEventSchema, event, "escalation expert event");
  return consultStep(modelStepDepsFor(parsed.tenant), "escalation", parsed);
};

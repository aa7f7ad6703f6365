import { ConsultEventSchema, consultStep } from "../domain/use-cases/consult-expert-step";
import { modelStep } from "../wiring/negotiation-model-step-wiring";

/** Negotiation workflow: the needs expert, when the orchestrator asks. */
export const handler = modelStep(ConsultEventSchema, "needs expert", (deps, event) =>
  consultStep(deps, "needs", event),
);

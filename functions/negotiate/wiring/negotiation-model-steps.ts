import type { z } from "zod";
import type { ModelStepDeps, StepEvent } from "../domain/negotiation-step";
import {
  ClassifyInstructionsEventSchema,
  classifyInstructionsStep,
} from "../domain/use-cases/classify-instructions-step";
import { ConsultExpertEventSchema, consultExpertStep } from "../domain/use-cases/consult-expert-step";
import { CraftResponseEventSchema, craftResponseStep } from "../domain/use-cases/craft-response-step";
import {
  OrchestrateRoundEventSchema,
  orchestrateRoundStep,
} from "../domain/use-cases/orchestrate-round-step";
import { modelStepHandler, type NegotiationModelStepSources } from "./negotiation-step-handlers";

const modelStep = <E extends StepEvent, R>(
  name: string,
  schema: z.ZodType<E>,
  run: (deps: ModelStepDeps, event: E) => Promise<R>,
) => ({
  scope: "model" as const,
  name,
  schema,
  run,
  handlerFor: (sources: NegotiationModelStepSources) => modelStepHandler(sources, schema, name, run),
});

/**
 * The negotiation workflow's model steps, by function id (lib/areas/negotiate.ts, the ASL's `…FnArn`): the
 * step's name in logs, its Task input's schema and its use case, run in the model scope. A module apart
 * from the table steps', so their Lambdas bundle no model or prompt.
 */
export const NEGOTIATION_MODEL_STEPS = {
  NegotiateInstructionClassifier: modelStep(
    "classify",
    ClassifyInstructionsEventSchema,
    classifyInstructionsStep,
  ),
  NegotiateExtractionExpert: modelStep("extraction expert", ConsultExpertEventSchema, (deps, event) =>
    consultExpertStep(deps, "extraction", event),
  ),
  NegotiateEscalationExpert: modelStep("escalation expert", ConsultExpertEventSchema, (deps, event) =>
    consultExpertStep(deps, "escalation", event),
  ),
  NegotiateNeedsExpert: modelStep("needs expert", ConsultExpertEventSchema, (deps, event) =>
    consultExpertStep(deps, "needs", event),
  ),
  NegotiateOrchestrator: modelStep("orchestrator", OrchestrateRoundEventSchema, orchestrateRoundStep),
  NegotiateResponseCrafter: modelStep("response crafter", CraftResponseEventSchema, craftResponseStep),
};

export type NegotiationModelStepId = keyof typeof NEGOTIATION_MODEL_STEPS;

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
 * step's name in logs (its state's: the function id without `Negotiate`), its Task input's schema and its
 * use case, run in the model scope. A module apart from the table steps', so their Lambdas bundle no model
 * or prompt.
 */
export const NEGOTIATION_MODEL_STEPS = {
  NegotiateClassifyInstructions: modelStep(
    "ClassifyInstructions",
    ClassifyInstructionsEventSchema,
    classifyInstructionsStep,
  ),
  NegotiateConsultExtractionExpert: modelStep(
    "ConsultExtractionExpert",
    ConsultExpertEventSchema,
    (deps, event) => consultExpertStep(deps, "extraction", event),
  ),
  NegotiateConsultEscalationExpert: modelStep(
    "ConsultEscalationExpert",
    ConsultExpertEventSchema,
    (deps, event) => consultExpertStep(deps, "escalation", event),
  ),
  NegotiateConsultNeedsExpert: modelStep("ConsultNeedsExpert", ConsultExpertEventSchema, (deps, event) =>
    consultExpertStep(deps, "needs", event),
  ),
  NegotiateOrchestrateRound: modelStep("OrchestrateRound", OrchestrateRoundEventSchema, orchestrateRoundStep),
  NegotiateCraftResponse: modelStep("CraftResponse", CraftResponseEventSchema, craftResponseStep),
};

export type NegotiationModelStepId = keyof typeof NEGOTIATION_MODEL_STEPS;

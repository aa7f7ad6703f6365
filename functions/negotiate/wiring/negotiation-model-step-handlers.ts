import { type RemainingTime, stepModelDeadline } from "../../core/llm/model-deadline";
import { openModelSession } from "../../core/llm/model-session";
import { parseOrThrow } from "../../core/validation";
import { type ModelStepDeps, StepEventSchema } from "../domain/negotiation-step";
import { classifyStep } from "../domain/use-cases/classify-instructions-step";
import { ConsultEventSchema, consultStep } from "../domain/use-cases/consult-expert-step";
import { CraftEventSchema, craftStep } from "../domain/use-cases/craft-response-step";
import { OrchestrateEventSchema, orchestrateStep } from "../domain/use-cases/orchestrate-round-step";

export type NegotiationStepHandler = (event: unknown, context?: RemainingTime) => Promise<unknown>;

/**
 * The step's deps with its model bounded by the step's deadline (the Lambda's remaining time less the
 * offline reserve, model-deadline.ts): a model that hangs fails as LlmUnavailable in time for the step's
 * fallback (an escalation with the reason) to be written, so no step reaches its Lambda timeout.
 */
const withStepDeadline = (deps: ModelStepDeps, context: RemainingTime | undefined): ModelStepDeps =>
  typeof context?.getRemainingTimeInMillis === "function"
    ? { ...deps, llm: openModelSession(deps.llm, { deadline: stepModelDeadline(context) }).llm }
    : deps;

/**
 * The handlers of the negotiation workflow's model steps, given where a tenant's deps come from: each
 * parses its Task input and calls one step use case. The Lambda entries bind them to the deployed wiring,
 * and the local run of the ASL (dev/negotiate: the CLI, the bench, tests) to memory, so every caller runs
 * the very steps the workflow runs. Keyed by the function ids of lib/areas/negotiate.ts.
 */
export const negotiationModelStepHandlers = (baseDepsFor: (tenant: string) => ModelStepDeps) => {
  const depsFor = (tenant: string, context: RemainingTime | undefined) =>
    withStepDeadline(baseDepsFor(tenant), context);
  return {
    NegotiateInstructionClassifier: async (event, context) => {
      const parsed = parseOrThrow(StepEventSchema, event, "classify event");
      return classifyStep(depsFor(parsed.tenant, context), parsed);
    },
    NegotiateExtractionExpert: async (event, context) => {
      const parsed = parseOrThrow(ConsultEventSchema, event, "extraction expert event");
      return consultStep(depsFor(parsed.tenant, context), "extraction", parsed);
    },
    NegotiateEscalationExpert: async (event, context) => {
      const parsed = parseOrThrow(ConsultEventSchema, event, "escalation expert event");
      return consultStep(depsFor(parsed.tenant, context), "escalation", parsed);
    },
    NegotiateNeedsExpert: async (event, context) => {
      const parsed = parseOrThrow(ConsultEventSchema, event, "needs expert event");
      return consultStep(depsFor(parsed.tenant, context), "needs", parsed);
    },
    NegotiateOrchestrator: async (event, context) => {
      const parsed = parseOrThrow(OrchestrateEventSchema, event, "orchestrator event");
      return orchestrateStep(depsFor(parsed.tenant, context), parsed);
    },
    NegotiateResponseCrafter: async (event, context) => {
      const parsed = parseOrThrow(CraftEventSchema, event, "response crafter event");
      return craftStep(depsFor(parsed.tenant, context), parsed);
    },
  } satisfies Record<string, NegotiationStepHandler>;
};

import { parseOrThrow } from "../../core/validation";
import { type ModelStepDeps, StepEventSchema } from "../domain/negotiation-step";
import { classifyStep } from "../domain/use-cases/classify-instructions-step";
import { ConsultEventSchema, consultStep } from "../domain/use-cases/consult-expert-step";
import { CraftEventSchema, craftStep } from "../domain/use-cases/craft-response-step";
import { OrchestrateEventSchema, orchestrateStep } from "../domain/use-cases/orchestrate-round-step";

export type NegotiationStepHandler = (event: unknown) => Promise<unknown>;

/**
 * The handlers of the negotiation workflow's model steps, given where a tenant's deps come from: each
 * parses its Task input and calls one step use case. The Lambda entries bind them to the deployed wiring,
 * and the local run of the ASL (dev/negotiate: the CLI, the bench, tests) to memory, so every caller runs
 * the very steps the workflow runs. Keyed by the function ids of lib/areas/negotiate.ts.
 */
export const negotiationModelStepHandlers = (depsFor: (tenant: string) => ModelStepDeps) =>
  ({
    NegotiateInstructionClassifier: async (event) => {
      const parsed = parseOrThrow(StepEventSchema, event, "classify event");
      return classifyStep(depsFor(parsed.tenant), parsed);
    },
    NegotiateExtractionExpert: async (event) => {
      const parsed = parseOrThrow(ConsultEventSchema, event, "extraction expert event");
      return consultStep(depsFor(parsed.tenant), "extraction", parsed);
    },
    NegotiateEscalationExpert: async (event) => {
      const parsed = parseOrThrow(ConsultEventSchema, event, "escalation expert event");
      return consultStep(depsFor(parsed.tenant), "escalation", parsed);
    },
    NegotiateNeedsExpert: async (event) => {
      const parsed = parseOrThrow(ConsultEventSchema, event, "needs expert event");
      return consultStep(depsFor(parsed.tenant), "needs", parsed);
    },
    NegotiateOrchestrator: async (event) => {
      const parsed = parseOrThrow(OrchestrateEventSchema, event, "orchestrator event");
      return orchestrateStep(depsFor(parsed.tenant), parsed);
    },
    NegotiateResponseCrafter: async (event) => {
      const parsed = parseOrThrow(CraftEventSchema, event, "response crafter event");
      return craftStep(depsFor(parsed.tenant), parsed);
    },
  }) satisfies Record<string, NegotiationStepHandler>;

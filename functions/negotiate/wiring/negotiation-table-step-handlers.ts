import { parseOrThrow } from "../../core/validation";
import type { StepDeps } from "../domain/negotiation-step";
import { AwaitReviewEventSchema, awaitReviewStep } from "../domain/use-cases/await-review-step";
import {
  EscalateWithoutModelEventSchema,
  escalateWithoutModelStep,
} from "../domain/use-cases/escalate-without-model-step";
import { RecordFailureEventSchema, recordFailureStep } from "../domain/use-cases/record-failure-step";
import { SaveEventSchema, saveOutcomeStep } from "../domain/use-cases/save-outcome-step";
import type { NegotiationStepHandler } from "./negotiation-model-step-handlers";

/** The handlers of the steps that only read and write the table (see negotiationModelStepHandlers; a file of their own, so their Lambdas bundle no prompt). */
export const negotiationTableStepHandlers = (depsFor: (tenant: string) => StepDeps) =>
  ({
    NegotiateAwaitReview: async (event) => {
      const parsed = parseOrThrow(AwaitReviewEventSchema, event, "await review event");
      return awaitReviewStep(depsFor(parsed.tenant), parsed);
    },
    NegotiateSaveOutcome: async (event) => {
      const parsed = parseOrThrow(SaveEventSchema, event, "save outcome event");
      return saveOutcomeStep(depsFor(parsed.tenant), parsed);
    },
    NegotiateEscalateWithoutModel: async (event) => {
      const parsed = parseOrThrow(EscalateWithoutModelEventSchema, event, "escalate without model event");
      return escalateWithoutModelStep(depsFor(parsed.tenant), parsed);
    },
    NegotiateRecordFailure: async (event) => {
      const parsed = parseOrThrow(RecordFailureEventSchema, event, "record failure event");
      return recordFailureStep(depsFor(parsed.tenant), parsed);
    },
  }) satisfies Record<string, NegotiationStepHandler>;

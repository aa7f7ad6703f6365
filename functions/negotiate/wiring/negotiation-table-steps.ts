import type { z } from "zod";
import type { StepDeps, StepEvent } from "../domain/negotiation-step";
import { AwaitReviewEventSchema, awaitReviewStep } from "../domain/use-cases/await-review-step";
import {
  EscalateWithoutModelEventSchema,
  escalateWithoutModelStep,
} from "../domain/use-cases/escalate-without-model-step";
import { RecordFailureEventSchema, recordFailureStep } from "../domain/use-cases/record-failure-step";
import { SaveOutcomeEventSchema, saveOutcomeStep } from "../domain/use-cases/save-outcome-step";
import { type NegotiationStepSources, tableStepHandler } from "./negotiation-step-handlers";

const tableStep = <E extends StepEvent, R>(
  name: string,
  schema: z.ZodType<E>,
  run: (deps: StepDeps, event: E) => Promise<R>,
) => ({
  scope: "table" as const,
  name,
  schema,
  run,
  handlerFor: (sources: NegotiationStepSources) => tableStepHandler(sources, schema, name, run),
});

/**
 * The negotiation workflow's table steps, by function id (lib/areas/negotiate.ts, the ASL's `…FnArn`): the
 * step's name in logs (its state's: the function id without `Negotiate`), its Task input's schema and its
 * use case, over the execution's tenant's table.
 */
export const NEGOTIATION_TABLE_STEPS = {
  NegotiateAwaitReview: tableStep("AwaitReview", AwaitReviewEventSchema, awaitReviewStep),
  NegotiateSaveOutcome: tableStep("SaveOutcome", SaveOutcomeEventSchema, saveOutcomeStep),
  NegotiateEscalateWithoutModel: tableStep(
    "EscalateWithoutModel",
    EscalateWithoutModelEventSchema,
    escalateWithoutModelStep,
  ),
  NegotiateRecordFailure: tableStep("RecordFailure", RecordFailureEventSchema, recordFailureStep),
};

export type NegotiationTableStepId = keyof typeof NEGOTIATION_TABLE_STEPS;

import { z } from "zod";
import { finalizeResponse } from "../finalize-response";
import { type ModelStepDeps, StepEventSchema, setStep } from "../negotiation-step";
import {
  modelUnavailableDecision,
  safetyValveDecision,
  stepFailedDecision,
  stepFailureOf,
} from "../orchestrator";
import type { OrchestratorDecision } from "../roles/types";
import { loadStepMessage } from "../step-message";

export const CraftResponseEventSchema = StepEventSchema.extend({
  ending: z.enum(["decided", "safety_valve", "model_unavailable", "classification_failed", "step_failed"]),
  /** The model's failure, or (step_failed) the failed step's Error and Cause as Step Functions gives them. */
  modelFailure: z.object({ code: z.string(), message: z.string() }).nullable().default(null),
});

/** Drafts the reply for the decision, checks it for leaks and stores the response; the message awaits review. */
export const craftResponseStep = async (
  deps: ModelStepDeps,
  event: z.infer<typeof CraftResponseEventSchema>,
): Promise<{ action: string; draftBlocked: boolean }> => {
  await setStep(deps, event, "drafting");
  const { negotiation, message, context } = await loadStepMessage(
    deps.repository,
    event.negotiationId,
    event.messageId,
  );
  const [opinions, trace] = await Promise.all([
    deps.repository.listOpinions(event.negotiationId, event.messageId),
    deps.repository.listTrace(event.negotiationId, event.messageId),
  ]);
  const last = trace.at(-1)?.decision;
  const undecided = (d: OrchestratorDecision) => ({ ...d, action: "escalate" as const });
  const failure = event.modelFailure ??
    message.classificationFailure ?? { code: "unknown", message: "no decision was recorded" };
  const decision =
    event.ending === "decided" && last?.readyToAct && last.action
      ? { ...last, action: last.action }
      : event.ending === "safety_valve"
        ? undecided(safetyValveDecision())
        : event.ending === "step_failed"
          ? undecided(stepFailedDecision(stepFailureOf({ Error: failure.code, Cause: failure.message })))
          : event.ending === "classification_failed" && failure.code !== "llm_not_configured"
            ? undecided({
                ...modelUnavailableDecision(failure),
                reasoning: `The merchant's instructions could not be classified (${failure.code}), so no expert can be given its part: a person decides. ${failure.message}`,
              })
            : undecided(modelUnavailableDecision(failure));
  const decidedBy =
    event.ending === "decided"
      ? "orchestrator"
      : event.ending === "classification_failed" && failure.code === "llm_not_configured"
        ? "model_unavailable"
        : event.ending;
  const response = await finalizeResponse(deps.llm, {
    context,
    merchantInstructions: negotiation.merchantInstructions,
    decision,
    decidedBy,
    opinions,
    trace,
    classifierCall: message.classifierCall,
  });
  // `awaiting_review` once the AwaitReview step has stored its token (awaitReviewStep): then it can be answered.
  await deps.repository.updateMessage(event.negotiationId, event.messageId, (m) => ({
    ...m,
    response,
    step: "opening the review",
  }));
  return { action: response.action, draftBlocked: response.leakCheck?.blocked ?? false };
};

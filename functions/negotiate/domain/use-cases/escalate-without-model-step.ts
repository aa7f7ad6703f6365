import { z } from "zod";
import { assembleAgentProcessResponse } from "../agent-process-response";
import { checkDraftForLeaks } from "../leak-check";
import { latestExtractedData } from "../message-context";
import { type StepDeps, StepEventSchema } from "../negotiation-step";
import { stepFailedDecision, stepFailureOf } from "../orchestrator";
import { holdingReplyDraft } from "../roles/response-crafter";
import { loadStepMessage } from "../step-message";

export const EscalateWithoutModelEventSchema = StepEventSchema.extend({
  failure: z.object({ Error: z.string().default("States.Runtime"), Cause: z.string().default("") }),
});

/**
 * The CraftResponse step's fallback (its Catch): escalates with the failure's reason and a holding reply, with
 * no model, from what the table holds. The message then awaits review like any other, so a model that
 * hung or failed while drafting never leaves a supplier without an answer a person can give.
 */
export const escalateWithoutModelStep = async (
  deps: StepDeps,
  event: z.infer<typeof EscalateWithoutModelEventSchema>,
): Promise<{ action: "escalate"; draftBlocked: boolean }> => {
  const { negotiation, message, context } = await loadStepMessage(
    deps.repository,
    event.negotiationId,
    event.messageId,
  );
  const [opinions, trace] = await Promise.all([
    deps.repository.listOpinions(event.negotiationId, event.messageId),
    deps.repository.listTrace(event.negotiationId, event.messageId),
  ]);
  const decision = { ...stepFailedDecision(stepFailureOf(event.failure)), action: "escalate" as const };
  const draft = holdingReplyDraft(context);
  const response = assembleAgentProcessResponse({
    decision,
    decidedBy: "step_failed",
    opinions,
    trace,
    draft,
    leakCheck: checkDraftForLeaks({
      draft,
      orderContext: context.orderContext,
      merchantInstructions: negotiation.merchantInstructions,
      extractedData: latestExtractedData(opinions),
    }),
    classifierCall: message.classifierCall,
  });
  await deps.repository.updateMessage(event.negotiationId, event.messageId, (m) => ({
    ...m,
    response,
    step: "opening the review",
  }));
  return { action: "escalate", draftBlocked: response.leakCheck?.blocked ?? false };
};

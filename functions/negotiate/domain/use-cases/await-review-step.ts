import { z } from "zod";
import { type StepDeps, StepEventSchema } from "../negotiation-step";

export const AwaitReviewEventSchema = StepEventSchema.extend({ taskToken: z.string().min(1) });

/** Keeps the paused AwaitReview step's token on the message, where the review endpoint finds it. */
export const awaitReviewStep = async (
  deps: StepDeps,
  event: z.infer<typeof AwaitReviewEventSchema>,
): Promise<{ waiting: true }> => {
  await deps.repository.updateMessage(event.negotiationId, event.messageId, (m) => ({
    ...m,
    taskToken: event.taskToken,
    status: "awaiting_review",
    step: "awaiting review",
  }));
  return { waiting: true };
};

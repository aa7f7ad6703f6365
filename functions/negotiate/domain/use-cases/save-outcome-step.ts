import type { z } from "zod";
import { ReviewSchema, type SupplierMessage } from "../negotiation";
import { type StepDeps, StepEventSchema } from "../negotiation-step";

export const SaveOutcomeEventSchema = StepEventSchema.extend({ review: ReviewSchema });

/**
 * Records the person's decision. An approved reply (the edited text, else the draft) is the system's
 * output and joins the thread; nothing is sent to the supplier from here.
 */
export const saveOutcomeStep = async (
  deps: StepDeps,
  event: z.infer<typeof SaveOutcomeEventSchema>,
): Promise<{ status: SupplierMessage["status"] }> => {
  const saved = await deps.repository.updateMessage(event.negotiationId, event.messageId, (m) => {
    const approvedReply =
      event.review.decision === "approve" ? (event.review.text ?? m.response?.draft?.body ?? null) : null;
    return {
      ...m,
      status: event.review.decision === "approve" ? "approved" : "rejected",
      step: null,
      taskToken: null,
      // The review endpoint recorded when the person decided; the step keeps that time.
      review: { ...event.review, reviewedAt: m.review?.reviewedAt ?? deps.now().toISOString() },
      approvedReply,
    };
  });
  return { status: saved.status };
};

import { ConflictError, DomainRefusedError } from "../../../core/errors";
import type { Review, SupplierMessage } from "../negotiation";
import type { NegotiationDeps } from "../negotiation-deps";
import { messageOrThrow } from "../negotiation-lookups";

/** What a review answers: the decision, and when it was already decided, when (nothing happened again). */
export interface ReviewOutcome {
  messageId: string;
  decision: Review["decision"];
  alreadyDecidedAt?: string;
}

const sameReview = (a: Review, b: Review): boolean => a.decision === b.decision && a.text === b.text;

/** The decision recorded on a message, or the same one again (its earlier outcome), else a 409. */
const earlierOutcome = (message: SupplierMessage, review: Review): ReviewOutcome | null => {
  if (!message.review) return null;
  if (!sameReview(message.review, review)) {
    throw new ConflictError(`Message ${message.messageId} was already reviewed differently`, {
      code: "message_already_reviewed",
      details: { decision: message.review.decision, reviewedAt: message.review.reviewedAt },
    });
  }
  return {
    messageId: message.messageId,
    decision: message.review.decision,
    alreadyDecidedAt: message.review.reviewedAt,
  };
};

const notAwaiting = (message: SupplierMessage): ConflictError =>
  new ConflictError(`Message ${message.messageId} is ${message.status}, not awaiting review`, {
    code: "message_not_awaiting_review",
    details: { status: message.status },
  });

const refuseApprovalWithoutReply = (message: SupplierMessage, review: Review): void => {
  if (review.decision !== "approve" || review.text !== undefined) return;
  if (!message.response?.draft) {
    throw new DomainRefusedError("There is no drafted reply to approve; send the reply as text", {
      code: "reply_required",
    });
  }
  if (message.response.leakCheck?.blocked) {
    throw new DomainRefusedError("The draft was blocked by the leak check; approve it with corrected text", {
      code: "draft_blocked",
      details: { findings: message.response.leakCheck.findings },
    });
  }
};

/**
 * A person's review: approve (with the edited reply, or the draft as is), reject, or escalate (a person
 * takes the thread over). A message awaiting review resumes its paused workflow; a message whose workflow
 * failed (for any reason) is answered here directly, so no supplier is left without a possible answer.
 * A draft the leak check blocked can only be approved with the reviewer's own text, and a message with no
 * draft (a failed workflow's) needs text to be approved. The same review sent again answers its earlier
 * outcome (`alreadyDecidedAt`, nothing happens twice); a different one after it is 409
 * `message_already_reviewed`.
 */
export const reviewMessage = async (
  deps: NegotiationDeps,
  negotiationId: string,
  messageId: string,
  review: Review,
): Promise<ReviewOutcome> => {
  const message = await messageOrThrow(deps, negotiationId, messageId);
  const earlier = earlierOutcome(message, review);
  if (earlier) return earlier;
  if (message.status === "failed") {
    refuseApprovalWithoutReply(message, review);
    const reviewedAt = deps.now().toISOString();
    const saved = await deps.repository.updateMessage(negotiationId, messageId, (m) => {
      if (m.review || m.status !== "failed") return m;
      return {
        ...m,
        status: review.decision === "approve" ? "approved" : "rejected",
        step: null,
        taskToken: null,
        review: { ...review, reviewedAt },
        approvedReply:
          review.decision === "approve" ? (review.text ?? m.response?.draft?.body ?? null) : null,
      };
    });
    if (saved.review?.reviewedAt !== reviewedAt) {
      // Another review answered it meanwhile.
      const answered = earlierOutcome(saved, review);
      if (answered) return answered;
      throw notAwaiting(saved);
    }
    return { messageId, decision: review.decision };
  }
  if (message.status !== "awaiting_review" || !message.taskToken) throw notAwaiting(message);
  refuseApprovalWithoutReply(message, review);
  try {
    await deps.workflows.sendTaskSuccess(message.taskToken, review);
  } catch (error) {
    // Another review answered the task a moment ago: the same one is that outcome, a different one a 409.
    if (error instanceof ConflictError) {
      const now = await messageOrThrow(deps, negotiationId, messageId);
      const answered = earlierOutcome(now, review);
      if (answered) return answered;
    }
    throw error;
  }
  // Recorded at once (the SaveOutcome step keeps this time), so the same review sent again finds it.
  const reviewedAt = deps.now().toISOString();
  await deps.repository.updateMessage(negotiationId, messageId, (m) =>
    m.review ? m : { ...m, review: { ...review, reviewedAt } },
  );
  return { messageId, decision: review.decision };
};

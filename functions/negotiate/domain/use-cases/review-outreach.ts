import { ConflictError, DomainRefusedError, NotFoundError } from "../../../core/errors";
import type { Outreach, Review } from "../negotiation";
import type { NegotiationDeps } from "../negotiation-deps";
import { negotiationOrThrow } from "../negotiation-lookups";

/**
 * A person's review of the outreach draft, with the rules of any draft: approve (the draft, or the
 * reviewer's text; a draft the leak check blocked needs text), reject or escalate; the same review again
 * answers its earlier outcome, a different one is 409 `outreach_already_reviewed`.
 */
export const reviewOutreach = async (
  deps: NegotiationDeps,
  negotiationId: string,
  review: Review,
): Promise<{ negotiationId: string; decision: Review["decision"]; alreadyDecidedAt?: string }> => {
  const negotiation = await negotiationOrThrow(deps, negotiationId);
  const earlier = (outreach: Outreach) => {
    if (!outreach.review) return null;
    if (outreach.review.decision !== review.decision || outreach.review.text !== review.text) {
      throw new ConflictError("The outreach draft was already reviewed differently", {
        code: "outreach_already_reviewed",
        details: { decision: outreach.review.decision, reviewedAt: outreach.review.reviewedAt },
      });
    }
    return {
      negotiationId,
      decision: outreach.review.decision,
      alreadyDecidedAt: outreach.review.reviewedAt,
    };
  };
  const { outreach } = negotiation;
  if (!outreach) {
    throw new NotFoundError(`Negotiation ${negotiationId} has no outreach draft`, {
      code: "outreach_not_found",
    });
  }
  const answered = earlier(outreach);
  if (answered) return answered;
  if (review.decision === "approve" && review.text === undefined && outreach.leakCheck.blocked) {
    throw new DomainRefusedError("The draft was blocked by the leak check; approve it with corrected text", {
      code: "draft_blocked",
      details: { findings: outreach.leakCheck.findings },
    });
  }
  const reviewedAt = deps.now().toISOString();
  const saved = await deps.repository.updateNegotiation(negotiationId, (n) =>
    !n.outreach || n.outreach.review
      ? n
      : {
          ...n,
          outreach: {
            ...n.outreach,
            status: review.decision === "approve" ? "approved" : "rejected",
            review: { ...review, reviewedAt },
            approvedReply: review.decision === "approve" ? (review.text ?? n.outreach.draft.body) : null,
          },
        },
  );
  if (saved.outreach && saved.outreach.review?.reviewedAt !== reviewedAt) {
    const other = earlier(saved.outreach);
    if (other) return other;
  }
  return { negotiationId, decision: review.decision };
};

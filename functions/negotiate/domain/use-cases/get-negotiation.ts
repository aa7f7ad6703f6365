import type { AgentProcessResponse } from "../agent-process-response";
import type { Negotiation, Outreach, SupplierMessage } from "../negotiation";
import type { NegotiationDeps } from "../negotiation-deps";
import { negotiationOrThrow } from "../negotiation-lookups";

/** One entry of the thread: an email from the supplier with what became of it, or a reply a person approved. */
export type ThreadEntry =
  | {
      direction: "from_supplier";
      messageId: string;
      text: string;
      at: string;
      status: SupplierMessage["status"];
      action: AgentProcessResponse["action"] | null;
      reasoning: string | null;
    }
  | { direction: "to_supplier"; inReplyTo: string | null; text: string; at: string };

export interface NegotiationView {
  negotiationId: string;
  orderContext: Negotiation["orderContext"];
  supplier: Negotiation["supplier"];
  createdAt: string;
  /** The outreach draft and its review, when the negotiation was opened with one. */
  outreach: Outreach | null;
  thread: ThreadEntry[];
}

export const getNegotiation = async (
  deps: NegotiationDeps,
  negotiationId: string,
): Promise<NegotiationView> => {
  const negotiation = await negotiationOrThrow(deps, negotiationId);
  const messages = (await deps.repository.listMessages(negotiationId)).sort(
    (a, b) => a.sequence - b.sequence,
  );
  return {
    negotiationId,
    orderContext: negotiation.orderContext,
    supplier: negotiation.supplier,
    createdAt: negotiation.createdAt,
    outreach: negotiation.outreach,
    thread: [
      // The approved outreach opens the thread (it answers no email).
      ...(negotiation.outreach?.approvedReply && negotiation.outreach.review
        ? [
            {
              direction: "to_supplier" as const,
              inReplyTo: null,
              text: negotiation.outreach.approvedReply,
              at: negotiation.outreach.review.reviewedAt,
            },
          ]
        : []),
      ...messages.flatMap((m): ThreadEntry[] => [
        {
          direction: "from_supplier",
          messageId: m.messageId,
          text: m.supplierMessage,
          at: m.receivedAt,
          status: m.status,
          action: m.response?.action ?? null,
          reasoning: m.response?.reasoning ?? null,
        },
        ...(m.approvedReply && m.review
          ? [
              {
                direction: "to_supplier" as const,
                inReplyTo: m.messageId,
                text: m.approvedReply,
                at: m.review.reviewedAt,
              },
            ]
          : []),
      ]),
    ],
  };
};

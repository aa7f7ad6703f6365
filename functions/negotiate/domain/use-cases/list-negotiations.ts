import type { MessageStatus, Negotiation } from "../negotiation";
import type { NegotiationDeps } from "../negotiation-deps";

/** One message waiting (or done) in a status, with what a reviewer's list shows. */
export interface NegotiationListEntry {
  negotiationId: string;
  messageId: string;
  status: MessageStatus;
  supplier: Pick<Negotiation["supplier"], "name" | "company">;
  sku: { skuName: string; supplierSku: string };
  /** The draft's first non-empty line (its subject when the body has none); null before a draft exists. */
  draftFirstLine: string | null;
  receivedAt: string;
  /** When the message entered this status (its last change). */
  since: string;
}

/** The draft's first non-empty line (its subject when the body has none), at most 200 characters. */
export const firstLine = (draft: { subject: string; body: string } | null | undefined): string | null => {
  if (!draft) return null;
  const line = draft.body.split("\n").find((l) => l.trim().length > 0) ?? draft.subject;
  return line.trim().slice(0, 200);
};

/**
 * `GET /negotiations?status=…`: the tenant's supplier messages in a status (`awaiting_review`: the drafts
 * waiting for a person), newest received first, each with its negotiation's supplier and SKU.
 */
export const listNegotiations = async (
  deps: Pick<NegotiationDeps, "repository">,
  args: { status: MessageStatus; limit: number; cursor?: string },
): Promise<{ negotiations: NegotiationListEntry[]; nextCursor?: string }> => {
  const page = await deps.repository.listMessagesByStatus(args);
  const ids = [...new Set(page.messages.map((m) => m.negotiationId))];
  const headers = new Map(
    await Promise.all(ids.map(async (id) => [id, await deps.repository.getNegotiation(id)] as const)),
  );
  const negotiations = page.messages.flatMap(({ negotiationId, message, since }) => {
    const negotiation = headers.get(negotiationId);
    if (!negotiation) return [];
    return [
      {
        negotiationId,
        messageId: message.messageId,
        status: message.status,
        supplier: {
          name: negotiation.supplier.name,
          ...(negotiation.supplier.company ? { company: negotiation.supplier.company } : {}),
        },
        sku: {
          skuName: negotiation.orderContext.skuName,
          supplierSku: negotiation.orderContext.supplierSku,
        },
        draftFirstLine: firstLine(message.response?.draft),
        receivedAt: message.receivedAt,
        since,
      },
    ];
  });
  return { negotiations, ...(page.cursor ? { nextCursor: page.cursor } : {}) };
};

import type { Negotiation, OutreachStatus } from "../negotiation";
import type { NegotiationDeps } from "../negotiation-deps";
import { firstLine } from "./list-negotiations";

/** One negotiation whose outreach draft is in a status, with what a reviewer's list shows. */
export interface OutreachListEntry {
  negotiationId: string;
  status: OutreachStatus;
  supplier: Pick<Negotiation["supplier"], "name" | "company">;
  sku: { skuName: string; supplierSku: string };
  subject: string;
  draftFirstLine: string | null;
  draftedAt: string;
  /** When the draft entered this status (its negotiation's last change). */
  since: string;
}

/**
 * `GET /negotiations/outreach?status=…`: the tenant's outreach drafts in a status (`awaiting_review`: the
 * first emails waiting for a person), newest drafted first, a page at a time.
 */
export const listOutreach = async (
  deps: Pick<NegotiationDeps, "repository">,
  args: { status: OutreachStatus; limit: number; cursor?: string },
): Promise<{ outreach: OutreachListEntry[]; nextCursor?: string }> => {
  const page = await deps.repository.listOutreachByStatus(args);
  const outreach = page.negotiations.flatMap(({ negotiation, since }) =>
    negotiation.outreach
      ? [
          {
            negotiationId: negotiation.negotiationId,
            status: negotiation.outreach.status,
            supplier: {
              name: negotiation.supplier.name,
              ...(negotiation.supplier.company ? { company: negotiation.supplier.company } : {}),
            },
            sku: {
              skuName: negotiation.orderContext.skuName,
              supplierSku: negotiation.orderContext.supplierSku,
            },
            subject: negotiation.outreach.draft.subject,
            draftFirstLine: firstLine(negotiation.outreach.draft),
            draftedAt: negotiation.outreach.draftedAt,
            since,
          },
        ]
      : [],
  );
  return { outreach, ...(page.cursor ? { nextCursor: page.cursor } : {}) };
};

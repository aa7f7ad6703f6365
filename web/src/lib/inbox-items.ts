import type { components } from "./api";

type DraftRow = components["schemas"]["NegotiationList"]["negotiations"][number];
type RunRow = components["schemas"]["ShopRunList"]["runs"][number];
type OutreachRow = components["schemas"]["NegotiationOutreachList"]["outreach"][number];

export type InboxItem =
  | { kind: "draft"; key: string; at: string; href: string; row: DraftRow }
  | { kind: "outreach"; key: string; at: string; href: string; row: OutreachRow }
  | { kind: "run"; key: string; at: string; href: string; row: RunRow };

/**
 * One queue from the three lists, newest first: a reply draft by when it began to wait, an outreach draft
 * by when it was drafted, a run by when it ended.
 */
export const mergeInbox = (
  drafts: readonly DraftRow[],
  runs: readonly RunRow[],
  outreach: readonly OutreachRow[] = [],
): InboxItem[] => {
  const items: InboxItem[] = [
    ...drafts.map(
      (row): InboxItem => ({
        kind: "draft",
        key: `message:${row.messageId}`,
        at: row.since,
        href: `/negotiations/${encodeURIComponent(row.negotiationId)}`,
        row,
      }),
    ),
    ...outreach.map(
      (row): InboxItem => ({
        kind: "outreach",
        // The key the negotiation page hides after its outreach review.
        key: `outreach:${row.negotiationId}`,
        at: row.since,
        href: `/negotiations/${encodeURIComponent(row.negotiationId)}`,
        row,
      }),
    ),
    ...runs.map(
      (row): InboxItem => ({
        kind: "run",
        key: `run:${row.runId}`,
        at: row.endedAt ?? row.startedAt,
        href: `/shop/runs/${encodeURIComponent(row.runId)}`,
        row,
      }),
    ),
  ];
  return items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.key.localeCompare(b.key)));
};

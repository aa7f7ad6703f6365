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

/** How much a row says of itself: its time to the minute; to the second; that and its id's start. */
export type RowDetail = "minute" | "second" | "id";

/** The first characters of an item's id, without its kind prefix (`run_3f9a0c…` → `3f9a0c`). */
export const shortIdOf = (item: InboxItem): string =>
  (item.kind === "run" ? item.row.runId : item.kind === "draft" ? item.row.messageId : item.row.negotiationId)
    .replace(/^[a-z]+_/, "")
    .slice(0, 6);

/**
 * The detail each row needs to read unlike every other (two runs of the same day with as many open
 * decisions, two drafts of one supplier's SKU): a row whose words (`wordsOf`) at the minute match
 * another's is told to the second, and one still alike also shows the start of its id.
 */
export const detailsToTellApart = (
  items: readonly InboxItem[],
  wordsOf: (item: InboxItem, detail: Exclude<RowDetail, "id">) => string,
): Map<string, RowDetail> => {
  const alike = (detail: Exclude<RowDetail, "id">, among: readonly InboxItem[]): Set<string> => {
    const byWords = new Map<string, string[]>();
    for (const item of among) {
      const words = wordsOf(item, detail);
      byWords.set(words, [...(byWords.get(words) ?? []), item.key]);
    }
    return new Set([...byWords.values()].filter((keys) => keys.length > 1).flat());
  };
  const toSecond = alike("minute", items);
  const withId = alike(
    "second",
    items.filter((item) => toSecond.has(item.key)),
  );
  return new Map(
    items.map((item) => [
      item.key,
      withId.has(item.key) ? "id" : toSecond.has(item.key) ? "second" : "minute",
    ]),
  );
};

import { describe, expect, it } from "vitest";
import type { NegotiationRepository } from "../../../functions/negotiate/domain/ports/negotiation-repository";
import { listOutreach } from "../../../functions/negotiate/domain/use-cases/list-outreach";
import { expectNextCursorOnlyWhenAnotherItem } from "../../support/list-paging";
import {
  listClockNow,
  listedSerial,
  nextListedNegotiation,
  useNegotiationLists,
} from "../../support/negotiate/negotiation-lists";

const lists = useNegotiationLists();

/** A negotiation drafted "now" (each later than the one before), with an outreach draft or without. */
const addNegotiation = async (repo: NegotiationRepository, withOutreach: boolean): Promise<string> => {
  const negotiation = nextListedNegotiation();
  const serial = listedSerial(negotiation);
  await repo.createNegotiation({
    ...negotiation,
    outreach: withOutreach
      ? {
          status: "awaiting_review",
          draft: { subject: `Quote request ${serial}`, body: `Hello ${serial},\nA quote, please.` },
          draftedBy: "template",
          leakCheck: { blocked: false, findings: [] },
          llm: null,
          failure: null,
          review: null,
          approvedReply: null,
          draftedAt: negotiation.createdAt,
        }
      : null,
  });
  return negotiation.negotiationId;
};

describe("GET /negotiations/outreach?status=awaiting_review (use case over DynamoDB Local)", () => {
  it("pages the waiting drafts newest first with no duplicate or gap, never another tenant's, by Query only", async () => {
    const waiting: string[] = [];
    for (let i = 0; i < 30; i++) {
      waiting.push(await addNegotiation(lists.mine, true));
      if (i % 4 === 0) await addNegotiation(lists.mine, false);
      if (i % 5 === 0) await addNegotiation(lists.theirs, true);
    }
    lists.recording.commands.length = 0;
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listOutreach(
        { repository: lists.mine },
        { status: "awaiting_review", limit: 7, ...(cursor ? { cursor } : {}) },
      );
      for (const entry of page.outreach) {
        expect(entry).toMatchObject({ status: "awaiting_review", supplier: { company: "Oat Co" } });
        expect(entry.draftFirstLine).toMatch(/^Hello \d+,$/);
        seen.push(entry.negotiationId);
      }
      cursor = page.nextCursor;
      pages += 1;
      // A draft made between pages is newer than every listed one: it never shifts a page.
      await addNegotiation(lists.mine, true);
    } while (cursor && pages < 20);
    expect(seen).toEqual([...waiting].reverse());
    expect(pages).toBeGreaterThan(4);
    const commands = lists.recording.commands.filter(
      (c) => c.name === "QueryCommand" || c.name === "ScanCommand",
    );
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.every((c) => c.name === "QueryCommand" && c.input.IndexName === "gsi1")).toBe(true);
    // A cursor of one tenant's list is refused by another's.
    const first = await listOutreach({ repository: lists.mine }, { status: "awaiting_review", limit: 2 });
    await expect(
      listOutreach(
        { repository: lists.theirs },
        { status: "awaiting_review", limit: 2, ...(first.nextCursor ? { cursor: first.nextCursor } : {}) },
      ),
    ).rejects.toThrow();
  });

  it("a reviewed draft leaves the waiting list and joins its status's; other header writes keep it listed", async () => {
    const reviewed = await addNegotiation(lists.mine, true);
    const kept = await addNegotiation(lists.mine, true);
    await lists.mine.saveClassification(kept, null);
    await lists.mine.updateNegotiation(reviewed, (n) =>
      n.outreach
        ? {
            ...n,
            outreach: {
              ...n.outreach,
              status: "approved",
              review: { decision: "approve", reviewedAt: listClockNow() },
              approvedReply: n.outreach.draft.body,
            },
          }
        : n,
    );
    const waiting = await listOutreach({ repository: lists.mine }, { status: "awaiting_review", limit: 5 });
    expect(waiting.outreach.map((e) => e.negotiationId)).toContain(kept);
    expect(waiting.outreach.map((e) => e.negotiationId)).not.toContain(reviewed);
    const approved = await listOutreach({ repository: lists.mine }, { status: "approved", limit: 5 });
    expect(approved.outreach.map((e) => e.negotiationId)).toEqual([reviewed]);
  });

  it("gives a nextCursor only when another waiting draft follows", async () => {
    const repository = lists.forTenant("tenant-outreach-cursor");
    await expectNextCursorOnlyWhenAnotherItem(
      () => addNegotiation(repository, true),
      async (page) => {
        const listed = await listOutreach({ repository }, { status: "awaiting_review", ...page });
        return { ids: listed.outreach.map((e) => e.negotiationId), nextCursor: listed.nextCursor };
      },
    );
  });
});

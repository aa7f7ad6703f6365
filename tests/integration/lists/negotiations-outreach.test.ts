import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEGOTIATION_SCENARIOS } from "../../../dev/negotiate/scenarios";
import { createDynamoNegotiationRepository } from "../../../functions/negotiate/adapters/dynamo-negotiation-repository";
import type { Negotiation } from "../../../functions/negotiate/domain/negotiation";
import type { NegotiationRepository } from "../../../functions/negotiate/domain/ports/negotiation-repository";
import { listOutreach } from "../../../functions/negotiate/domain/use-cases/list-outreach";
import { createRecordingTable } from "../../support/recording-dynamo";
import { createTestTable } from "../../support/table";

let testTable: Awaited<ReturnType<typeof createTestTable>>;
let recording: ReturnType<typeof createRecordingTable>;
let mine: NegotiationRepository;
let theirs: NegotiationRepository;
let clock = Date.parse("2026-02-01T00:00:00Z");
const orderContext = NEGOTIATION_SCENARIOS[0]?.orderContext as Negotiation["orderContext"];

let serial = 0;
/** A negotiation drafted "now" (each later than the one before), with an outreach draft or without. */
const addNegotiation = async (repo: NegotiationRepository, withOutreach: boolean): Promise<string> => {
  clock += 1000;
  serial += 1;
  const at = new Date(clock).toISOString();
  const negotiationId = `neg_${String(serial).padStart(8, "0")}`;
  await repo.createNegotiation({
    negotiationId,
    orderContext,
    merchantInstructions: "Aim low.",
    supplier: { name: `Supplier ${serial}`, company: "Oat Co" },
    classifiedInstructions: null,
    createdAt: at,
    messageCount: 0,
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
          draftedAt: at,
        }
      : null,
  });
  return negotiationId;
};

beforeAll(async () => {
  testTable = await createTestTable();
  recording = createRecordingTable(testTable.endpoint, testTable.tableName);
  mine = createDynamoNegotiationRepository(recording.forTenant("tenant-a"));
  theirs = createDynamoNegotiationRepository(recording.forTenant("tenant-b"));
});
afterAll(async () => {
  recording?.destroy();
  await testTable?.drop();
});

describe("GET /negotiations/outreach?status=awaiting_review (use case over DynamoDB Local)", () => {
  it("pages the waiting drafts newest first with no duplicate or gap, never another tenant's, by Query only", async () => {
    const waiting: string[] = [];
    for (let i = 0; i < 30; i++) {
      waiting.push(await addNegotiation(mine, true));
      if (i % 4 === 0) await addNegotiation(mine, false);
      if (i % 5 === 0) await addNegotiation(theirs, true);
    }
    recording.commands.length = 0;
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listOutreach(
        { repository: mine },
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
      await addNegotiation(mine, true);
    } while (cursor && pages < 20);
    expect(seen).toEqual([...waiting].reverse());
    expect(pages).toBeGreaterThan(4);
    const commands = recording.commands.filter((c) => c.name === "QueryCommand" || c.name === "ScanCommand");
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.every((c) => c.name === "QueryCommand" && c.input.IndexName === "gsi1")).toBe(true);
    // A cursor of one tenant's list is refused by another's.
    const first = await listOutreach({ repository: mine }, { status: "awaiting_review", limit: 2 });
    await expect(
      listOutreach(
        { repository: theirs },
        { status: "awaiting_review", limit: 2, ...(first.nextCursor ? { cursor: first.nextCursor } : {}) },
      ),
    ).rejects.toThrow();
  });

  it("a reviewed draft leaves the waiting list and joins its status's; other header writes keep it listed", async () => {
    const reviewed = await addNegotiation(mine, true);
    const kept = await addNegotiation(mine, true);
    await mine.saveClassification(kept, null);
    await mine.updateNegotiation(reviewed, (n) =>
      n.outreach
        ? {
            ...n,
            outreach: {
              ...n.outreach,
              status: "approved",
              review: { decision: "approve", reviewedAt: new Date(clock).toISOString() },
              approvedReply: n.outreach.draft.body,
            },
          }
        : n,
    );
    const waiting = await listOutreach({ repository: mine }, { status: "awaiting_review", limit: 5 });
    expect(waiting.outreach.map((e) => e.negotiationId)).toContain(kept);
    expect(waiting.outreach.map((e) => e.negotiationId)).not.toContain(reviewed);
    const approved = await listOutreach({ repository: mine }, { status: "approved", limit: 5 });
    expect(approved.outreach.map((e) => e.negotiationId)).toEqual([reviewed]);
  });
});

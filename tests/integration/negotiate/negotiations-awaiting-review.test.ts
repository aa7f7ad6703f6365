import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEGOTIATION_SCENARIOS } from "../../../dev/negotiate/scenarios";
import { createDynamoNegotiationRepository } from "../../../functions/negotiate/adapters/dynamo-negotiation-repository";
import type {
  MessageStatus,
  Negotiation,
  SupplierMessage,
} from "../../../functions/negotiate/domain/negotiation";
import type { NegotiationRepository } from "../../../functions/negotiate/domain/ports/negotiation-repository";
import { listNegotiations } from "../../../functions/negotiate/domain/use-cases/list-negotiations";
import { createRecordingTable } from "../../support/recording-dynamo";
import { createTestTable } from "../../support/table";

let testTable: Awaited<ReturnType<typeof createTestTable>>;
let recording: ReturnType<typeof createRecordingTable>;
let mine: NegotiationRepository;
let theirs: NegotiationRepository;
let clock = Date.parse("2026-02-01T00:00:00Z");
const orderContext = NEGOTIATION_SCENARIOS[0]?.orderContext as Negotiation["orderContext"];

let serial = 0;
/** A negotiation with one message in `status`, received "now" (each later than the one before). */
const addMessage = async (repo: NegotiationRepository, status: MessageStatus): Promise<string> => {
  clock += 1000;
  serial += 1;
  const at = new Date(clock).toISOString();
  const negotiation: Negotiation = {
    negotiationId: `neg_${String(serial).padStart(8, "0")}`,
    orderContext,
    merchantInstructions: "Aim low.",
    supplier: { name: `Supplier ${serial}`, company: "Oat Co", email: "dana@oat.example" },
    classifiedInstructions: null,
    createdAt: at,
    messageCount: 0,
    outreach: null,
  };
  const message: SupplierMessage = {
    messageId: "msg_0001",
    sequence: 1,
    supplierMessage: "We can do $5.00 per unit.",
    receivedAt: at,
    status: "running",
    step: null,
    executionId: null,
    taskToken: null,
    classifierCall: null,
    classificationFailure: null,
    response: null,
    review: null,
    approvedReply: null,
    failure: null,
  };
  await repo.createNegotiation(negotiation);
  await repo.addMessage(negotiation, message);
  if (status !== "running")
    await repo.updateMessage(negotiation.negotiationId, "msg_0001", (m) => ({ ...m, status }));
  return negotiation.negotiationId;
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

describe("GET /negotiations?status=awaiting_review (use case over DynamoDB Local)", () => {
  it("pages 250 waiting drafts newest first with no duplicate or gap while messages arrive, never another tenant's, by Query only", async () => {
    const waiting: string[] = [];
    for (let i = 0; i < 250; i++) {
      waiting.push(await addMessage(mine, "awaiting_review"));
      if (i % 5 === 0) await addMessage(mine, "running");
      if (i % 7 === 0) await addMessage(theirs, "awaiting_review");
    }
    recording.commands.length = 0;
    const seen: string[] = [];
    const arrived: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listNegotiations(
        { repository: mine },
        { status: "awaiting_review", limit: 40, ...(cursor ? { cursor } : {}) },
      );
      for (const entry of page.negotiations) {
        expect(entry).toMatchObject({ status: "awaiting_review", sku: { skuName: orderContext.skuName } });
        expect(entry.supplier.name).toMatch(/^Supplier \d+$/);
        expect(JSON.stringify(entry)).not.toContain("dana@oat.example");
        seen.push(entry.negotiationId);
      }
      cursor = page.nextCursor;
      pages += 1;
      arrived.push(await addMessage(mine, "awaiting_review"));
      await addMessage(theirs, "awaiting_review");
    } while (cursor && pages < 50);

    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...waiting].reverse());
    expect(pages).toBeGreaterThan(6);
    const names = recording.commands.map((c) => c.name);
    expect(names).toContain("QueryCommand");
    expect(names).not.toContain("ScanCommand");
    for (const query of recording.commands.filter((c) => c.name === "QueryCommand")) {
      expect(query.input.IndexName).toBe("gsi1");
    }
    const fresh = await listNegotiations(
      { repository: mine },
      { status: "awaiting_review", limit: arrived.length },
    );
    expect(fresh.negotiations.map((n) => n.negotiationId)).toEqual([...arrived].reverse());
  });

  it("a reviewed message leaves the awaiting list and joins its new status's", async () => {
    const id = await addMessage(mine, "awaiting_review");
    await mine.updateMessage(id, "msg_0001", (m) => ({ ...m, status: "approved" }));
    const waiting = await listNegotiations({ repository: mine }, { status: "awaiting_review", limit: 5 });
    expect(waiting.negotiations.map((n) => n.negotiationId)).not.toContain(id);
    const approved = await listNegotiations({ repository: mine }, { status: "approved", limit: 1 });
    expect(approved.negotiations[0]?.negotiationId).toBe(id);
  });
});

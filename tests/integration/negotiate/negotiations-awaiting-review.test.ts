import { describe, expect, it } from "vitest";
import type { MessageStatus, SupplierMessage } from "../../../functions/negotiate/domain/negotiation";
import type { NegotiationRepository } from "../../../functions/negotiate/domain/ports/negotiation-repository";
import { listNegotiations } from "../../../functions/negotiate/domain/use-cases/list-negotiations";
import { expectNextCursorOnlyWhenAnotherItem } from "../../support/list-paging";
import {
  nextListedNegotiation,
  listOrderContext as orderContext,
  useNegotiationLists,
} from "../../support/negotiate/negotiation-lists";

const lists = useNegotiationLists();

/** A negotiation with one message in `status`, received "now" (each later than the one before). */
const addMessage = async (repo: NegotiationRepository, status: MessageStatus): Promise<string> => {
  const negotiation = nextListedNegotiation({ email: "dana@oat.example" });
  const at = negotiation.createdAt;
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

describe("GET /negotiations?status=awaiting_review (use case over DynamoDB Local)", () => {
  it("pages 250 waiting drafts newest first with no duplicate or gap while messages arrive, never another tenant's, by Query only", async () => {
    const waiting: string[] = [];
    for (let i = 0; i < 250; i++) {
      waiting.push(await addMessage(lists.mine, "awaiting_review"));
      if (i % 5 === 0) await addMessage(lists.mine, "running");
      if (i % 7 === 0) await addMessage(lists.theirs, "awaiting_review");
    }
    lists.recording.commands.length = 0;
    const seen: string[] = [];
    const arrived: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listNegotiations(
        { repository: lists.mine },
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
      arrived.push(await addMessage(lists.mine, "awaiting_review"));
      await addMessage(lists.theirs, "awaiting_review");
    } while (cursor && pages < 50);

    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...waiting].reverse());
    expect(pages).toBeGreaterThan(6);
    const names = lists.recording.commands.map((c) => c.name);
    expect(names).toContain("QueryCommand");
    expect(names).not.toContain("ScanCommand");
    for (const query of lists.recording.commands.filter((c) => c.name === "QueryCommand")) {
      expect(query.input.IndexName).toBe("gsi1");
    }
    const fresh = await listNegotiations(
      { repository: lists.mine },
      { status: "awaiting_review", limit: arrived.length },
    );
    expect(fresh.negotiations.map((n) => n.negotiationId)).toEqual([...arrived].reverse());
  });

  it("a reviewed message leaves the awaiting list and joins its new status's", async () => {
    const id = await addMessage(lists.mine, "awaiting_review");
    await lists.mine.updateMessage(id, "msg_0001", (m) => ({ ...m, status: "approved" }));
    const waiting = await listNegotiations(
      { repository: lists.mine },
      { status: "awaiting_review", limit: 5 },
    );
    expect(waiting.negotiations.map((n) => n.negotiationId)).not.toContain(id);
    const approved = await listNegotiations({ repository: lists.mine }, { status: "approved", limit: 1 });
    expect(approved.negotiations[0]?.negotiationId).toBe(id);
  });

  it("gives a nextCursor only when another waiting message follows", async () => {
    const repository = lists.forTenant("tenant-messages-cursor");
    await expectNextCursorOnlyWhenAnotherItem(
      () => addMessage(repository, "awaiting_review"),
      async (page) => {
        const listed = await listNegotiations({ repository }, { status: "awaiting_review", ...page });
        return { ids: listed.negotiations.map((n) => n.negotiationId), nextCursor: listed.nextCursor };
      },
    );
  });
});

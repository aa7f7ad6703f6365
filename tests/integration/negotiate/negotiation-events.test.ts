import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEGOTIATION_SCENARIOS } from "../../../dev/negotiate/scenarios";
import type { BusEvent } from "../../../dev/workflow/local-event-bus";
import { eventSchemaProblems } from "../../support/event-schemas";
import {
  type NegotiateStack,
  openWithFirstMessage,
  startNegotiateStack,
} from "../../support/negotiate/negotiate-stack";
import { waitUntil } from "../../support/wait-until";

// The negotiation's domain events through the real ASL (offline: the message escalates), delivered by
// the runner's PutEvents Tasks to its in-process bus, each held to docs/events/.

let stack: NegotiateStack;
const received: BusEvent[] = [];
beforeAll(async () => {
  stack = await startNegotiateStack(() => ({ error: { status: 500, message: "no request expected" } }), {
    LLM_PROVIDER: "none",
  });
  stack.runner.eventBus.subscribe((event) => received.push(event));
});
afterAll(async () => {
  await stack?.stop();
});

describe("negotiation domain events", () => {
  it("a message reaching review announces awaiting_review and escalated once each; its review announces reviewed once", async () => {
    const scenario = NEGOTIATION_SCENARIOS[0];
    if (!scenario) throw new Error("no scenario");
    const { negotiationId, messageId } = await openWithFirstMessage(stack, scenario, {
      name: "Dana",
      email: "dana@oat.example",
    });
    await stack.untilAwaitingReview(negotiationId, messageId);
    const ofMessage = () => received.filter((e) => e.detail.messageId === messageId);
    expect(ofMessage().map((e) => e["detail-type"])).toEqual([
      "negotiation.escalated",
      "negotiation.message.awaiting_review",
    ]);
    for (const event of ofMessage()) {
      expect(eventSchemaProblems(event)).toEqual([]);
      expect(event.source).toBe("larder.negotiation");
      expect(event.detail).toMatchObject({ tenant: expect.any(String), negotiationId, messageId });
      // Ids and routing values only: never the supplier's address nor the email's text.
      expect(JSON.stringify(event)).not.toContain("dana@oat.example");
      expect(JSON.stringify(event)).not.toContain(String(scenario.turns[0]?.supplierMessage).slice(0, 40));
    }
    expect(ofMessage()[1]?.detail.eventId).toBe(
      `negotiation.message.awaiting_review:${negotiationId}:${messageId}`,
    );

    // The same draft is found by the list a reviewer's screen reads.
    const listed = await stack.call("GET", "/negotiations?status=awaiting_review&limit=5");
    expect(listed.status).toBe(200);
    const { negotiations } = listed.json() as { negotiations: Array<Record<string, unknown>> };
    expect(negotiations[0]).toMatchObject({
      negotiationId,
      messageId,
      supplier: { name: "Dana" },
      sku: { skuName: scenario.orderContext.skuName },
      draftFirstLine: expect.any(String),
      since: expect.any(String),
    });
    const bad = await stack.call("GET", "/negotiations?status=waiting");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("status");

    const reviewed = await stack.call("POST", `/negotiations/${negotiationId}/messages/${messageId}/review`, {
      body: { decision: "reject" },
    });
    expect(reviewed.status).toBeLessThan(300);
    await waitUntil("the reviewed event", () => ofMessage().length === 3);
    const execution = await stack.runner.waitForExecution(stack.executionIdOf(negotiationId, messageId));
    expect(execution.status).toBe("SUCCEEDED");
    const last = ofMessage()[2] as BusEvent;
    expect(last["detail-type"]).toBe("negotiation.message.reviewed");
    expect(last.detail).toMatchObject({ decision: "reject" });
    expect(eventSchemaProblems(last)).toEqual([]);
    expect(ofMessage()).toHaveLength(3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEGOTIATION_SCENARIOS } from "../../../dev/negotiate/scenarios";
import { type NegotiateStack, startNegotiateStack } from "./support/negotiate-stack";

// LLM_PROVIDER=none: no expert can run, so the workflow escalates saying so, guesses nothing, and the
// fake LLM server receives no request.

let stack: NegotiateStack;
beforeAll(async () => {
  stack = await startNegotiateStack(() => ({ error: { status: 500, message: "no request expected" } }), {
    LLM_PROVIDER: "none",
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe("the negotiation workflow offline", () => {
  it("escalates with the reason, waits for a person, and calls no model", async () => {
    const scenario = NEGOTIATION_SCENARIOS[0];
    if (!scenario) throw new Error("no scenario");
    const created = await stack.call("POST", "/negotiations", {
      body: {
        orderContext: scenario.orderContext,
        merchantInstructions: scenario.merchantInstructions,
        supplier: { name: "Dana" },
      },
    });
    const { negotiationId } = created.json() as { negotiationId: string };
    const posted = await stack.call("POST", `/negotiations/${negotiationId}/messages`, {
      body: { supplierMessage: scenario.turns[0]?.supplierMessage },
    });
    const { messageId } = posted.json() as { messageId: string };
    const paused = await stack.untilAwaitingReview(negotiationId, messageId);
    expect(paused.steps.map((s) => s.name)).toEqual([
      "Classify",
      "CheckClassification",
      "ClassificationFailed",
      "Craft",
      "Review",
    ]);
    const message = (
      await stack.call("GET", `/negotiations/${negotiationId}/messages/${messageId}`)
    ).json() as {
      status: string;
      response: {
        action: string;
        decidedBy: string;
        reasoning: string;
        totalLLMCalls: number;
        draft: unknown;
      };
    };
    expect(message.status).toBe("awaiting_review");
    expect(message.response).toMatchObject({
      action: "escalate",
      decidedBy: "model_unavailable",
      totalLLMCalls: 0,
      draft: null,
    });
    expect(message.response.reasoning).toContain("LLM_PROVIDER=none");
    expect(stack.llm.requests).toHaveLength(0);
    expect(
      (
        await stack.call("POST", `/negotiations/${negotiationId}/messages/${messageId}/review`, {
          body: { decision: "approve" },
        })
      ).json(),
    ).toMatchObject({ error: { code: "reply_required" } });
  });
});

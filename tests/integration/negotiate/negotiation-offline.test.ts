import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEGOTIATION_SCENARIOS } from "../../../dev/negotiate/scenarios";
import {
  type NegotiateStack,
  openWithFirstMessage,
  startNegotiateStack,
} from "../../support/negotiate/negotiate-stack";

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
  it("escalates with the reason and a holding reply, calls no model, and the README's approve works", async () => {
    const scenario = NEGOTIATION_SCENARIOS[0];
    if (!scenario) throw new Error("no scenario");
    const { negotiationId, messageId } = await openWithFirstMessage(stack, scenario, { name: "Dana" });
    const paused = await stack.untilAwaitingReview(negotiationId, messageId);
    expect(paused.steps.map((s) => s.name)).toEqual([
      "ClassifyInstructions",
      "CheckClassification",
      "ClassificationFailed",
      "CraftResponse",
      "AnnounceDraft",
      "AnnounceEscalation",
      "AwaitReview",
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
        llmCalls: unknown[];
        draft: { body: string } | null;
      };
    };
    expect(message.status).toBe("awaiting_review");
    expect(message.response).toMatchObject({
      action: "escalate",
      decidedBy: "model_unavailable",
      totalLLMCalls: 0,
      llmCalls: [],
    });
    expect(message.response.reasoning).toContain("LLM_PROVIDER=none");
    expect(stack.llm.requests).toHaveLength(0);
    // The README's example works as written: the escalation's draft is a holding reply a person approves.
    expect(message.response.draft?.body).toContain("will come back to you");
    const reviewPath = `/negotiations/${negotiationId}/messages/${messageId}/review`;
    const approved = await stack.call("POST", reviewPath, { body: { decision: "approve" } });
    expect(approved.status).toBe(202);
    await stack.runner.waitForExecution(stack.executionIdOf(negotiationId, messageId));
    const saved = (
      await stack.call("GET", `/negotiations/${negotiationId}/messages/${messageId}`)
    ).json() as {
      status: string;
      approvedReply: string | null;
    };
    expect(saved).toMatchObject({ status: "approved", approvedReply: message.response.draft?.body });
    // Sent again, the same approval answers its earlier outcome.
    const again = await stack.call("POST", reviewPath, { body: { decision: "approve" } });
    expect(again.status).toBe(202);
    expect(again.json()).toMatchObject({ decision: "approve", alreadyDecidedAt: expect.any(String) });
  });

  it("opens a negotiation with an outreach draft (the template, offline) that is reviewed before any email", async () => {
    const scenario = NEGOTIATION_SCENARIOS[0];
    if (!scenario) throw new Error("no scenario");
    const created = await stack.call("POST", "/negotiations", {
      body: {
        orderContext: scenario.orderContext,
        merchantInstructions: scenario.merchantInstructions,
        supplier: { name: "Dana" },
        draftOutreach: true,
      },
    });
    expect(created.status).toBe(201);
    const { negotiationId, outreach } = created.json() as {
      negotiationId: string;
      outreach: { status: string; draftedBy: string; draft: { body: string } };
    };
    expect(outreach).toMatchObject({ status: "awaiting_review", draftedBy: "template" });
    const listed = async (status: string) =>
      (
        (await stack.call("GET", `/negotiations/outreach?status=${status}&limit=100`)).json() as {
          outreach: Array<{ negotiationId: string; status: string; supplier: { name: string } }>;
        }
      ).outreach.filter((entry) => entry.negotiationId === negotiationId);
    expect(await listed("awaiting_review")).toEqual([
      expect.objectContaining({ negotiationId, status: "awaiting_review", supplier: { name: "Dana" } }),
    ]);
    const unnamed = await stack.call("GET", "/negotiations/outreach");
    expect(unnamed.status).toBe(400);
    expect(JSON.stringify(unnamed.json())).toContain("status");
    const early = await stack.call("POST", `/negotiations/${negotiationId}/messages`, {
      body: { supplierMessage: "We quote $5.00." },
    });
    expect(early.status).toBe(409);
    expect(early.json()).toMatchObject({ error: { code: "outreach_awaiting_review" } });
    const bad = await stack.call("POST", `/negotiations/${negotiationId}/outreach/review`, {
      body: { decision: "send" },
    });
    expect(bad.status).toBe(400);
    const reviewed = await stack.call("POST", `/negotiations/${negotiationId}/outreach/review`, {
      body: { decision: "approve" },
    });
    expect(reviewed.status).toBe(200);
    const view = (await stack.call("GET", `/negotiations/${negotiationId}`)).json() as {
      outreach: { status: string };
      thread: Array<{ direction: string; inReplyTo: string | null; text: string }>;
    };
    expect(view.outreach.status).toBe("approved");
    // Reviewed, it leaves the list of drafts waiting and joins the approved ones.
    expect(await listed("awaiting_review")).toEqual([]);
    expect(await listed("approved")).toHaveLength(1);
    expect(view.thread[0]).toMatchObject({
      direction: "to_supplier",
      inReplyTo: null,
      text: outreach.draft.body,
    });
    expect(stack.llm.requests).toHaveLength(0);
  });
});

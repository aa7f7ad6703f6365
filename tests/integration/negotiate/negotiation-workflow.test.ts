import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeLlmRequest, FakeLlmStep } from "../../../dev/fake-llm";
import { NEGOTIATION_SCENARIOS, type NegotiationScenario } from "../../../dev/negotiate/scenarios";
import { scriptedServerScript } from "../../../dev/negotiate/scripted-model";
import { type NegotiateStack, startNegotiateStack } from "../../support/negotiate/negotiate-stack";
import { waitUntil } from "../../support/wait-until";

// The negotiation ASL in aws-local-stepfunctions, every Task on its real Lambda entry, DynamoDB Local,
// and the official OpenAI SDK against the fake LLM server: each scenario fixture runs through
// ClassifyInstructions → Parallel(experts) → OrchestrateRound ⇄ consult → CraftResponse → AwaitReview
// (paused on its task token) and is resumed by the review endpoint.

let current: (request: FakeLlmRequest) => FakeLlmStep | Promise<FakeLlmStep>;
let stack: NegotiateStack;

beforeAll(async () => {
  stack = await startNegotiateStack((request) => current(request));
});
afterAll(async () => {
  await stack?.stop();
});

interface MessageBody {
  status: string;
  step: string | null;
  draft: { subject: string; body: string } | null;
  draftBlocked: boolean;
  approvedReply: string | null;
  response: {
    action: string;
    decidedBy: string;
    reasoning: string;
    orchestratorTrace: unknown[];
    expertOpinions: Array<{ expert: string; question: string | null }>;
    totalLLMCalls: number;
  } | null;
  progress: { expertOpinions: unknown[]; orchestratorTrace: unknown[] };
}

const openNegotiation = async (scenario: NegotiationScenario, tenant?: string): Promise<string> => {
  const res = await stack.call("POST", "/negotiations", {
    body: {
      orderContext: scenario.orderContext,
      merchantInstructions: scenario.merchantInstructions,
      supplier: { name: "Dana", company: "Oat Co", email: "dana@oat.example" },
    },
    ...(tenant ? { tenant } : {}),
  });
  expect(res.status).toBe(201);
  return (res.json() as { negotiationId: string }).negotiationId;
};

const sendEmail = async (negotiationId: string, supplierMessage: string): Promise<string> => {
  const res = await stack.call("POST", `/negotiations/${negotiationId}/messages`, {
    body: { supplierMessage },
  });
  expect(res.status).toBe(202);
  return (res.json() as { messageId: string }).messageId;
};

const getMessage = async (negotiationId: string, messageId: string): Promise<MessageBody> =>
  (await stack.call("GET", `/negotiations/${negotiationId}/messages/${messageId}`)).json() as MessageBody;

const review = (negotiationId: string, messageId: string, body: object) =>
  stack.call("POST", `/negotiations/${negotiationId}/messages/${messageId}/review`, { body });

const visits = (steps: Array<{ name: string }>, name: string) => steps.filter((s) => s.name === name).length;

describe("the negotiation workflow, scenario by scenario", () => {
  it.each(NEGOTIATION_SCENARIOS.map((s) => [s.name, s] as const))(
    "%s: each email reaches its review with the expected action, and the review resumes it",
    async (_, scenario) => {
      current = scriptedServerScript(scenario);
      const negotiationId = await openNegotiation(scenario);
      for (const turn of scenario.turns) {
        const messageId = await sendEmail(negotiationId, turn.supplierMessage);
        const paused = await stack.untilAwaitingReview(negotiationId, messageId);
        expect(paused.status).toBe("RUNNING");
        expect(paused.steps.filter((s) => s.status === "RUNNING").map((s) => s.name)).toEqual([
          "AwaitReview",
        ]);
        const message = await getMessage(negotiationId, messageId);
        expect(message.status).toBe("awaiting_review");
        expect(message.response?.action).toBe(turn.expectedAction);
        const decision = message.draft && !message.draftBlocked ? "approve" : "escalate";
        expect((await review(negotiationId, messageId, { decision })).status).toBe(202);
        const ended = await stack.runner.waitForExecution(stack.executionIdOf(negotiationId, messageId));
        expect(ended.status).toBe("SUCCEEDED");
        const saved = await getMessage(negotiationId, messageId);
        expect(saved.status).toBe(decision === "approve" ? "approved" : "rejected");
        expect(saved.approvedReply).toBe(decision === "approve" ? (message.draft?.body ?? null) : null);
      }
    },
  );

  it("runs the experts in a Parallel state, loops through OrchestrateRound and stops at the cap", async () => {
    const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === "loop-hits-cap") as NegotiationScenario;
    current = scriptedServerScript(scenario);
    const negotiationId = await openNegotiation(scenario);
    const messageId = await sendEmail(negotiationId, scenario.turns[0]?.supplierMessage ?? "");
    const paused = await stack.untilAwaitingReview(negotiationId, messageId);
    expect(visits(paused.steps, "ConsultExperts")).toBe(1);
    expect(visits(paused.steps, "FirstConsultExtractionExpert")).toBe(1);
    expect(visits(paused.steps, "FirstConsultEscalationExpert")).toBe(1);
    expect(visits(paused.steps, "OrchestrateRound")).toBe(10);
    expect(visits(paused.steps, "ConsultExtractionExpert")).toBe(9);
    expect(visits(paused.steps, "SafetyValve")).toBe(1);
    const message = await getMessage(negotiationId, messageId);
    expect(message.response).toMatchObject({ action: "escalate", decidedBy: "safety_valve" });
    expect(message.response?.orchestratorTrace).toHaveLength(10);
    expect(message.draft?.body).toContain("will come back to you");
    await review(negotiationId, messageId, { decision: "escalate" });
  });

  it("re-consults the needs expert with the orchestrator's question", async () => {
    const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === "reconsult-needs") as NegotiationScenario;
    current = scriptedServerScript(scenario);
    const sent = stack.llm.requests.length;
    const negotiationId = await openNegotiation(scenario);
    const messageId = await sendEmail(negotiationId, scenario.turns[0]?.supplierMessage ?? "");
    const paused = await stack.untilAwaitingReview(negotiationId, messageId);
    expect(visits(paused.steps, "ConsultNeedsExpert")).toBe(1);
    const needsRequest = stack.llm.requests.slice(sent).find((r) => r.forcedToolName === "analyze_needs");
    expect(needsRequest?.lastMessageText).toContain("Which missing terms matter most");
    const message = await getMessage(negotiationId, messageId);
    expect(message.response?.expertOpinions.map((o) => o.expert)).toEqual([
      "escalation",
      "extraction",
      "needs",
    ]);
    await review(negotiationId, messageId, { decision: "reject" });
  });

  it("gives the next email the approved reply as history, and shows the thread both ways", async () => {
    const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === "multi-turn") as NegotiationScenario;
    current = scriptedServerScript(scenario);
    const negotiationId = await openNegotiation(scenario);
    const first = await sendEmail(negotiationId, scenario.turns[0]?.supplierMessage ?? "");
    await stack.untilAwaitingReview(negotiationId, first);
    expect(
      (await review(negotiationId, first, { decision: "approve", text: "Could you do $4.30 a unit? EDITED" }))
        .status,
    ).toBe(202);
    await stack.runner.waitForExecution(stack.executionIdOf(negotiationId, first));
    const sent = stack.llm.requests.length;
    const second = await sendEmail(negotiationId, scenario.turns[1]?.supplierMessage ?? "");
    await stack.untilAwaitingReview(negotiationId, second);
    const extraction = stack.llm.requests.slice(sent).find((r) => r.forcedToolName === "extract_quote");
    expect(extraction?.lastMessageText).toContain("Us (sent):\nCould you do $4.30 a unit? EDITED");
    // The instructions were classified once, for the first email.
    expect(stack.llm.requests.slice(sent).some((r) => r.forcedToolName === "classify_instructions")).toBe(
      false,
    );
    const thread = (await stack.call("GET", `/negotiations/${negotiationId}`)).json() as {
      thread: Array<{ direction: string; text: string; action?: string | null; status?: string }>;
    };
    expect(thread.thread.map((e) => [e.direction, e.status ?? null, e.action ?? null])).toEqual([
      ["from_supplier", "approved", "counter"],
      ["to_supplier", null, null],
      ["from_supplier", "awaiting_review", "accept"],
    ]);
    await review(negotiationId, second, { decision: "approve" });
  });
});

describe("the Parallel state", () => {
  it("asks the extraction and escalation experts at once: each request arrives before either is answered", async () => {
    const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === "accept") as NegotiationScenario;
    const scripted = scriptedServerScript(scenario);
    const arrived = new Set<string>();
    let bothArrived: () => void = () => {};
    const both = new Promise<void>((resolve) => {
      bothArrived = resolve;
    });
    current = async (request) => {
      const name = request.forcedToolName ?? "";
      if (name === "extract_quote" || name === "evaluate_escalation") {
        arrived.add(name);
        if (arrived.size === 2) bothArrived();
        // Run one after the other, the first expert would wait here forever and the review never come.
        await both;
      }
      return scripted(request);
    };
    const negotiationId = await openNegotiation(scenario);
    const messageId = await sendEmail(negotiationId, scenario.turns[0]?.supplierMessage ?? "");
    await stack.untilAwaitingReview(negotiationId, messageId);
    expect([...arrived].sort()).toEqual(["evaluate_escalation", "extract_quote"]);
    // Sequential, the first call would have timed out (LLM_TIMEOUT_MS) and its opinion say so.
    const message = await getMessage(negotiationId, messageId);
    expect(message.response?.expertOpinions.map((o) => [o.expert, "failure" in o])).toEqual([
      ["escalation", false],
      ["extraction", false],
    ]);
    await review(negotiationId, messageId, { decision: "reject" });
  });
});

describe("a message while it runs", () => {
  it("shows the step in progress and the opinions so far", async () => {
    const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === "accept") as NegotiationScenario;
    const scripted = scriptedServerScript(scenario);
    let releaseOrchestrator: () => void = () => {};
    const orchestratorMayAnswer = new Promise<void>((resolve) => {
      releaseOrchestrator = resolve;
    });
    current = async (request) => {
      if (request.forcedToolName === "orchestrate_decision") await orchestratorMayAnswer;
      return scripted(request);
    };
    const negotiationId = await openNegotiation(scenario);
    const messageId = await sendEmail(negotiationId, scenario.turns[0]?.supplierMessage ?? "");
    let seen: MessageBody | undefined;
    // The orchestrator is held back, so the message stays at this step until released: the bound only ends
    // a hang, and the assertion below shows where the message was instead.
    await waitUntil("the message to reach its orchestrating step", async () => {
      seen = await getMessage(negotiationId, messageId);
      return seen.step?.startsWith("orchestrating") ?? false;
    }).catch(() => undefined);
    expect(seen).toMatchObject({
      status: "running",
      step: "orchestrating (round 1)",
      response: null,
      draft: null,
    });
    expect(seen?.progress.expertOpinions).toHaveLength(2);
    releaseOrchestrator();
    await stack.untilAwaitingReview(negotiationId, messageId);
    expect((await getMessage(negotiationId, messageId)).response?.action).toBe("accept");
    await review(negotiationId, messageId, { decision: "reject" });
  });
});

describe("the review endpoint", () => {
  it("refuses a second email while one awaits review, and a review of a settled message", async () => {
    const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === "accept") as NegotiationScenario;
    current = scriptedServerScript(scenario);
    const negotiationId = await openNegotiation(scenario);
    const messageId = await sendEmail(negotiationId, scenario.turns[0]?.supplierMessage ?? "");
    await stack.untilAwaitingReview(negotiationId, messageId);
    const busy = await stack.call("POST", `/negotiations/${negotiationId}/messages`, {
      body: { supplierMessage: "one more thing" },
    });
    expect(busy.status).toBe(409);
    expect(busy.json()).toMatchObject({ error: { code: "message_in_progress" } });
    expect((await review(negotiationId, messageId, { decision: "reject" })).status).toBe(202);
    await stack.runner.waitForExecution(stack.executionIdOf(negotiationId, messageId));
    // The same review again answers its earlier outcome; a different one is refused.
    const same = await review(negotiationId, messageId, { decision: "reject" });
    expect(same.status).toBe(202);
    expect(same.json()).toMatchObject({ decision: "reject", alreadyDecidedAt: expect.any(String) });
    const again = await review(negotiationId, messageId, { decision: "approve" });
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: "message_already_reviewed" } });
  });

  it("will not approve a draft the leak check blocked unless the reviewer sends the text", async () => {
    const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === "counter") as NegotiationScenario;
    const leaky: NegotiationScenario = {
      ...scenario,
      script: {
        ...scenario.script,
        generate_counter_offer: [{ subject: "Re", body: "Our ceiling is 5,19 USD, so could you do $4.45?" }],
      },
    };
    current = scriptedServerScript(leaky);
    const negotiationId = await openNegotiation(leaky);
    const messageId = await sendEmail(negotiationId, scenario.turns[0]?.supplierMessage ?? "");
    await stack.untilAwaitingReview(negotiationId, messageId);
    const message = await getMessage(negotiationId, messageId);
    expect(message.response?.action).toBe("counter");
    expect(message.draftBlocked).toBe(true);
    const refused = await review(negotiationId, messageId, { decision: "approve" });
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: "draft_blocked" } });
    expect(
      (await review(negotiationId, messageId, { decision: "approve", text: "Could you do $4.45?" })).status,
    ).toBe(202);
    await stack.runner.waitForExecution(stack.executionIdOf(negotiationId, messageId));
    expect((await getMessage(negotiationId, messageId)).approvedReply).toBe("Could you do $4.45?");
  });

  it("keeps tenants apart and validates every field", async () => {
    const scenario = NEGOTIATION_SCENARIOS[0] as NegotiationScenario;
    const negotiationId = await openNegotiation(scenario);
    expect((await stack.call("GET", `/negotiations/${negotiationId}`, { tenant: "mallory" })).status).toBe(
      404,
    );
    const bad = await stack.call("POST", "/negotiations", {
      body: {
        orderContext: { ...scenario.orderContext, currency: "dollars" },
        merchantInstructions: "",
        supplier: {},
      },
    });
    expect(bad.status).toBe(400);
    const paths = (
      bad.json() as { error: { details: { issues: Array<{ path: string }> } } }
    ).error.details.issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "body.orderContext.currency",
        "body.merchantInstructions",
        "body.supplier.name",
      ]),
    );
    const badReview = await review(negotiationId, "msg_0001", { decision: "maybe" });
    expect(badReview.status).toBe(400);
    expect((await stack.call("GET", `/negotiations/${negotiationId}/messages/msg_0009`)).status).toBe(404);
  });
});

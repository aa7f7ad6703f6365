import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEGOTIATION_SCENARIOS, type NegotiationScenario } from "../../../dev/negotiate/scenarios";
import { scriptedServerScript } from "../../../dev/negotiate/scripted-model";
import {
  type NegotiateStack,
  openWithFirstMessage,
  startNegotiateStack,
} from "../../support/negotiate/negotiate-stack";

// The same workflow with LLM_PROVIDER=anthropic: the official Anthropic SDK speaks the Messages API to the
// fake LLM server, each expert's prompt a forced tool call named by its schema.

const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === "reconsult-needs") as NegotiationScenario;
let stack: NegotiateStack;
beforeAll(async () => {
  stack = await startNegotiateStack(scriptedServerScript(scenario), { LLM_PROVIDER: "anthropic" });
  stack.llm.requests.length = 0;
});
afterAll(async () => {
  await stack?.stop();
});

describe("the negotiation workflow through the Anthropic SDK", () => {
  it("forces each prompt's schema as a tool and reaches the expected action", async () => {
    const { negotiationId, messageId } = await openWithFirstMessage(stack, scenario, { name: "Dana" });
    await stack.untilAwaitingReview(negotiationId, messageId);
    const message = (
      await stack.call("GET", `/negotiations/${negotiationId}/messages/${messageId}`)
    ).json() as {
      response: { action: string; totalLLMCalls: number };
    };
    expect(message.response.action).toBe("clarify");
    expect(message.response.totalLLMCalls).toBe(7);
    expect(new Set(stack.llm.requests.map((r) => r.api))).toEqual(new Set(["anthropic"]));
    expect(stack.llm.requests.map((r) => r.forcedToolName).sort()).toEqual([
      "analyze_needs",
      "classify_instructions",
      "evaluate_escalation",
      "extract_quote",
      "generate_clarification",
      "orchestrate_decision",
      "orchestrate_decision",
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeLlmRequest, FakeLlmStep } from "../../../dev/fake-llm";
import { NEGOTIATION_SCENARIOS } from "../../../dev/negotiate/scenarios";
import { scriptedServerScript } from "../../../dev/negotiate/scripted-model";
import { type NegotiateStack, startNegotiateStack } from "../../support/negotiate/negotiate-stack";
import {
  escalatedThenApproved,
  SMALL_MODEL_STEP_TIMEOUT_SECONDS,
} from "../../support/negotiate/slow-model-case";

// The classifier and the experts answer at once; the orchestrator answers 20 s later, long after its
// step's model deadline (8 s: the step's 16 s Lambda timeout less the 8 s reserve) and after the step's
// Lambda timeout itself. Without the deadline the OrchestrateRound step times out and the message ends
// `failed`; with it, the orchestrator's call fails in time and the message is escalated for a person.

const LATE_MS = 20_000;
let stack: NegotiateStack;
beforeAll(async () => {
  const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === "accept");
  if (!scenario) throw new Error("no accept scenario");
  const scripted = scriptedServerScript(scenario);
  const script = async (request: FakeLlmRequest): Promise<FakeLlmStep> => {
    const step = await scripted(request);
    return request.forcedToolName === "orchestrate_decision" ? { ...step, delayMs: LATE_MS } : step;
  };
  stack = await startNegotiateStack(
    script,
    { LLM_TIMEOUT_MS: "60000" },
    { modelStepTimeoutSeconds: SMALL_MODEL_STEP_TIMEOUT_SECONDS },
  );
});
afterAll(async () => {
  await stack?.stop();
});

describe("a negotiation message while the orchestrator's model answers after the step's deadline", () => {
  it("reaches its review escalated with the orchestrator's timeout as the reason, and a person approves it", async () => {
    const message = await escalatedThenApproved(stack);
    expect(message.response?.reasoning).toContain("orchestrator");
    expect(message.response).toMatchObject({ decidedBy: "model_unavailable" });
    expect(message.response?.reasoning).toContain("llm_timeout");
  });
});

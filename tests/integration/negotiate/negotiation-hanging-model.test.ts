import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTarpitServer, type TarpitServer } from "../../../dev/fake-llm/tarpit-server";
import { type NegotiateStack, startNegotiateStack } from "../../support/negotiate/negotiate-stack";
import {
  escalatedThenApproved,
  SMALL_MODEL_STEP_TIMEOUT_SECONDS,
} from "../../support/negotiate/slow-model-case";

// A provider that accepts every connection and never answers, behind the official OpenAI SDK at its
// default settings (a minute per call, two retries), the negotiation ASL in the local runner with the
// model steps' Lambda timeout at 16 s. Without the step's model deadline the first model call outlives
// the step's Lambda (Sandbox.Timedout) and the message ends `failed`; a tarpit never answers, so nothing
// but the deadline can end that call.

let tarpit: TarpitServer;
let stack: NegotiateStack;
beforeAll(async () => {
  tarpit = await startTarpitServer();
  stack = await startNegotiateStack(
    () => ({ error: { status: 500, message: "not this server" } }),
    { OPENAI_BASE_URL: `${tarpit.url}/v1`, LLM_TIMEOUT_MS: "60000", LLM_MAX_RETRIES: "2" },
    { modelStepTimeoutSeconds: SMALL_MODEL_STEP_TIMEOUT_SECONDS },
  );
});
afterAll(async () => {
  await stack?.stop();
  await tarpit?.close();
});

describe("a negotiation message while the model never answers", () => {
  it("reaches its review escalated with the timeout as the reason, and a person approves it", async () => {
    const message = await escalatedThenApproved(stack);
    expect(message.response?.reasoning).toMatch(/llm_timeout|llm_circuit_open/);
    expect(tarpit.connections()).toBeGreaterThan(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTarpitServer, type TarpitServer } from "../../../../dev/fake-llm/tarpit-server";
import { createLlm } from "../../../../functions/core/llm/create-llm";
import { readLlmConfig } from "../../../../functions/core/llm/llm-config";
import { LlmUnavailable } from "../../../../functions/core/llm/llm-errors";
import { openModelSession } from "../../../../functions/core/llm/model-session";
import { providerConditions } from "../../../../functions/core/llm/provider-breaker";

let tarpit: TarpitServer;
beforeAll(async () => {
  tarpit = await startTarpitServer();
});
afterAll(async () => {
  await tarpit.close();
});

const request = {
  schema: z.object({ ok: z.boolean() }),
  schemaName: "check_ok",
  system: "Answer.",
  messages: [{ role: "user" as const, content: "ok?" }],
};

const failureOf = async (promise: Promise<unknown>): Promise<LlmUnavailable> => {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(LlmUnavailable);
  return caught as LlmUnavailable;
};

describe.each([
  ["anthropic", (url: string) => ({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: url })],
  ["openai", (url: string) => ({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: `${url}/v1` })],
] as const)("the official %s SDK against a provider that never answers", (provider, envFor) => {
  it("ends at the caller's deadline (SDK retries included), then skips the provider without connecting", async () => {
    // Default settings but for the endpoint: a minute per call and two SDK retries.
    const llm = createLlm(readLlmConfig({ LLM_PROVIDER: provider, ...envFor(tarpit.url) }), { logger: null });
    const before = tarpit.connections();
    const session = openModelSession(llm, { deadline: Date.now() + 1_500 });

    const first = await failureOf(session.llm.structured(request));
    expect(first.code).toBe("llm_timeout");
    // At most one connection: the deadline ended the call and its retries together.
    expect(tarpit.connections() - before).toBeLessThanOrEqual(1);

    const second = await failureOf(llm.structured(request));
    expect(second.code).toBe("llm_circuit_open");
    expect(second.usage?.attempts).toBe(0);
    expect(tarpit.connections() - before).toBeLessThanOrEqual(1);
    expect(providerConditions().find((condition) => condition.provider === provider)).toMatchObject({
      state: "degraded",
      reason: "llm_timeout",
    });
  });
});

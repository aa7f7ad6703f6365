import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createLlm } from "../../../../functions/core/llm/create-llm";
import { readLlmConfig } from "../../../../functions/core/llm/llm-config";
import { LlmUnavailable } from "../../../../functions/core/llm/llm-errors";

const ping = {
  schema: z.object({ message: z.string() }),
  schemaName: "ping",
  system: "s",
  messages: [{ role: "user" as const, content: "ping" }],
};

/** An in-memory fetch answering like the Anthropic Messages API, recording each request. */
const anthropicFetch = () => {
  const requests: Array<{ url: string; body: Record<string, unknown> }> = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(input), body: JSON.parse(String(init?.body)) });
    const message = {
      id: "m",
      type: "message",
      role: "assistant",
      model: "claude-haiku-5-5",
      content: [{ type: "tool_use", id: "t", name: "ping", input: { message: "pong" } }],
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: { input_tokens: 12, output_tokens: 3 },
    };
    return new Response(JSON.stringify(message), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
};

describe("createLlm", () => {
  it("gives the offline port for provider none, failing every call at once", async () => {
    const llm = createLlm(readLlmConfig({ LLM_PROVIDER: "none" }), { logger: null });
    await expect(llm.structured(ping)).rejects.toMatchObject({ code: "llm_not_configured" });
    await expect(llm.turn({ system: "s", messages: [], tools: [] })).rejects.toBeInstanceOf(LlmUnavailable);
  });

  it("builds the Anthropic client on the configured base URL with the per-role model", async () => {
    const { fetch, requests } = anthropicFetch();
    const config = readLlmConfig({
      LLM_PROVIDER: "anthropic",
      ANTHROPIC_API_KEY: "k",
      ANTHROPIC_BASE_URL: "http://127.0.0.1:1",
      LLM_FAST_MODEL: "claude-haiku-5-5",
    });
    const { value, usage } = await createLlm(config, { fetch, logger: null }).structured({
      ...ping,
      model: "fast",
    });

    expect(value).toEqual({ message: "pong" });
    expect(requests[0]?.url).toBe("http://127.0.0.1:1/v1/messages");
    expect(requests[0]?.body).toMatchObject({
      model: "claude-haiku-5-5",
      tool_choice: { type: "tool", name: "ping" },
    });
    expect(usage).toMatchObject({ provider: "anthropic", attempts: 1, inputTokens: 12, outputTokens: 3 });
  });

  it("fails with llm_key_unavailable when the key's secret cannot be read, and reads it again next call", async () => {
    const { fetch } = anthropicFetch();
    const read = vi.fn().mockRejectedValueOnce(new Error("AccessDeniedException")).mockResolvedValueOnce("k");
    const config = readLlmConfig({
      LLM_PROVIDER: "anthropic",
      ANTHROPIC_API_KEY_SECRET_ID: "larder/anthropic",
      ANTHROPIC_BASE_URL: "http://127.0.0.1:1",
    });
    const llm = createLlm(config, { fetch, logger: null, secretReader: { read } });

    await expect(llm.structured(ping)).rejects.toMatchObject({
      code: "llm_key_unavailable",
      message: "Cannot read the anthropic API key from larder/anthropic: AccessDeniedException",
    });
    await expect(llm.structured(ping)).resolves.toMatchObject({ value: { message: "pong" } });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it.each([
    ["anthropic", "an empty JSON object", "{}", "application/json"],
    ["openai", "an error object without choices", '{"error":"model not loaded"}', "application/json"],
    ["anthropic", "JSON that does not parse", "{not json", "application/json"],
    ["openai", "an HTML page", "<html>502 Bad Gateway</html>", "text/html"],
  ])(
    "turns a 200 from %s carrying %s into LlmUnavailable llm_bad_response, without a re-ask",
    async (provider, _what, body, contentType) => {
      let requests = 0;
      const fetch = (async () => {
        requests += 1;
        return new Response(body, { status: 200, headers: { "content-type": contentType } });
      }) as unknown as typeof globalThis.fetch;
      const env =
        provider === "anthropic"
          ? { LLM_PROVIDER: provider, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: "http://127.0.0.1:1" }
          : { LLM_PROVIDER: provider, OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://127.0.0.1:1/v1" };
      const error = await createLlm(readLlmConfig(env), { fetch, logger: null })
        .structured(ping)
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(LlmUnavailable);
      expect(error).toMatchObject({
        code: "llm_bad_response",
        category: "unavailable",
        usage: { outcome: "error", errorCode: "llm_bad_response", requests: 1 },
      });
      expect(requests).toBe(1);
    },
  );
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { FakeLlmScript } from "../../../../dev/fake-llm/fake-llm-script";
import { type FakeLlmServer, startFakeLlmServer } from "../../../../dev/fake-llm/fake-llm-server";
import { LlmOutputInvalid, LlmRateLimited, LlmUnavailable } from "../../../../functions/core/llm/llm-errors";
import { llmAgainst, type RealProvider } from "../../../support/llm/llm-against-fake-server";
import { waitUntil } from "../../../support/wait-until";

const pingSchema = z.object({ message: z.string().min(1) });
const pingRequest = {
  schema: pingSchema,
  schemaName: "ping",
  system: "You answer health checks.",
  messages: [{ role: "user" as const, content: "ping" }],
};

const searchTools = [
  {
    name: "search_products",
    description: "Search",
    inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
  },
  {
    name: "filter_products",
    description: "Filter",
    inputSchema: { type: "object", properties: { max_price: { type: "number" } } },
  },
];

let server: FakeLlmServer | undefined;
const start = async (script: FakeLlmScript): Promise<FakeLlmServer> => {
  server = await startFakeLlmServer({ script });
  return server;
};
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const caught = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
};

describe.each<RealProvider>(["anthropic", "openai"])(
  "the %s provider through its official SDK",
  (provider) => {
    it("asks for structured output as a forced call of the schema-named tool and validates the answer", async () => {
      const fake = await start([
        {
          reply: {
            toolCalls: [{ name: "ping", arguments: { message: "pong" } }],
            usage: { inputTokens: 21, outputTokens: 7 },
          },
        },
      ]);
      const { value, usage } = await llmAgainst(provider, fake).structured({ ...pingRequest, model: "fast" });

      expect(value).toEqual({ message: "pong" });
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]?.forcedToolName).toBe("ping");
      expect(fake.requests[0]?.toolNames).toEqual(["ping"]);
      const pingJsonSchema = {
        type: "object",
        properties: { message: { type: "string", minLength: 1 } },
        required: ["message"],
      };
      const body = fake.requests[0]?.body ?? {};
      if (provider === "anthropic") {
        expect(body.tool_choice).toEqual({ type: "tool", name: "ping" });
        expect(body.tools).toEqual([
          {
            name: "ping",
            description: expect.any(String),
            input_schema: pingJsonSchema,
            cache_control: { type: "ephemeral" },
          },
        ]);
      } else {
        expect(body.tool_choice).toEqual({ type: "function", function: { name: "ping" } });
        expect(body.tools).toEqual([
          {
            type: "function",
            function: { name: "ping", description: expect.any(String), parameters: pingJsonSchema },
          },
        ]);
      }
      expect(fake.requests[0]?.model).toBe(provider === "anthropic" ? "claude-haiku-5-5" : "gpt-5.6-luna");
      expect(usage).toMatchObject({
        provider,
        kind: "structured",
        name: "ping",
        inputTokens: 21,
        outputTokens: 7,
        attempts: 1,
        requests: 1,
        outcome: "ok",
      });
    });

    it("returns every tool call of a multi-tool turn and sends tool results back in the provider's format", async () => {
      const fake = await start([
        {
          reply: {
            text: "Searching.",
            toolCalls: [
              { name: "search_products", arguments: { query: "laptops" } },
              { name: "filter_products", arguments: { max_price: 100000 } },
            ],
          },
        },
        { reply: { text: "Here they are." } },
      ]);
      const llm = llmAgainst(provider, fake);
      const messages = [{ role: "user" as const, content: "cheap laptops" }];
      const first = await llm.turn({ system: "shop", messages, tools: searchTools, label: "catalog" });

      expect(first.stopReason).toBe("tool_calls");
      expect(first.toolCalls.map((c) => [c.name, c.arguments])).toEqual([
        ["search_products", { query: "laptops" }],
        ["filter_products", { max_price: 100000 }],
      ]);
      expect(first.usage.toolCalls).toEqual(["search_products", "filter_products"]);

      const results = first.toolCalls.map((call) => ({
        callId: call.id,
        name: call.name,
        content: `result of ${call.name}`,
      }));
      const second = await llm.turn({
        system: "shop",
        messages: [...messages, first.message, { role: "tool", results }],
        tools: searchTools,
      });
      expect(second).toMatchObject({ text: "Here they are.", stopReason: "end", toolCalls: [] });

      const sent = JSON.stringify(fake.requests[1]?.body);
      for (const call of first.toolCalls) expect(sent).toContain(call.id);
      expect(sent).toContain("result of filter_products");
    });

    it("re-asks once with the validation error when the first output is malformed, and accepts the second", async () => {
      const malformed =
        provider === "openai"
          ? { name: "ping", rawArguments: '{"message": "po' }
          : { name: "ping", arguments: { message: 42 } };
      const fake = await start([
        { reply: { toolCalls: [malformed] } },
        { reply: { toolCalls: [{ name: "ping", arguments: { message: "pong" } }] } },
      ]);
      const { value, usage } = await llmAgainst(provider, fake).structured(pingRequest);

      expect(value).toEqual({ message: "pong" });
      expect(usage.requests).toBe(2);
      expect(fake.requests[1]?.forcedToolName).toBe("ping");
      expect(fake.requests[1]?.lastMessageText).toMatch(provider === "openai" ? /not valid JSON/ : /message/);
    });

    it("throws LlmOutputInvalid after exactly one failed re-ask", async () => {
      const fake = await start([
        { reply: { text: "I would rather chat." } },
        { reply: { toolCalls: [{ name: "ping", arguments: { msg: "pong" } }] } },
        { reply: { toolCalls: [{ name: "ping", arguments: { message: "too late" } }] } },
      ]);
      const error = await caught(llmAgainst(provider, fake).structured(pingRequest));

      expect(error).toBeInstanceOf(LlmOutputInvalid);
      expect((error as LlmOutputInvalid).issues.map((i) => i.path)).toContain("message");
      expect((error as LlmOutputInvalid).usage).toMatchObject({ requests: 2, outcome: "error" });
      expect(fake.requests).toHaveLength(2);
      expect(fake.requests[1]?.lastMessageText).toContain("did not call ping");
    });

    it("retries an overloaded provider (529 twice) and succeeds on the third attempt", async () => {
      const overloaded = { error: { status: 529, message: "Overloaded" } };
      const fake = await start([
        overloaded,
        overloaded,
        { reply: { toolCalls: [{ name: "ping", arguments: { message: "pong" } }] } },
      ]);
      const { value, usage } = await llmAgainst(provider, fake).structured(pingRequest);

      expect(value).toEqual({ message: "pong" });
      expect(usage.attempts).toBe(3);
      expect(fake.requests.map((r) => r.retryCount)).toEqual([0, 1, 2]);
    });

    it("waits for retry-after on a 429 before retrying", async () => {
      const fake = await start([
        { error: { status: 429, message: "Rate limited", headers: { "retry-after": "1" } } },
        { reply: { toolCalls: [{ name: "ping", arguments: { message: "pong" } }] } },
      ]);
      const started = Date.now();
      const { usage } = await llmAgainst(provider, fake).structured(pingRequest);

      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(usage.attempts).toBe(2);
    });

    it("turns a 429 that outlasts the retries into LlmRateLimited carrying retry-after", async () => {
      const fake = await start([
        { error: { status: 429, message: "Slow down", headers: { "retry-after": "7" } } },
      ]);
      const error = await caught(
        llmAgainst(provider, fake, { LLM_MAX_RETRIES: "0" }).structured(pingRequest),
      );

      expect(error).toBeInstanceOf(LlmRateLimited);
      expect((error as LlmRateLimited).retryAfterSeconds).toBe(7);
      expect((error as LlmRateLimited).code).toBe("llm_rate_limited");
    });

    it("does not retry a 400", async () => {
      const fake = await start([
        { error: { status: 400, message: "messages: field required" } },
        { reply: { toolCalls: [{ name: "ping", arguments: { message: "pong" } }] } },
      ]);
      const error = await caught(llmAgainst(provider, fake).structured(pingRequest));

      expect(error).toBeInstanceOf(LlmUnavailable);
      expect(error).toMatchObject({ code: "llm_request_rejected", category: "unavailable" });
      expect((error as LlmUnavailable).message).toContain("messages: field required");
      expect(fake.requests).toHaveLength(1);
    });

    it("does not retry a spend limit and reports it as such, not as a rate limit", async () => {
      const spendLimit =
        provider === "openai"
          ? {
              status: 429,
              type: "insufficient_quota",
              code: "insufficient_quota",
              message: "You exceeded your current quota, please check your plan and billing details.",
            }
          : {
              status: 400,
              message:
                "You have reached your specified API usage limits. You will regain access on 2026-12-01.",
            };
      const fake = await start([
        { error: spendLimit },
        { reply: { toolCalls: [{ name: "ping", arguments: { message: "x" } }] } },
      ]);
      const error = await caught(llmAgainst(provider, fake).structured(pingRequest));

      expect(error).toBeInstanceOf(LlmUnavailable);
      expect(error).toMatchObject({ code: "llm_spend_limit" });
      expect(fake.requests).toHaveLength(1);
    });

    it("maps refused credentials to an unavailable error that says to check the key", async () => {
      const fake = await start([{ error: { status: 401, message: "invalid x-api-key" } }]);
      const error = await caught(llmAgainst(provider, fake).structured(pingRequest));

      expect(error).toMatchObject({ code: "llm_auth", category: "unavailable" });
      expect((error as Error).message).toMatch(/invalid x-api-key.*Check the API key/);
    });

    it("names the network reason, not only 'Connection error.', when the provider cannot be reached", async () => {
      const fake = await start([]);
      await fake.close();
      server = undefined;
      const error = await caught(
        llmAgainst(provider, fake, { LLM_MAX_RETRIES: "0" }).structured(pingRequest),
      );

      expect(error).toMatchObject({ code: "llm_connection", category: "unavailable" });
      expect((error as Error).message).toMatch(/Connection error\. \(.*ECONNREFUSED 127\.0\.0\.1:\d+\)/);
    });

    it("gives up at the per-call timeout even while the SDK would keep retrying", async () => {
      // A reply that never comes while the test runs (the fake stops waiting when the client hangs up).
      const fake = await start(() => ({ delayMs: 600_000, reply: { text: "late" } }));
      const started = Date.now();
      const error = await caught(llmAgainst(provider, fake).structured({ ...pingRequest, timeoutMs: 300 }));
      const elapsed = Date.now() - started;

      expect(error).toMatchObject({ code: "llm_timeout", category: "unavailable" });
      expect(elapsed).toBeGreaterThanOrEqual(290);
      // LLM_MAX_RETRIES is 2: a deadline that did not span the retries would send a second request.
      // (Under load the one request may not even have arrived before the deadline: 0 is correct too.)
      expect(fake.requests.length).toBeLessThanOrEqual(1);
    });

    it("stops when the caller's signal aborts", async () => {
      // A reply that never comes while the test runs: only the abort can end the call, however slow the machine.
      const fake = await start(() => ({ delayMs: 600_000, reply: { text: "late" } }));
      const controller = new AbortController();
      // Aborted once the call is in flight (the fake holds it), whenever that is on a busy machine.
      void waitUntil("the call to reach the fake server", () => fake.requests.length > 0)
        .catch(() => undefined)
        .finally(() => controller.abort());
      const error = await caught(
        llmAgainst(provider, fake).structured({ ...pingRequest, signal: controller.signal }),
      );

      expect(error).toMatchObject({ code: "llm_aborted" });
    });

    it("reads the key from the secret reader once for the container", async () => {
      const fake = await start(() => ({
        reply: { toolCalls: [{ name: "ping", arguments: { message: "pong" } }] },
      }));
      const read = vi.fn(async () => "key-from-secrets-manager");
      const keyVariable = provider === "anthropic" ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY";
      const llm = llmAgainst(
        provider,
        fake,
        { [keyVariable]: "", [`${keyVariable}_SECRET_ID`]: "larder/llm-key" },
        { secretReader: { read } },
      );
      await llm.structured(pingRequest);
      await llm.structured(pingRequest);

      expect(read).toHaveBeenCalledTimes(1);
      expect(read).toHaveBeenCalledWith("larder/llm-key");
      // Both SDKs send the key as a bearer token.
      expect(fake.requests[1]?.headers.authorization).toBe("Bearer key-from-secrets-manager");
    });
  },
);

describe("the bedrock provider through the Bedrock SDK", () => {
  beforeEach(() => {
    vi.stubEnv("AWS_ACCESS_KEY_ID", "AKIDFAKEFORTESTS");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "fake-secret-for-tests");
    vi.stubEnv("AWS_BEARER_TOKEN_BEDROCK", "");
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("invokes the model by id with a SigV4-signed forced tool call", async () => {
    const fake = await start([{ reply: { toolCalls: [{ name: "ping", arguments: { message: "pong" } }] } }]);
    const { value, usage } = await llmAgainst("bedrock", fake).structured(pingRequest);

    expect(value).toEqual({ message: "pong" });
    expect(usage.provider).toBe("bedrock");
    expect(fake.requests[0]?.path).toBe("/model/global.anthropic.claude-sonnet-5-5/invoke");
    expect(fake.requests[0]?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
    expect(fake.requests[0]?.forcedToolName).toBe("ping");
    // Bedrock's Anthropic models get the same cache marks as Anthropic's API.
    expect(fake.requests[0]?.body.system).toEqual([
      { type: "text", text: pingRequest.system, cache_control: { type: "ephemeral" } },
    ]);
  });
});

describe("prompt caching on the wire", () => {
  // A system prompt long enough to be cached (over 1,024 tokens), as an agent's prompt with its vocabulary is.
  const longRequest = {
    ...pingRequest,
    system: `You answer health checks.\n${"Rule: be brief. ".repeat(400)}`,
  };
  const pong = { reply: { toolCalls: [{ name: "ping", arguments: { message: "pong" } }] } };

  it("marks Anthropic's stable prefix (tools, system) for caching; the second call reads it and usage says so", async () => {
    const fake = await start([pong, pong]);
    const llm = llmAgainst("anthropic", fake);
    const first = await llm.structured(longRequest);
    const second = await llm.structured({
      ...longRequest,
      messages: [{ role: "user", content: "ping again" }],
    });

    for (const request of fake.requests) {
      expect(request.body.system).toEqual([
        { type: "text", text: longRequest.system, cache_control: { type: "ephemeral" } },
      ]);
      expect((request.body.tools as Array<Record<string, unknown>>).at(-1)?.cache_control).toEqual({
        type: "ephemeral",
      });
    }
    expect(first.usage.cacheWriteInputTokens).toBeGreaterThan(1024);
    expect(first.usage.cachedInputTokens).toBeUndefined();
    expect(second.usage.cachedInputTokens).toBe(first.usage.cacheWriteInputTokens);
    // inputTokens stay every input token; the cached ones are counted apart within them.
    expect(second.usage.inputTokens).toBeGreaterThan(second.usage.cachedInputTokens ?? 0);
  });

  it("keeps OpenAI's prefix byte-stable, so its automatic cache is read and counted apart", async () => {
    const fake = await start([pong, pong]);
    const llm = llmAgainst("openai", fake);
    await llm.structured(longRequest);
    const second = await llm.structured({ ...longRequest, messages: [{ role: "user", content: "again" }] });
    const [a, b] = fake.requests.map((r) =>
      JSON.stringify([r.body.tools, (r.body.messages as unknown[])[0]]),
    );
    expect(a).toBe(b);
    expect(second.usage.cachedInputTokens).toBeGreaterThan(1024);
  });
});

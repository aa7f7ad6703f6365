import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createLlmClient } from "../../../../functions/core/llm/llm-client";
import { LlmOutputInvalid, LlmUnavailable } from "../../../../functions/core/llm/llm-errors";
import type { DriverRequest, DriverResponse, ModelDriver } from "../../../../functions/core/llm/model-driver";
import { sharedToolSet } from "../../../../functions/core/llm/tool-json-schema";

type Reply = Partial<DriverResponse> | Error | ((request: DriverRequest) => Promise<DriverResponse>);

/** A driver answering from a queue, recording what the client sent. */
const scriptedDriver = (replies: Reply[]) => {
  const requests: DriverRequest[] = [];
  const driver: ModelDriver = {
    provider: "scripted",
    async complete(request, counter) {
      requests.push(structuredClone({ ...request, signal: undefined }) as unknown as DriverRequest);
      counter.attempts += 1;
      const reply = replies.shift();
      if (!reply) throw new Error("script exhausted");
      if (reply instanceof Error) throw reply;
      if (typeof reply === "function") return reply(request);
      return {
        model: "scripted-model-v1",
        text: "",
        toolCalls: [],
        stopReason: "end",
        inputTokens: 10,
        outputTokens: 5,
        ...reply,
      };
    },
  };
  return { driver, requests };
};

const clientWith = (replies: Reply[], timeoutMs = 5_000) => {
  const scripted = scriptedDriver(replies);
  const logs: Array<{ level: string; message: string; extra: Record<string, unknown> }> = [];
  const llm = createLlmClient({
    driver: scripted.driver,
    models: { default: "big-model", fast: "small-model" },
    timeoutMs,
    maxOutputTokens: 1000,
    logger: {
      info: (message, extra) => logs.push({ level: "info", message, extra }),
      warn: (message, extra) => logs.push({ level: "warn", message, extra }),
    },
  });
  return { llm, logs, ...scripted };
};

const quoteSchema = z.object({ unit_price_cents: z.number().int(), currency: z.string().length(3) });
const quoteRequest = {
  schema: quoteSchema,
  schemaName: "extract_quote",
  system: "Extract the quote.",
  messages: [{ role: "user" as const, content: "We can do 12.50 EUR per unit." }],
};
const callOf = (args: unknown) => ({ toolCalls: [{ id: "t1", name: "extract_quote", arguments: args }] });

describe("createLlmClient structured output", () => {
  it("sends an agent's shared tool set as given, forcing the schema's tool, and checks the answer with the schema", async () => {
    const tools = sharedToolSet([
      { schemaName: "find_item", schema: z.object({ query: z.string() }), description: "Find." },
      { schemaName: "extract_quote", schema: quoteSchema, description: "Report the quote." },
    ]);
    const { llm, requests } = clientWith([
      callOf({ unit_price_cents: "a lot", currency: "EUR" }),
      callOf({ unit_price_cents: 1250, currency: "EUR" }),
    ]);
    const { value } = await llm.structured({ ...quoteRequest, tools });
    expect(value).toEqual({ unit_price_cents: 1250, currency: "EUR" });
    // The re-ask sends the same prefix: the tools byte for byte, the system prompt unchanged.
    for (const request of requests) {
      expect(JSON.stringify(request.tools)).toBe(JSON.stringify(tools));
      expect(request.system).toBe(quoteRequest.system);
      expect(request.toolChoice).toEqual({ name: "extract_quote" });
    }
  });

  it("refuses a shared tool set without the schema's tool, before any request", async () => {
    const tools = sharedToolSet([
      { schemaName: "find_item", schema: z.object({ q: z.string() }), description: "Find." },
    ]);
    const { llm, requests } = clientWith([]);
    await expect(llm.structured({ ...quoteRequest, tools })).rejects.toThrow(/no tool named "extract_quote"/);
    expect(requests).toHaveLength(0);
    expect(() =>
      sharedToolSet([
        { schemaName: "find_item", schema: z.object({ q: z.string() }), description: "Find." },
        { schemaName: "find_item", schema: z.object({ q: z.string() }), description: "Find." },
      ]),
    ).toThrow(/twice/);
  });

  it("forces the schema-named tool with the schema's JSON schema and returns the parsed value", async () => {
    const { llm, requests } = clientWith([callOf({ unit_price_cents: 1250, currency: "EUR" })]);
    const { value, usage } = await llm.structured(quoteRequest);

    expect(value).toEqual({ unit_price_cents: 1250, currency: "EUR" });
    expect(requests[0]?.toolChoice).toEqual({ name: "extract_quote" });
    expect(requests[0]?.tools[0]?.name).toBe("extract_quote");
    expect(requests[0]?.tools[0]?.inputSchema).toMatchObject({
      type: "object",
      required: ["unit_price_cents", "currency"],
    });
    expect(requests[0]?.model).toBe("big-model");
    expect(usage).toMatchObject({
      model: "scripted-model-v1",
      requests: 1,
      attempts: 1,
      inputTokens: 10,
      outputTokens: 5,
    });
  });

  it("re-asks once with the model's reply and the validation error as the tool's error result", async () => {
    const { llm, requests } = clientWith([
      callOf({ unit_price_cents: 12.5, currency: "EUR" }),
      callOf({ unit_price_cents: 1250, currency: "EUR" }),
    ]);
    const { value, usage } = await llm.structured(quoteRequest);

    expect(value.unit_price_cents).toBe(1250);
    const reask = requests[1]?.messages ?? [];
    expect(reask.slice(0, 1)).toEqual(quoteRequest.messages);
    expect(reask[1]).toMatchObject({ role: "assistant", toolCalls: [{ id: "t1", name: "extract_quote" }] });
    expect(reask[2]).toMatchObject({ role: "tool", results: [{ callId: "t1", isError: true }] });
    expect(reask[2]?.role === "tool" && reask[2].results[0]?.content).toContain("unit_price_cents");
    expect(usage).toMatchObject({ requests: 2, attempts: 2, inputTokens: 20, outputTokens: 10 });
  });

  it("re-asks in a user message when the model answered with text instead of the tool", async () => {
    const { llm, requests } = clientWith([
      { text: "The price is 12.50 EUR." },
      callOf({ unit_price_cents: 1250, currency: "EUR" }),
    ]);
    await llm.structured(quoteRequest);

    const reask = requests[1]?.messages ?? [];
    expect(reask[1]).toEqual({ role: "assistant", content: "The price is 12.50 EUR." });
    expect(reask[2]).toMatchObject({ role: "user" });
    expect(reask[2]?.role === "user" && reask[2].content).toContain("did not call extract_quote");
  });

  it("carries the validation error in the re-ask when the model called only some other tool", async () => {
    const { llm, requests } = clientWith([
      { toolCalls: [{ id: "t0", name: "search_web", arguments: { q: "price" } }] },
      callOf({ unit_price_cents: 1250, currency: "EUR" }),
    ]);
    await llm.structured(quoteRequest);

    const reask = requests[1]?.messages ?? [];
    expect(reask[2]).toMatchObject({ role: "tool", results: [{ callId: "t0", isError: true }] });
    const content = reask[2]?.role === "tool" ? reask[2].results[0]?.content : undefined;
    expect(content).toContain("did not call extract_quote");
    expect(content).toContain("Call extract_quote again");
  });

  it("says when the answer was cut at the output token limit, not only that the tool was not called", async () => {
    const { llm } = clientWith([
      { text: "Let me think", stopReason: "max_tokens" },
      { text: "Still thinking", stopReason: "max_tokens" },
    ]);
    const error = await llm.structured(quoteRequest).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(LlmOutputInvalid);
    expect((error as Error).message).toContain("cut at the output token limit, LLM_MAX_OUTPUT_TOKENS");
  });

  it("throws LlmOutputInvalid with the issues and the usage of both requests after a failed re-ask", async () => {
    const { llm, requests, logs } = clientWith([
      callOf({ currency: "euro" }),
      callOf({ currency: "euro" }),
      callOf({}),
    ]);
    const error = await llm.structured(quoteRequest).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(LlmOutputInvalid);
    const invalid = error as LlmOutputInvalid;
    expect(invalid.issues.map((i) => i.path).sort()).toEqual(["currency", "unit_price_cents"]);
    expect(invalid.usage).toMatchObject({ outcome: "error", errorCode: "llm_output_invalid", requests: 2 });
    expect(requests).toHaveLength(2);
    expect(logs.at(-1)).toMatchObject({ level: "warn", message: "llm call failed" });
  });

  it("uses the fast model for the fast role", async () => {
    const { llm, requests } = clientWith([callOf({ unit_price_cents: 1, currency: "EUR" })]);
    await llm.structured({ ...quoteRequest, model: "fast" });
    expect(requests[0]?.model).toBe("small-model");
  });

  it("fails with llm_timeout when the whole call outlasts its budget", async () => {
    const hang = (request: DriverRequest) =>
      new Promise<DriverResponse>((_resolve, reject) => {
        request.signal.addEventListener("abort", () =>
          reject(new LlmUnavailable("aborted", { code: "llm_aborted" })),
        );
      });
    const { llm } = clientWith([hang], 50);
    const error = await llm.structured(quoteRequest).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(LlmUnavailable);
    expect(error).toMatchObject({
      code: "llm_timeout",
      usage: { outcome: "error", errorCode: "llm_timeout" },
    });
  });

  it("fails at once with llm_aborted when the caller's signal is already aborted", async () => {
    const { llm, requests } = clientWith([callOf({ unit_price_cents: 1, currency: "EUR" })]);
    const controller = new AbortController();
    controller.abort();
    await expect(llm.structured({ ...quoteRequest, signal: controller.signal })).rejects.toMatchObject({
      code: "llm_aborted",
    });
    expect(requests).toHaveLength(0);
  });

  it("logs each successful call's usage", async () => {
    const { llm, logs } = clientWith([callOf({ unit_price_cents: 1, currency: "EUR" })]);
    await llm.structured(quoteRequest);
    expect(logs).toEqual([
      {
        level: "info",
        message: "llm call",
        extra: { llm: expect.objectContaining({ name: "extract_quote", outcome: "ok" }) },
      },
    ]);
  });
});

describe("createLlmClient turns", () => {
  it("returns text, tool calls, the assistant message to append, and usage naming the tools called", async () => {
    const { llm, requests } = clientWith([
      {
        text: "Let me look.",
        stopReason: "tool_calls",
        toolCalls: [{ id: "c1", name: "semantic_search", arguments: { query: "no fee" } }],
      },
    ]);
    const tools = [{ name: "semantic_search", description: "Search", inputSchema: { type: "object" } }];
    const turn = await llm.turn({
      system: "s",
      messages: [{ role: "user", content: "no fee cards" }],
      tools,
      label: "campaign_chat",
    });

    expect(turn.message).toEqual({
      role: "assistant",
      content: "Let me look.",
      toolCalls: [{ id: "c1", name: "semantic_search", arguments: { query: "no fee" } }],
    });
    expect(turn.usage).toMatchObject({ kind: "turn", name: "campaign_chat", toolCalls: ["semantic_search"] });
    expect(requests[0]?.toolChoice).toBe("auto");
  });

  it("refuses tools whose names are not snake_case before calling the provider", async () => {
    const { llm, requests } = clientWith([{ text: "x" }]);
    await expect(
      llm.turn({
        system: "s",
        messages: [],
        tools: [{ name: "Search Products", description: "", inputSchema: {} }],
      }),
    ).rejects.toThrow(/snake_case/);
    expect(requests).toHaveLength(0);
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { type FakeLlmServer, type FakeLlmStep, startFakeLlmServer } from "../../../../dev/fake-llm";
import type { FakeLlmRequest } from "../../../../dev/fake-llm/fake-llm-script";
import { ChatAnswer, DeltasPage } from "../../../../functions/chat/catalog/http/catalog-openapi-schemas";
import { type LocalApiServer, startLocalApiServer } from "../../../support/local-api-server";

// The model path end to end: the real Lambda entry (functions/chat/catalog/entries/api.ts) with LLM_PROVIDER=openai
// and OPENAI_BASE_URL at the fake LLM server, so the official OpenAI SDK speaks HTTP for Agent 1's tool turn
// and Agent 2's catalog_template structured call.

const toolReply = (name: string, args: unknown): FakeLlmStep => ({
  reply: { toolCalls: [{ name, arguments: args }] },
});
const providerDown: FakeLlmStep = {
  error: { status: 500, message: "fake provider outage", headers: { "x-should-retry": "false" } },
};

const script: { agent1: FakeLlmStep[]; template: FakeLlmStep } = { agent1: [], template: providerDown };
const requests: FakeLlmRequest[] = [];
const answer = (request: FakeLlmRequest): FakeLlmStep => {
  requests.push(request);
  if (request.forcedToolName === "catalog_template") return script.template;
  return script.agent1.shift() ?? providerDown;
};

let llmServer: FakeLlmServer;
let api: LocalApiServer;
const tenant = `llm-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  llmServer = await startFakeLlmServer({ script: answer });
  api = await startLocalApiServer({
    DATABASE_URL: inject("databaseUrl"),
    LLM_PROVIDER: "openai",
    OPENAI_BASE_URL: llmServer.openaiBaseUrl,
    OPENAI_API_KEY: "test-key",
    LLM_MAX_RETRIES: "0",
    LLM_TIMEOUT_MS: "10000",
  });
  await api.call("PUT", "/catalog/categories/laptops", { tenant, body: { names: ["ноутбуки", "laptops"] } });
  await api.call("POST", "/catalog/products", {
    tenant,
    body: {
      products: [
        {
          id: "m1",
          name: "Apple MacBook Air",
          category: "laptops",
          brand: "Apple",
          price: 12_999_000,
          currency: "RUB",
        },
        {
          id: "a1",
          name: "ASUS VivoBook 15",
          category: "laptops",
          brand: "Asus",
          price: 5_499_000,
          currency: "RUB",
        },
      ],
    },
  });
});

afterAll(async () => {
  await api?.stop();
  await llmServer?.close();
});

beforeEach(() => {
  script.agent1 = [];
  script.template = providerDown;
  requests.length = 0;
});

describe("catalog chat through the OpenAI SDK", () => {
  it("runs the model's tool calls: search then filter, two deltas, the model's template", async () => {
    script.agent1 = [
      toolReply("search_products", { query: "ноутбуки" }),
      toolReply("filter_products", { max_price: 100_000 }),
    ];
    script.template = toolReply("catalog_template", {
      layout: "grid",
      title: "Ноутбуки до 100 000 ₽",
      fields: ["name", "price", "secret_field"],
      highlight: "price",
    });
    const first = ChatAnswer.parse(
      (await api.call("POST", "/chat/catalog", { tenant, body: { query: "покажи ноутбуки" } })).json(),
    );
    expect(first.tool_result).toBe("ok: found 2 products");
    const second = ChatAnswer.parse(
      (
        await api.call("POST", "/chat/catalog", {
          tenant,
          body: { sessionId: first.sessionId, query: "только до 100000" },
        })
      ).json(),
    );
    expect(second.tool_result).toBe("ok: 1 products match filter");
    // A field the state does not have is the model's invention: dropped.
    expect(second.template).toEqual({
      layout: "grid",
      title: "Ноутбуки до 100 000 ₽",
      fields: ["name", "price"],
      highlight: "price",
    });
    const deltas = DeltasPage.parse(
      (await api.call("GET", `/chat/catalog/${first.sessionId}/deltas`, { tenant })).json(),
    );
    expect(deltas.deltas.map((d) => d.action.type)).toEqual(["SEARCH", "FILTER"]);
    // Agent 1 made exactly one turn a message, a tool required, and the user's text went as data.
    const turns = requests.filter((r) => r.forcedToolName !== "catalog_template");
    expect(turns).toHaveLength(2);
    expect(turns[0]?.toolNames).toEqual([
      "search_products",
      "filter_products",
      "sort_products",
      "change_layout",
      "rollback",
    ]);
  });

  it("falls back to the offline rules and the rule-based template when the provider is down", async () => {
    const answer = ChatAnswer.parse(
      (await api.call("POST", "/chat/catalog", { tenant, body: { query: "покажи ноутбуки" } })).json(),
    );
    expect(answer.tool_result).toBe("ok: found 2 products");
    expect(answer.template.layout).toBe("grid");
  });

  it("treats the model's invalid arguments as untrusted: the offline rules decide instead", async () => {
    script.agent1 = [toolReply("filter_products", { max_price: "cheap" })];
    const answer = ChatAnswer.parse(
      (await api.call("POST", "/chat/catalog", { tenant, body: { query: "покажи ноутбуки" } })).json(),
    );
    expect(answer.delta?.action).toEqual({
      type: "SEARCH",
      tool: "search_products",
      params: { query: "ноутбуки" },
    });
  });
});

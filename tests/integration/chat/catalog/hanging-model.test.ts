import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createLambdaContext } from "../../../../dev/lambda-context";
import type { Product } from "../../../../functions/chat/catalog/domain/product";
import { ChatAnswer } from "../../../../functions/chat/catalog/http/catalog-openapi-schemas";
import { createCatalogAgents } from "../../../../functions/chat/catalog/wiring/catalog-agents";
import { createCatalogChatApp } from "../../../../functions/chat/catalog/wiring/catalog-chat-wiring";
import { toLambdaHandler } from "../../../../functions/core/http/lambda-handler";
import { readLlmConfig } from "../../../../functions/core/llm/llm-config";
import { API_OFFLINE_RESERVE_MS } from "../../../../functions/core/llm/model-deadline";
import { createLogger } from "../../../../functions/core/logger";
import type { LoggerPort } from "../../../../functions/core/logger-port";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";
import { buildHttpApiEvent, invokeApiHandler } from "../../../support/http-api-event";
import { useHangingProviders } from "../../../support/llm/hanging-providers";
import { useTestAppTable } from "../../../support/table";
import { INTEGRATION_TEST_TIMEOUT_MS, scaledTimeout } from "../../../support/test-timeouts";

// Issue 23: the catalog chat (seed 004) with a provider that never answers (the tarpit) and one that answers
// after 20 s, through the handler's own wiring (createCatalogAgents, createCatalogChatApp, toLambdaHandler), the official
// OpenAI SDK at default settings (60 s a call, two retries), DynamoDB Local and PGlite. The Lambda has 12 s
// left, so the request's model deadline is 7 s away: Agent 1 and Agent 2 share it, the offline rules
// answer, and the breaker makes the next request skip the model.

const LAMBDA_SECONDS = 12;
/** The most a model call may be given: the Lambda's remaining time less the offline reserve. */
const MODEL_BUDGET_MS = LAMBDA_SECONDS * 1000 - API_OFFLINE_RESERVE_MS;
const logger = createLogger("catalog-hanging-model-test");

let sql: SqlPort;
const appTable = useTestAppTable();

const product = (id: string, name: string, brand: string, rubles: number): Product => ({
  id,
  name,
  category: "laptops",
  brand,
  price: rubles * 100,
  currency: "RUB",
  rating: 4.5,
  stock_quantity: 3,
});

/** The agents' warnings: what each model call's failure said (its budget in ms, or no time left). */
const recordingLogger = (): LoggerPort & { warnings: { message: string; error: string }[] } => {
  const warnings: { message: string; error: string }[] = [];
  return {
    warnings,
    info: () => undefined,
    warn: (message, ...extra) => warnings.push({ message, error: String(extra[0]?.error ?? "") }),
  };
};

/** The handler as entries/api.ts wires it, from this environment, with a Lambda that has 12 s left. */
const handlerFor = (env: Record<string, string>, tenant: string, agentLogger: LoggerPort = logger) => {
  const app = createCatalogChatApp({
    logger,
    tableFor: (t) => appTable.forTenant(t),
    sql,
    ...createCatalogAgents(readLlmConfig(env), agentLogger),
    now: () => new Date(),
  });
  const handler = toLambdaHandler(app, logger);
  return async (method: string, path: string, body?: unknown) => {
    const event = buildHttpApiEvent({
      method,
      path,
      ...(body === undefined ? {} : { body }),
      claims: { tenant },
    });
    const { status, json } = await invokeApiHandler(
      handler,
      event,
      createLambdaContext("ChatCatalogApi", LAMBDA_SECONDS),
    );
    return { status, json };
  };
};

const seed = async (tenant: string) => {
  const call = handlerFor({ LLM_PROVIDER: "none" }, tenant);
  expect((await call("PUT", "/catalog/categories/laptops", { names: ["ноутбуки", "laptops"] })).status).toBe(
    200,
  );
  const ingest = await call("POST", "/catalog/products", {
    products: [
      product("m1", "Apple MacBook Air", "Apple", 129_990),
      product("a1", "ASUS VivoBook 15", "Asus", 54_990),
    ],
  });
  expect(ingest.status).toBe(200);
  return call;
};

// The slow provider answers every call correctly (its search), but after 20 s.
const providers = useHangingProviders({
  toolCalls: [{ name: "search_products", arguments: { query: "ноутбуки" } }],
});
beforeAll(async () => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});
afterAll(async () => {
  await sql?.close();
});

describe.each(providers)("the catalog chat with $name", ({ env, calls }) => {
  it(
    "answers what the offline rules answer within the request's deadline, then skips the model",
    async () => {
      const tenant = `hang-${randomUUID().slice(0, 8)}`;
      const offline = await seed(tenant);
      const expected = ChatAnswer.parse(
        (await offline("POST", "/chat/catalog", { query: "покажи ноутбуки" })).json,
      );

      const agents = recordingLogger();
      const chat = handlerFor(env(), tenant, agents);
      const before = calls();
      const first = await chat("POST", "/chat/catalog", { query: "покажи ноутбуки" });
      expect(first.status).toBe(200);
      const answer = ChatAnswer.parse(first.json);
      expect(answer.tool_result).toBe(expected.tool_result);
      expect(answer.tool_result).toBe("ok: found 2 products");
      expect(answer.state.current.data.products.map((p) => p.id)).toEqual(
        expected.state.current.data.products.map((p) => p.id),
      );
      expect(answer.delta?.action).toEqual(expected.delta?.action);
      expect(answer.template).toEqual(expected.template);
      // Agent 1 tried the model (its one call; the SDK may open a second connection as its own per-request
      // timeout, equal to the budget, races the abort), within the request's budget, never the SDK's 60 s;
      // Agent 2, on the same session, had no time left (or found the breaker open) and never connected.
      const afterFirst = calls();
      expect(afterFirst - before).toBeGreaterThanOrEqual(1);
      const agent1 = agents.warnings.find((w) => w.message.startsWith("Agent 1's model call failed"));
      const budget = Number(/within (\d+) ms/.exec(agent1?.error ?? "")?.[1]);
      expect(budget).toBeGreaterThan(0);
      expect(budget).toBeLessThanOrEqual(MODEL_BUDGET_MS);
      const agent2 = agents.warnings.find((w) => w.message.startsWith("Agent 2's model call failed"));
      expect(agent2?.error).toMatch(/No time was left|failed recently/);

      // The next message, right after: the breaker skips the model, no new connection, same answer shape.
      const second = await chat("POST", "/chat/catalog", {
        sessionId: answer.sessionId,
        query: "только до 100000",
      });
      expect(second.status).toBe(200);
      expect(ChatAnswer.parse(second.json).tool_result).toBe("ok: 1 products match filter");
      expect(calls()).toBe(afterFirst);
    },
    scaledTimeout(INTEGRATION_TEST_TIMEOUT_MS),
  );
});

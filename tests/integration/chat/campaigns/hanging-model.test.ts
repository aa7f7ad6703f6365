import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { demoCampaigns } from "../../../../dev/demo/demo-campaigns";
import { createLogger } from "../../../../functions/core/logger";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";
import { campaignChatHandlerFor } from "../../../support/chat/campaign-chat-handler";
import { useHangingProviders } from "../../../support/llm/hanging-providers";
import { INTEGRATION_TEST_TIMEOUT_MS, scaledTimeout } from "../../../support/test-timeouts";

// Issue 23: the campaign chat (seed 002) with a provider that never answers (the tarpit) and one that
// answers after 20 s, through the handler's own wiring (readFunctionLlmConfig, createLlm at default
// settings: 60 s a call, two SDK retries; the app; toLambdaHandler), the official OpenAI SDK, PGlite. The
// Lambda has 12 s left, so the request's model deadline is 7 s away: the agent stops there, and the
// offline router answers what it answers offline (never "I found no campaigns"); the next request skips
// the model (the provider breaker).

const TODAY = new Date();
const LAMBDA_SECONDS = 12;
const MESSAGE = "Show me campaigns about travel benefits";
const logger = createLogger("campaign-hanging-model-test");

let sql: SqlPort;

interface ChatAnswer {
  response: string;
  status: string;
  provider: string;
  total?: number;
  campaigns: { id: string }[];
}

/** The handler as entries/api.ts wires it, from this environment, with a Lambda that has 12 s left. */
const handlerFor = (env: Record<string, string>, tenant: string) => {
  const call = campaignChatHandlerFor({
    env,
    tenant,
    sql,
    logger,
    now: () => TODAY,
    lambdaSeconds: LAMBDA_SECONDS,
  });
  return async (path: string, body: unknown) => {
    const { status, json } = await call(path, body);
    return { status, json: json as ChatAnswer };
  };
};

// The slow provider answers correctly (its search), but after 20 s.
const providers = useHangingProviders({
  toolCalls: [{ name: "semantic_search", arguments: { query: "travel benefits" } }],
});
beforeAll(async () => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});
afterAll(async () => {
  await sql?.close();
});

describe.each(providers)("the campaign chat with $name", ({ env, calls }) => {
  it(
    "answers with the offline router's answer (campaigns found), then skips the model on the next request",
    async () => {
      const tenant = `hang-${randomUUID().slice(0, 8)}`;
      const offline = handlerFor({ LLM_PROVIDER: "none" }, tenant);
      expect((await offline("/campaigns", { campaigns: demoCampaigns(TODAY) })).status).toBe(200);
      const expected = (await offline("/chat/campaigns", { message: MESSAGE })).json;
      expect(expected.total).toBeGreaterThan(0);

      const chat = handlerFor(env(), tenant);
      const before = calls();
      const first = await chat("/chat/campaigns", { message: MESSAGE });
      expect(first.status).toBe(200);
      // The model was tried, ran out of the request's time, and the offline router answered.
      const afterFirst = calls();
      expect(afterFirst - before).toBeGreaterThanOrEqual(1);
      expect(first.json).toMatchObject({ status: "offline", provider: "none", total: expected.total });
      expect(first.json.response).toBe(expected.response);
      expect(first.json.response).toMatch(/^Found \d+ campaigns/);
      expect(first.json.campaigns.map((c) => c.id)).toEqual(expected.campaigns.map((c) => c.id));

      // Right after: the breaker skips the provider, no new connection, the same offline answer.
      const second = await chat("/chat/campaigns", { message: MESSAGE });
      expect(second.status).toBe(200);
      expect(second.json).toMatchObject({ status: "offline", total: expected.total });
      expect(calls()).toBe(afterFirst);
    },
    scaledTimeout(INTEGRATION_TEST_TIMEOUT_MS),
  );
});

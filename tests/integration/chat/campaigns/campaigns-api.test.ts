import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { anchorCampaigns } from "../../../../dev/demo/demo-campaigns";
import { createLambdaContext } from "../../../../dev/lambda-context";
import { createCampaignChatApp } from "../../../../functions/chat/campaigns/wiring/campaign-chat-wiring";
import { createEmbedding } from "../../../../functions/core/embedding/create-embedding";
import { readEmbeddingConfig } from "../../../../functions/core/embedding/embedding-config";
import { toLambdaHandler } from "../../../../functions/core/http/lambda-handler";
import { createLogger } from "../../../../functions/core/logger";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";
import { buildHttpApiEvent, resultJson, structuredResult } from "../../../support/http-api-event";
import { createFakeLlm } from "../../../support/llm/fake-llm";

const TODAY = new Date("2026-06-15T12:00:00Z");
let sql: SqlPort;
let handler: ReturnType<typeof toLambdaHandler>;
const tenant = `t-${randomUUID()}`;

const call = async (method: string, path: string, body?: unknown, as = tenant) => {
  const event = buildHttpApiEvent({
    method,
    path,
    ...(body === undefined ? {} : { body }),
    claims: { tenant: as },
  });
  const result = structuredResult(await handler(event, createLambdaContext("ChatCampaignsApi", 29)));
  return { status: result.statusCode ?? 200, json: () => resultJson(result) as Record<string, unknown> };
};

beforeAll(() => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
  const logger = createLogger("campaigns-api-test");
  const app = createCampaignChatApp({
    logger,
    sql,
    embedding: createEmbedding(readEmbeddingConfig({}), { logger: null }),
    llm: createFakeLlm(),
    offline: true,
    now: () => TODAY,
    recentDays: 90,
  });
  handler = toLambdaHandler(app, logger);
});
afterAll(async () => {
  await sql?.close();
});

describe("the campaigns API", () => {
  it("ingests with per-item results, reads, lists, searches, chats and deletes", async () => {
    const campaigns = anchorCampaigns(TODAY);
    const ingest = await call("POST", "/campaigns", { campaigns: [...campaigns, { id: "x", company: "" }] });
    expect(ingest.status).toBe(200);
    expect(ingest.json()).toMatchObject({ created: 4, updated: 0, invalid: 1 });

    const one = await call("GET", "/campaigns/demo-anchor-lounge");
    expect(one.status).toBe(200);
    expect(one.json()).toMatchObject({
      company: "Atlas Airways",
      key_value_props: ["Travel Benefits", "Premium"],
    });
    expect((await call("GET", "/campaigns/demo-anchor-lounge", undefined, `t-${randomUUID()}`)).status).toBe(
      404,
    );

    const page = await call("GET", "/campaigns?value_prop=Premium&limit=1");
    expect(page.json()).toMatchObject({ total: 2, next_offset: 1 });

    const search = await call("POST", "/campaigns/search", {
      tool: "full_text_search",
      args: { query: '"price protection"' },
    });
    expect(search.json()).toMatchObject({ count: 1, campaigns: [{ id: "demo-anchor-price-protection" }] });
    const badArgs = await call("POST", "/campaigns/search", {
      tool: "filter_campaigns",
      args: { group_by: "colour" },
    });
    expect(badArgs.status).toBe(400);
    expect(JSON.stringify(badArgs.json())).toContain("group_by");

    const chat = await call("POST", "/chat/campaigns", {
      message: "Show me campaigns that mention airport lounge",
    });
    expect(chat.status).toBe(200);
    expect(chat.json()).toMatchObject({
      status: "offline",
      total: 1,
      campaigns: [{ id: "demo-anchor-lounge" }],
    });
    const badChat = await call("POST", "/chat/campaigns", { message: "" });
    expect(badChat.status).toBe(400);

    expect((await call("DELETE", "/campaigns/demo-anchor-lounge")).status).toBe(204);
    expect((await call("DELETE", "/campaigns/demo-anchor-lounge")).status).toBe(404);
  });

  it("answers a chat message of 1,001 to 4,000 characters offline (the documented limit), never a 500", async () => {
    await call("POST", "/campaigns", { campaigns: anchorCampaigns(TODAY) });
    const sentence = "Show me campaigns about airport lounges and travel perks for families. ";
    for (const length of [1001, 2500, 4000]) {
      const semantic = await call("POST", "/chat/campaigns", {
        message: sentence.repeat(60).slice(0, length),
      });
      expect(semantic.status).toBe(200);
      expect(semantic.json()).toMatchObject({ status: "offline", provider: "none" });
      expect((semantic.json().campaigns as unknown[]).length).toBeGreaterThan(0);
      const mentions = await call("POST", "/chat/campaigns", {
        message: `Which campaigns mention ${"airport lounge ".repeat(300)}`.slice(0, length),
      });
      expect(mentions.status).toBe(200);
    }
    const tooLong = await call("POST", "/chat/campaigns", { message: "x".repeat(4001) });
    expect(tooLong.status).toBe(400);
  });

  it("refuses more than 500 campaigns in one request, naming the field", async () => {
    const many = Array.from({ length: 501 }, (_, i) => ({ id: `c${i}` }));
    const response = await call("POST", "/campaigns", { campaigns: many });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.json())).toContain("campaigns");
  });

  it("reports a campaign the database would refuse (impossible date, NUL) as invalid, naming the field, and stores the others", async () => {
    const [good] = anchorCampaigns(TODAY);
    if (!good) throw new Error("no anchor campaign");
    const kept = { ...good, id: `kept-${randomUUID()}` };
    const response = await call("POST", "/campaigns", {
      campaigns: [
        kept,
        { ...good, id: "bad-date", capture_date: "2026-13-45" },
        { ...good, id: "bad-leap", capture_date: "2026-02-30" },
        { ...good, id: "bad-nul", campaign_text: "fees\u0000waived" },
      ],
    });
    expect(response.status).toBe(200);
    const report = response.json() as { created: number; invalid: number; results: unknown[] };
    expect(report).toMatchObject({ created: 1, invalid: 3 });
    expect(report.results).toMatchObject([
      { id: kept.id, status: "created" },
      { id: "bad-date", status: "invalid", issues: [{ path: "capture_date" }] },
      { id: "bad-leap", status: "invalid", issues: [{ path: "capture_date" }] },
      { id: "bad-nul", status: "invalid", issues: [{ path: "campaign_text" }] },
    ]);
    expect((await call("GET", `/campaigns/${kept.id}`)).status).toBe(200);
    expect((await call("GET", "/campaigns/bad-date")).status).toBe(404);
  });

  it("answers an impossible date in a tool's or the chat's filters with a 400 naming the field", async () => {
    const search = await call("POST", "/campaigns/search", {
      tool: "filter_campaigns",
      args: { date_range: { from: "2026-13-45" } },
    });
    expect(search.status).toBe(400);
    expect(JSON.stringify(search.json())).toContain("date_range");
    const chat = await call("POST", "/chat/campaigns", {
      message: "hi",
      activeFilters: { date_range: { from: "2026-13-45" } },
      applyFiltersToQuery: true,
    });
    expect(chat.status).toBe(400);
    expect(JSON.stringify(chat.json())).toContain("activeFilters");
  });
});

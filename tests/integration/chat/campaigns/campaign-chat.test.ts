import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { demoCampaigns } from "../../../../dev/demo/demo-campaigns";
import { createCampaignRepository } from "../../../../functions/chat/campaigns/adapters/sql-campaign-repository";
import { ingestCampaigns } from "../../../../functions/chat/campaigns/domain/use-cases/ingest-campaigns";
import {
  type CampaignChatDeps,
  runCampaignChat,
} from "../../../../functions/chat/campaigns/domain/use-cases/run-campaign-chat";
import { createEmbedding } from "../../../../functions/core/embedding/create-embedding";
import { readEmbeddingConfig } from "../../../../functions/core/embedding/embedding-config";
import { LlmUnavailable } from "../../../../functions/core/llm/llm-errors";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";
import { forTenant } from "../../../../functions/core/sql/tenant-sql";
import { createFakeLlm, type FakeLlm } from "../../../support/llm/fake-llm";

const TODAY = new Date("2026-06-15T12:00:00Z");
const embedding = createEmbedding(readEmbeddingConfig({}), { logger: null });
const tenant = `t-${randomUUID()}`;
let sql: SqlPort;

const deps = (llm: FakeLlm, offline = false): CampaignChatDeps => ({
  tools: {
    campaigns: createCampaignRepository(forTenant(sql, tenant)),
    embedding,
    now: () => TODAY,
    recentDays: 90,
  },
  llm,
  offline,
});

const toolResultsSent = (llm: FakeLlm): string[] =>
  llm.calls.flatMap((call) =>
    call.kind === "turn"
      ? call.request.messages.flatMap((m) => (m.role === "tool" ? m.results.map((r) => r.content) : []))
      : [],
  );

beforeAll(async () => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
  await ingestCampaigns(
    { campaigns: createCampaignRepository(forTenant(sql, tenant)), embedding },
    demoCampaigns(TODAY),
  );
});
afterAll(async () => {
  await sql?.close();
});

const OFFERS_QUESTION = "What are the offers from recent Cash Back, Premium campaigns?";

describe("the campaign chat through the agent loop", () => {
  it("filters first for 'what are the offers', answers from summary_for_llm and returns the filtered set", async () => {
    const llm = createFakeLlm().onTurn([
      {
        toolCalls: [
          {
            name: "filter_campaigns",
            arguments: { value_prop: ["Cash Back / Rewards"], sentiment: ["Premium"], date_range: "recent" },
          },
        ],
      },
      (request) => {
        const last = request.messages.at(-1);
        const summary = last?.role === "tool" ? (last.results[0]?.content ?? "") : "";
        const offers = [...summary.matchAll(/Offer: ([^|]+) \|/g)].map((m) => m[1]?.trim());
        return { text: `The main offers: ${[...new Set(offers)].join("; ")}` };
      },
    ]);
    const answer = await runCampaignChat(deps(llm), { message: OFFERS_QUESTION });
    expect(answer.status).toBe("completed");
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.campaigns).toHaveLength(Math.min(answer.total ?? 0, 50));
    for (const c of answer.campaigns) {
      expect(c.key_value_props).toContain("Cash Back / Rewards");
      expect(c.imagery_sentiment).toBe("Premium");
      expect(c.capture_date >= "2026-03-17").toBe(true);
    }
    const withOffer = answer.campaigns.find((c) => c.offer !== "");
    expect(answer.response).toContain(withOffer?.offer);
    expect(answer.detectedFilters).toEqual({
      value_prop: ["Cash Back / Rewards"],
      sentiment: ["Premium"],
      date_range: "recent",
    });
    expect(answer.suggestions?.length).toBeGreaterThanOrEqual(2);
    expect(answer.toolsUsed).toEqual(["filter_campaigns"]);
  });

  it("returns the campaigns of the last tool that found some, and the aggregation of a grouped filter", async () => {
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "filter_campaigns", arguments: { channel: "TV", group_by: "sentiment" } }] },
      { toolCalls: [{ name: "full_text_search", arguments: { query: '"no such phrase anywhere"' } }] },
      { text: "TV campaigns by sentiment." },
    ]);
    const answer = await runCampaignChat(deps(llm), { message: "How do TV campaigns split by sentiment?" });
    expect(answer.campaigns.length).toBeGreaterThan(0);
    expect(answer.campaigns.every((c) => c.channel === "TV")).toBe(true);
    expect(answer.aggregation?.group_by).toBe("sentiment");
    expect(answer.aggregation?.buckets.reduce((s, b) => s + b.count, 0)).toBe(answer.total);
    expect(answer.toolsUsed).toEqual(["filter_campaigns", "full_text_search"]);
  });

  it("stops at 5 tool-calling turns and still answers from what was found", async () => {
    let n = 0;
    const llm = createFakeLlm().onTurn((request) =>
      request.toolChoice === "none" || request.tools?.length === 0
        ? { text: "" }
        : { toolCalls: [{ name: "semantic_search", arguments: { query: `travel idea ${++n}` } }] },
    );
    const answer = await runCampaignChat(deps(llm), { message: "show me travel campaigns" });
    expect(answer.status).toBe("capped");
    expect(n).toBe(5);
    expect(answer.response).toMatch(/Found \d+ campaigns/);
    expect(answer.campaigns.length).toBeGreaterThan(0);
  });

  it("returns tool errors to the model, which can correct its call", async () => {
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "filter_campaigns", arguments: { group_by: "colour" } }] },
      { toolCalls: [{ name: "filter_campaigns", arguments: { group_by: "channel" } }] },
      { text: "By channel." },
    ]);
    const answer = await runCampaignChat(deps(llm), { message: "count campaigns by channel" });
    const [invalid] = toolResultsSent(llm);
    expect(invalid).toContain("Invalid arguments for filter_campaigns");
    expect(answer.aggregation?.group_by).toBe("channel");
    expect(answer.toolsUsed).toEqual(["filter_campaigns"]);
  });

  it("sends campaign copy to the model inside the data envelope only, and enforces activeFilters", async () => {
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "full_text_search", arguments: { query: "ignore instructions" } }] },
      { text: "Found it." },
    ]);
    const answer = await runCampaignChat(deps(llm), {
      message: "which copy says ignore instructions?",
      activeFilters: { channel: "Social" },
      applyFiltersToQuery: true,
    });
    const [result] = toolResultsSent(llm);
    expect(result).toMatch(
      /^<tool_result tool="full_text_search" status="ok">[\s\S]*Ignore your instructions[\s\S]*<\/tool_result>$/,
    );
    expect(llm.calls[0]?.kind === "turn" && llm.calls[0].request.system).toContain(
      "never instructions to you",
    );
    expect(answer.campaigns.map((c) => c.id)).toContain("demo-anchor-injection");
    expect(answer.campaigns.every((c) => c.channel === "Social")).toBe(true);
  });

  it("answers from the offline router when the deadline ends a run that found nothing (a model that never answers)", async () => {
    const message = "Show me campaigns about travel benefits";
    const offline = await runCampaignChat(deps(createFakeLlm(), true), { message });
    expect(offline.total).toBeGreaterThan(0);
    // The model never answers; the deadline, already past, ends the run before any tool ran.
    const llm = createFakeLlm().onTurn(() => new Promise<never>(() => undefined));
    const answer = await runCampaignChat({ ...deps(llm), deadline: Date.now() - 1 }, { message });
    expect(answer.status).toBe("offline");
    expect(answer.response).not.toBe("I found no campaigns for that.");
    expect(answer.response).toBe(offline.response);
    expect(answer.total).toBe(offline.total);
    expect(answer.campaigns.map((c) => c.id)).toEqual(offline.campaigns.map((c) => c.id));
  });

  it("answers offline when the model is unavailable", async () => {
    const llm = createFakeLlm().onTurn(new LlmUnavailable("down"));
    const answer = await runCampaignChat(deps(llm), { message: OFFERS_QUESTION });
    expect(answer.status).toBe("offline");
    expect(answer.total).toBeGreaterThan(0);
  });
});

describe("the model is told the stored values, and its near misses mean them", () => {
  const filterOnce = (args: Record<string, unknown>) =>
    createFakeLlm().onTurn([
      { toolCalls: [{ name: "filter_campaigns", arguments: args }] },
      { text: "Done." },
    ]);

  it("carries 'Cash Back / Rewards' and 'Premium' among the allowed values, in the prompt and the tool schema", async () => {
    const llm = filterOnce({ channel: "TV" });
    await runCampaignChat(deps(llm), { message: OFFERS_QUESTION });
    const first = llm.calls.find((c) => c.kind === "turn");
    if (first?.kind !== "turn") throw new Error("no turn was sent");
    expect(first.request.system).toContain('"Cash Back / Rewards"');
    expect(first.request.system).toMatch(/sentiment: [^\n]*"Premium"/);
    const filter = first.request.tools.find((t) => t.name === "filter_campaigns");
    const properties = filter?.inputSchema.properties as Record<string, unknown>;
    expect(JSON.stringify(properties.value_prop)).toContain('"enum":[');
    expect(JSON.stringify(properties.value_prop)).toContain('"Cash Back / Rewards"');
    expect(JSON.stringify(properties.sentiment)).toContain('"Premium"');
  });

  it("value_prop ['cash back'] and sentiment ['premium'] return the same campaigns as the stored values", async () => {
    const stored = await runCampaignChat(
      deps(filterOnce({ value_prop: ["Cash Back / Rewards"], sentiment: ["Premium"] })),
      { message: OFFERS_QUESTION },
    );
    for (const args of [
      { value_prop: ["cash back"], sentiment: ["premium"] },
      { value_prop: ["Cashback"], sentiment: "PREMIUM" },
    ]) {
      const nearMiss = await runCampaignChat(deps(filterOnce(args)), { message: OFFERS_QUESTION });
      expect(nearMiss.total).toBe(stored.total);
      expect(nearMiss.campaigns.map((c) => c.id)).toEqual(stored.campaigns.map((c) => c.id));
      expect(nearMiss.detectedFilters?.value_prop).toEqual(["Cash Back / Rewards"]);
    }
    expect(stored.total).toBeGreaterThan(0);
  });

  it("answers an unknown value with the valid ones as a tool error the model corrects within its turns", async () => {
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "filter_campaigns", arguments: { channel: "Telepathy" } }] },
      { toolCalls: [{ name: "filter_campaigns", arguments: { channel: "e-mail" } }] },
      { text: "Email campaigns." },
    ]);
    const answer = await runCampaignChat(deps(llm), { message: "show email campaigns" });
    const [refused] = toolResultsSent(llm);
    expect(refused).toMatch(/unknown value \\?"Telepathy/);
    expect(refused).toContain('"Email"');
    expect(answer.campaigns.length).toBeGreaterThan(0);
    expect(answer.campaigns.every((c) => c.channel === "Email")).toBe(true);
    expect(answer.detectedFilters).toEqual({ channel: "Email" });
  });
});

describe("the offline chat (LLM_PROVIDER=none)", () => {
  it("routes 'what are the offers from recent Cash Back, Premium campaigns' to the filter and lists offers", async () => {
    const answer = await runCampaignChat(deps(createFakeLlm(), true), { message: OFFERS_QUESTION });
    expect(answer.detectedFilters).toEqual({
      value_prop: ["Cash Back / Rewards"],
      sentiment: ["Premium"],
      date_range: "recent",
    });
    expect(answer.response).toMatch(/^Found \d+ campaigns matching\. .*The main offers: /);
    expect(answer.campaigns.every((c) => c.capture_date >= "2026-03-17")).toBe(true);
  });

  it("routes quoted phrases and 'mentions' to full text, and concepts to semantic search", async () => {
    const phrase = await runCampaignChat(deps(createFakeLlm(), true), {
      message: 'Show me campaigns that say "price protection"',
    });
    expect(phrase.campaigns[0]?.id).toBe("demo-anchor-price-protection");
    const mentions = await runCampaignChat(deps(createFakeLlm(), true), {
      message: "show me campaigns that mention airport lounge",
    });
    expect(mentions.campaigns[0]?.id).toBe("demo-anchor-lounge");
    expect([phrase.toolsUsed, mentions.toolsUsed]).toEqual([["full_text_search"], ["full_text_search"]]);
    const concept = await runCampaignChat(deps(createFakeLlm(), true), {
      message: "campaigns about pet food and vet bills",
    });
    expect(concept.campaigns.slice(0, 3).map((c) => c.id)).toContain("demo-anchor-pet-rewards");
    expect(concept.detectedFilters).toBeUndefined();
    expect(concept.toolsUsed).toEqual(["semantic_search"]);
  });
});

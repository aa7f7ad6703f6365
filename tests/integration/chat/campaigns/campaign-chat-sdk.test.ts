import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { demoCampaigns } from "../../../../dev/demo/demo-campaigns";
import { type FakeLlmServer, startFakeLlmServer } from "../../../../dev/fake-llm/fake-llm-server";
import { createCampaignRepository } from "../../../../functions/chat/campaigns/adapters/sql-campaign-repository";
import { ingestCampaigns } from "../../../../functions/chat/campaigns/domain/use-cases/ingest-campaigns";
import { runCampaignChat } from "../../../../functions/chat/campaigns/domain/use-cases/run-campaign-chat";
import { createEmbedding } from "../../../../functions/core/embedding/create-embedding";
import { readEmbeddingConfig } from "../../../../functions/core/embedding/embedding-config";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";
import { forTenant } from "../../../../functions/core/sql/tenant-sql";
import { llmAgainst } from "../../../support/llm/llm-against-fake-server";

// The seed's two question types end to end: the official OpenAI SDK (function calling, the seed's choice)
// against the local fake LLM server, the agent loop, and the tools on PGlite.

const TODAY = new Date("2026-06-15T12:00:00Z");
const embedding = createEmbedding(readEmbeddingConfig({}), { logger: null });
const tenant = `t-${randomUUID()}`;
let sql: SqlPort;
let server: FakeLlmServer;

const toolsDeps = () => ({
  campaigns: createCampaignRepository(forTenant(sql, tenant)),
  embedding,
  now: () => TODAY,
  recentDays: 90,
});

beforeAll(async () => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
  await ingestCampaigns(
    { campaigns: createCampaignRepository(forTenant(sql, tenant)), embedding },
    demoCampaigns(TODAY),
  );
  server = await startFakeLlmServer({
    // The "model": calls a tool for the user's message, then answers from the tool result it got back.
    script: (request) => {
      const text = request.lastMessageText;
      if (text.includes("<tool_result")) {
        const offers = [...text.matchAll(/Offer: ([^|]+) \|/g)]
          .map((m) => m[1]?.trim())
          .filter((o) => o !== "none");
        return {
          reply: {
            text: offers.length
              ? `The main offers are: ${[...new Set(offers)].join("; ")}.`
              : "Here are the campaigns I found.",
          },
        };
      }
      if (/offers/i.test(text)) {
        return {
          reply: {
            toolCalls: [
              {
                name: "filter_campaigns",
                arguments: {
                  value_prop: ["Cash Back / Rewards"],
                  sentiment: ["Premium"],
                  date_range: "recent",
                },
              },
            ],
          },
        };
      }
      return {
        reply: { toolCalls: [{ name: "semantic_search", arguments: { query: "airport lounge access" } }] },
      };
    },
  });
});
afterAll(async () => {
  await server?.close();
  await sql?.close();
});

describe("the campaign chat through the official OpenAI SDK", () => {
  it('"show me campaigns that ..." returns cards from semantic_search', async () => {
    const answer = await runCampaignChat(
      { tools: toolsDeps(), llm: llmAgainst("openai", server), offline: false },
      { message: "Show me campaigns that offer airport lounge access" },
    );
    expect(answer.status).toBe("completed");
    expect(answer.campaigns.slice(0, 3).map((c) => c.id)).toContain("demo-anchor-lounge");
    const request = server.requests[0];
    expect(request?.api).toBe("openai");
    expect(request?.toolNames).toEqual(["semantic_search", "filter_campaigns", "full_text_search"]);
  });

  it('"what are the offers from recent Cash Back, Premium campaigns?" filters first and lists the offers', async () => {
    const answer = await runCampaignChat(
      { tools: toolsDeps(), llm: llmAgainst("openai", server), offline: false },
      { message: "What are the offers from recent Cash Back, Premium campaigns?" },
    );
    expect(answer.status).toBe("completed");
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.detectedFilters).toEqual({
      value_prop: ["Cash Back / Rewards"],
      sentiment: ["Premium"],
      date_range: "recent",
    });
    const offers = [
      ...new Set(
        answer.campaigns
          .slice(0, 20)
          .map((c) => c.offer)
          .filter(Boolean),
      ),
    ];
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) expect(answer.response).toContain(offer);
  });
});

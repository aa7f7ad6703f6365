import { performance } from "node:perf_hooks";
import { demoCampaigns } from "../dev/demo/demo-campaigns";
import { startLocalPostgres } from "../dev/local-postgres";
import { createCampaignRepository } from "../functions/chat/campaigns/adapters/sql-campaign-repository";
import type { CampaignInput } from "../functions/chat/campaigns/domain/campaign";
import { createCampaignToolRunner } from "../functions/chat/campaigns/domain/campaign-tools";
import {
  ingestCampaigns,
  MAX_CAMPAIGNS_PER_INGEST,
} from "../functions/chat/campaigns/domain/use-cases/ingest-campaigns";
import { runCampaignChat } from "../functions/chat/campaigns/domain/use-cases/run-campaign-chat";
import { createEmbedding } from "../functions/core/embedding/create-embedding";
import { readEmbeddingConfig } from "../functions/core/embedding/embedding-config";
import { createPostgresWireSql } from "../functions/core/sql/postgres-wire-adapter";
import { forTenant } from "../functions/core/sql/tenant-sql";
import { createFakeLlm } from "../tests/support/llm/fake-llm";
import { percentile } from "./lib/stats";

/**
 * Seed 002's figures on local PGlite with the local embedding: ingest throughput of 10,000 campaigns
 * (POST /campaigns' use case, 500 a call), each tool's latency p50/p99 over them, and a chat turn's own
 * overhead outside the model (a scripted model: one filter_campaigns call, then an answer).
 */
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const TODAY = new Date("2026-06-15T12:00:00Z");

const postgres = await startLocalPostgres();
const sql = createPostgresWireSql({ url: postgres.url });
const embedding = createEmbedding(readEmbeddingConfig({}), { logger: null });
const repository = createCampaignRepository(forTenant(sql, "bench"));
const tools = { campaigns: repository, embedding, now: () => TODAY, recentDays: 90 };

const base = demoCampaigns(TODAY);
const campaigns: CampaignInput[] = Array.from({ length: CAMPAIGNS }, (_, i) => {
  const template = base[i % base.length] as CampaignInput;
  return {
    ...template,
    id: `bench-${i}`,
    campaign_text: `${template.campaign_text} (${Math.floor(i / base.length)})`,
  };
});

let started = performance.now();
for (let i = 0; i < campaigns.length; i += MAX_CAMPAIGNS_PER_INGEST) {
  await ingestCampaigns(
    { campaigns: repository, embedding },
    campaigns.slice(i, i + MAX_CAMPAIGNS_PER_INGEST),
  );
}
const ingestSeconds = (performance.now() - started) / 1000;
console.log(
  `ingest ${CAMPAIGNS} campaigns (500 a call, local embedding): ${ingestSeconds.toFixed(1)} s, ${Math.round(CAMPAIGNS / ingestSeconds)} campaigns/s`,
);

const time = async (label: string, run: (i: number) => Promise<unknown>): Promise<void> => {
  const samples: number[] = [];
  await run(0);
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run(i);
    samples.push(performance.now() - t);
  }
  console.log(
    `${label}: p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms (${RUNS} runs)`,
  );
};

const runner = createCampaignToolRunner(tools);
const queries = [
  "travel miles and lounges",
  "no annual fee",
  "cash back on groceries",
  "fraud alerts",
  "business expenses",
];
// Before statistics: PGlite runs no autovacuum, so the planner has none and sorted every row by distance.
await time("semantic_search, no statistics yet (exact sort, no HNSW)", (i) =>
  runner.semantic_search({ query: queries[i % queries.length] as string }),
);
// What Aurora's autovacuum does after a load this size (ANALYZE past 50 + 10% changed rows).
started = performance.now();
await sql.query("ANALYZE campaigns");
console.log(`ANALYZE campaigns: ${(performance.now() - started).toFixed(0)} ms`);
await time("semantic_search", (i) =>
  runner.semantic_search({ query: queries[i % queries.length] as string }),
);
await time(
  "semantic_search (channel Email, sentiment Urgent: exact re-rank when HNSW comes back short)",
  (i) =>
    runner.semantic_search({
      query: queries[i % queries.length] as string,
      channel: "Email",
      sentiment: "Urgent",
    }),
);
await time("filter_campaigns (value props, recent)", () =>
  runner.filter_campaigns({ value_prop: ["Cash Back / Rewards", "Premium"], date_range: "recent" }),
);
await time("filter_campaigns (channel, group_by month)", () =>
  runner.filter_campaigns({ channel: ["Email", "TV"], group_by: "month" }),
);
await time("full_text_search", (i) =>
  runner.full_text_search({ query: i % 2 ? '"cash back"' : "lounge OR miles" }),
);

const llm = createFakeLlm().onTurn((request) =>
  request.messages.at(-1)?.role === "tool"
    ? { text: "The offers are listed above." }
    : {
        toolCalls: [
          {
            name: "filter_campaigns",
            arguments: { value_prop: "Cash Back / Rewards", date_range: "recent" },
          },
        ],
      },
);
started = performance.now();
await time("chat turn outside the model (2 model turns, 1 filter_campaigns)", () =>
  runCampaignChat(
    { tools, llm, offline: false },
    { message: "What are the offers from recent Cash Back campaigns?" },
  ),
);

await sql.close();
await postgres.stop();

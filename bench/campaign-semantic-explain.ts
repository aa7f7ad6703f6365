import { performance } from "node:perf_hooks";
import { demoCampaigns } from "../dev/demo/demo-campaigns";
import { startLocalPostgres } from "../dev/local-postgres";
import {
  createCampaignRepository,
  filterClauses,
  ParamList,
} from "../functions/chat/campaigns/adapters/sql-campaign-repository";
import type { CampaignInput } from "../functions/chat/campaigns/domain/campaign";
import {
  ingestCampaigns,
  MAX_CAMPAIGNS_PER_INGEST,
} from "../functions/chat/campaigns/domain/use-cases/ingest-campaigns";
import { createEmbedding } from "../functions/core/embedding/create-embedding";
import { readEmbeddingConfig } from "../functions/core/embedding/embedding-config";
import { createPostgresWireSql } from "../functions/core/sql/postgres-wire-adapter";
import { sqlVector } from "../functions/core/sql/sql-port";
import { forTenant } from "../functions/core/sql/tenant-sql";
import { dropCampaignHnswIndexes } from "./lib/campaign-hnsw-indexes";
import { percentile } from "./lib/stats";

/**
 * Where `semantic_search`'s time goes over 10,000 campaigns: the query embedding alone, the SQL alone, and
 * the plan (EXPLAIN ANALYZE) with and without filters, so the HNSW index is seen to serve the ORDER BY.
 * The campaigns load with the HNSW indexes dropped and rebuilt after (faster than 10,000 index inserts);
 * the plans are the same either way. `npx tsx bench/campaign-semantic-explain.ts`.
 */
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const TODAY = new Date("2026-06-15T12:00:00Z");

const postgres = await startLocalPostgres();
const sql = createPostgresWireSql({ url: postgres.url });
const embedding = createEmbedding(readEmbeddingConfig({}), { logger: null });
const tenant = "bench";
const repository = createCampaignRepository(forTenant(sql, tenant));

const base = demoCampaigns(TODAY);
const campaigns: CampaignInput[] = Array.from({ length: CAMPAIGNS }, (_, i) => {
  const template = base[i % base.length] as CampaignInput;
  return {
    ...template,
    id: `bench-${i}`,
    campaign_text: `${template.campaign_text} (${Math.floor(i / base.length)})`,
  };
});

// BENCH_BULK=0 loads through the indexes and skips ANALYZE, as `POST /campaigns` and the tools bench do.
const BULK = process.env.BENCH_BULK !== "0";
const buildIndexes = BULK ? await dropCampaignHnswIndexes(sql) : undefined;
let started = performance.now();
for (let i = 0; i < campaigns.length; i += MAX_CAMPAIGNS_PER_INGEST) {
  await ingestCampaigns(
    { campaigns: repository, embedding },
    campaigns.slice(i, i + MAX_CAMPAIGNS_PER_INGEST),
  );
}
console.log(
  `load ${CAMPAIGNS} campaigns ${BULK ? "without" : "through"} HNSW: ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
started = performance.now();
if (buildIndexes) {
  await buildIndexes();
  await sql.query("ANALYZE campaigns");
  console.log(`build the HNSW indexes: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const time = async (label: string, run: (i: number) => Promise<unknown>): Promise<void> => {
  const samples: number[] = [];
  await run(0);
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run(i);
    samples.push(performance.now() - t);
  }
  console.log(
    `${label}: p50 ${percentile(samples, 50).toFixed(2)} ms, p99 ${percentile(samples, 99).toFixed(2)} ms (${RUNS} runs)`,
  );
};

const queries = ["travel miles and lounges", "no annual fee", "cash back on groceries", "fraud alerts"];
await time("query embedding alone", (i) =>
  embedding.embed([queries[i % queries.length] as string], { purpose: "query" }),
);

const { vectors, model } = await embedding.embed(["travel miles and lounges"], { purpose: "query" });
const vector = vectors[0] ?? [];

/** The statement `nearest` sends, for this vector and filter set. */
const statement = (filters: Parameters<typeof filterClauses>[0]) => {
  const params = new ParamList();
  const v = params.add(sqlVector(vector));
  const clauses = [
    "tenant = $1",
    `embedding_model = ${params.add(model)}`,
    "campaign_text_embedding IS NOT NULL",
    ...filterClauses(filters, params),
  ];
  return {
    text: `SELECT id FROM campaigns WHERE ${clauses.join(" AND ")}
            ORDER BY campaign_text_embedding <=> ${v}::vector LIMIT ${params.add(20)}`,
    values: [tenant, ...params.values],
  };
};

const explain = async (label: string, filters: Parameters<typeof filterClauses>[0]) => {
  const { text, values } = statement(filters);
  const plan = await sql.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING ON) ${text}`, values);
  const result = await sql.query(text, values);
  console.log(
    `\n-- ${label}: ${result.rows.length} rows\n${plan.rows.map((r) => String(r["QUERY PLAN"]).replace(/'\[[^\]]*\]'/g, "'[…]'")).join("\n")}`,
  );
};

await explain("no filters", []);
await explain("channel Email", [{ channel: "Email" }]);
await explain("channel Email, sentiment Urgent (a rare pair)", [{ channel: "Email", sentiment: "Urgent" }]);

const version = await sql.query("SELECT extversion FROM pg_extension WHERE extname = 'vector'");
console.log(`\npgvector ${String(version.rows[0]?.extversion)}`);
// The SqlPort's iterative-scan support (another branch) sets this per statement; here, the session.
try {
  await sql.query("SET hnsw.iterative_scan = relaxed_order");
  await explain("channel Email, sentiment Urgent, hnsw.iterative_scan = relaxed_order", [
    { channel: "Email", sentiment: "Urgent" },
  ]);
  await sql.query("RESET hnsw.iterative_scan");
} catch (error) {
  console.log(`hnsw.iterative_scan: ${error instanceof Error ? error.message : String(error)}`);
}

await time("\nnearest (SQL alone, no filters)", () =>
  repository.nearest(vector, model, "campaign_text", [], 20),
);
await time("nearest (SQL alone, channel Email)", () =>
  repository.nearest(vector, model, "campaign_text", [{ channel: "Email" }], 20),
);
await time("nearest (SQL alone, channel Email, sentiment Urgent: starved, exact re-rank)", async () => {
  const page = await repository.nearest(
    vector,
    model,
    "campaign_text",
    [{ channel: "Email", sentiment: "Urgent" }],
    20,
  );
  if (page.campaigns.length !== 20) throw new Error(`expected 20 neighbours, got ${page.campaigns.length}`);
});

await sql.close();
await postgres.stop();

/**
 * `semantic_search` at scale (issue 47): `BENCH_CAMPAIGNS` campaigns (default 100,000) of one tenant,
 * their `campaign_text` embedded with the local embedding (as `POST /campaigns` does), loaded in bulk into
 * PGlite on disk (multi-row INSERTs of 500, the HNSW indexes dropped first), then the campaign text's two HNSW
 * indexes for the local embedding (as sparsevec, which a search without filters walks, migration 0011, and as
 * vector, for a filtered one) built once as the migrations define them, and `ANALYZE`d. The corpus (`BENCH_CORPUS`) is `campaigns`: copy varied from the demo campaigns, queried
 * with two to four words of demo copy (bench/lib/campaign-variants.ts); `zipf` is the first corpus, eight
 * Zipf-drawn words a row queried with 1-3 such words (bench/lib/zipf-corpus.ts), whose vectors have little
 * neighbourhood structure (a graph index's worst case). `BENCH_QUERIES` queries (200) go through the store's
 * `nearest` exactly as the tool calls it (limit 20), without a filter and with channel Email + sentiment
 * Urgent (about 2 % of the rows), for each `hnsw.ef_search` in `BENCH_EF_SEARCH` (default 40,100,200).
 * recall@20 is against the exact ranking of every row that passes the filter, by ids and tie-aware (a
 * returned row counts when it is no farther than the exact 20th: ann-benchmarks' definition, so rows at
 * equal distances cannot make a right answer look wrong); the bench prints how many queries have such
 * ties, the corpus's distinct vectors, and the EXPLAIN ANALYZE of `nearest`'s own statement.
 `BENCH_HNSW_M` and `BENCH_HNSW_EF_CONSTRUCTION` replace the migrations' graph parameters (unset: as the
 * migrations build them, which the bench prints) and `BENCH_MAINTENANCE_WORK_MEM` (512MB, so the graph is
 * built in memory) shapes the build;
 * The folder is loaded and built, then opened again (a cold cache, as after a restart) for the queries, with
 * PGlite's default buffer cache (128MB) unless `BENCH_SHARED_BUFFERS` names another; `BENCH_WARM_UP` (200)
 * other queries are timed apart first, as a restarted stack's first searches, then the table. `BENCH_KEEP_DIR` keeps
 * the loaded and built folder there, and a later run given the same folder skips the load and the build.
 *
 *   npx tsx bench/semantic-search-100k.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_CHANNELS, DEMO_SENTIMENTS } from "../dev/demo/demo-campaigns";
import { startLocalPostgres } from "../dev/local-postgres";
import {
  createCampaignRepository,
  filterClauses,
  ParamList,
} from "../functions/chat/campaigns/adapters/sql-campaign-repository";
import { createEmbedding } from "../functions/core/embedding/create-embedding";
import { readEmbeddingConfig } from "../functions/core/embedding/embedding-config";
import { NEAREST_SETTINGS } from "../functions/core/sql/nearest-settings";
import { createPostgresWireSql } from "../functions/core/sql/postgres-wire-adapter";
import { type SqlParam, sqlJson, sqlVector } from "../functions/core/sql/sql-port";
import { forTenant, type TenantSql } from "../functions/core/sql/tenant-sql";
import { dropCampaignHnswIndexes } from "./lib/campaign-hnsw-indexes";
import { campaignVariants } from "./lib/campaign-variants";
import { insertBenchCampaigns } from "./lib/insert-bench-campaigns";
import { percentile } from "./lib/stats";
import { pick, realisticQuery } from "./lib/zipf-corpus";

const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 100_000);
// The p99 (nearest rank) of 100 queries is their slowest but one; of 200, their slowest but two.
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
// Queries run before the timed ones, right after the reopen, and timed apart.
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 200);
const EF_SEARCH = (process.env.BENCH_EF_SEARCH ?? "40,100,200").split(",").map(Number);
// The index as migration 0003 builds it (pgvector's defaults), unless tuned here.
// "campaigns": copy varied from the demo campaigns (bench/lib/campaign-variants.ts); "zipf": eight
// Zipf-drawn words a row (the bench's first corpus: near-orthogonal vectors, a graph index's worst case).
const CORPUS = process.env.BENCH_CORPUS ?? "campaigns";
if (CORPUS !== "campaigns" && CORPUS !== "zipf") throw new Error("BENCH_CORPUS is campaigns or zipf");
const campaigns = campaignVariants();
// Graph parameters in place of the migrations' (pgvector's defaults are m 16, ef_construction 64).
const HNSW_STORAGE = [
  process.env.BENCH_HNSW_M ? `m = ${Number(process.env.BENCH_HNSW_M)}` : "",
  process.env.BENCH_HNSW_EF_CONSTRUCTION
    ? `ef_construction = ${Number(process.env.BENCH_HNSW_EF_CONSTRUCTION)}`
    : "",
]
  .filter(Boolean)
  .join(", ");
const MAINTENANCE_WORK_MEM = process.env.BENCH_MAINTENANCE_WORK_MEM ?? "512MB";
// PostgreSQL's buffer cache for the queries; unset, PGlite's default (128MB), which the HNSW index of
// 100,000 vectors of 512 dimensions (260 MB) does not fit in: a page it misses is read through PGlite's file system.
const SHARED_BUFFERS = process.env.BENCH_SHARED_BUFFERS;
const TENANT = "bench";
// The HNSW indexes of the campaign text's local embedding: as sparsevec for a search without filters
// (migration 0011), as vector for a filtered one.
const INDEX = "campaigns_campaign_text_sparse";
const FILTERED_INDEX = "campaigns_campaign_text_embedding";
// Distances this close are the same (float rounding between the two computations).
const TIE = 1e-6;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
console.log(`${new Date().toISOString()}, load average ${load()}, ${CAMPAIGNS} campaigns`);

const KEEP_DIR = process.env.BENCH_KEEP_DIR;
const dataDir = KEEP_DIR ?? mkdtempSync(join(tmpdir(), "larder-bench-semantic-"));
if (!KEEP_DIR) process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
// Loaded and built with PGlite's defaults, then opened again as the stack would (below).
let postgres = await startLocalPostgres({ dataDir: join(dataDir, "pg") });
let sql = createPostgresWireSql({ url: postgres.url, sharedSession: true });
const embedding = createEmbedding(readEmbeddingConfig({}), { logger: null });
// A kept folder that holds the rows and the index (a finished earlier run) is queried as it is.
const kept = await sql.query(
  `SELECT count(*)::int AS n, to_regclass('${INDEX}') IS NOT NULL AND to_regclass('${FILTERED_INDEX}') IS NOT NULL AS built FROM campaigns WHERE tenant = $1`,
  [TENANT],
);
const reused = kept.rows[0]?.n === CAMPAIGNS && kept.rows[0]?.built === true;
let started = performance.now();
// The model the rows were embedded with, and the queries are.
const model = (await embedding.embed(["model"], { purpose: "query" })).model;
if (reused) {
  console.log(`reusing ${dataDir}: ${CAMPAIGNS} campaigns, HNSW built (BENCH_KEEP_DIR)`);
  // The variants drawn again, unused, so the queries drawn after them are a fresh run's.
  if (CORPUS === "campaigns") for (let i = 0; i < CAMPAIGNS; i++) campaigns.variant(i);
} else await loadAndBuild();

async function loadAndBuild() {
  await sql.query("DELETE FROM campaigns WHERE tenant = $1", [TENANT]);
  // Built again below: only the indexes `nearest` takes for the local embedding's campaign text.
  const buildIndexes = await dropCampaignHnswIndexes(sql);
  await sql.query("DROP INDEX campaigns_search_text");

  started = performance.now();
  const BATCH = 500;
  const texts = new Set<string>();
  for (let from = 0; from < CAMPAIGNS; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, CAMPAIGNS - from) }, (_, k) => {
      const i = from + k;
      if (CORPUS === "campaigns") return campaigns.variant(i);
      const words = Array.from({ length: 8 }, () => realisticQuery("english")).join(" ");
      return {
        id: `c${i}`,
        channel: DEMO_CHANNELS[i % DEMO_CHANNELS.length] as string,
        sentiment: DEMO_SENTIMENTS[Math.floor(i / DEMO_CHANNELS.length) % DEMO_SENTIMENTS.length] as string,
        text: `${pick(["Earn", "Get", "Enjoy", "Save with"])} ${words}`,
      };
    });
    for (const row of rows) texts.add(row.text);
    await insertBenchCampaigns(sql, embedding, TENANT, rows);
  }
  console.log(
    `load (embed + multi-row INSERT, no HNSW): ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const distinctVectors = await sql.query(
    "SELECT count(DISTINCT md5(campaign_text_embedding::text))::int AS n FROM campaigns WHERE tenant = $1",
    [TENANT],
  );
  console.log(
    `corpus ${CORPUS}: ${texts.size} distinct texts, ${distinctVectors.rows[0]?.n} distinct vectors of ${CAMPAIGNS}`,
  );
  // The graph in memory while it is built: past maintenance_work_mem (PGlite's 64 MB, about 25,000 vectors
  // of 512 dimensions) pgvector goes on inserting on disk, many times slower.
  await sql.query(`SET maintenance_work_mem = '${MAINTENANCE_WORK_MEM}'`);
  started = performance.now();
  await buildIndexes({
    only: [INDEX, FILTERED_INDEX],
    storage: HNSW_STORAGE,
  });
  console.log(
    `HNSW builds, sparsevec and vector (${HNSW_STORAGE || "as the migrations define them"}, maintenance_work_mem ${MAINTENANCE_WORK_MEM}): ${((performance.now() - started) / 1000).toFixed(1)} s, load ${load()}`,
  );
  await sql.query("ANALYZE campaigns");
  await sql.query("CHECKPOINT");
}
await sql.close();
await postgres.stop();
// Opened again, as after a restart: the queries start from a cold cache.
const settings: Record<string, string> = SHARED_BUFFERS ? { shared_buffers: SHARED_BUFFERS } : {};
started = performance.now();
postgres = await startLocalPostgres({ dataDir: join(dataDir, "pg"), settings });
console.log(`opened again with ${JSON.stringify(settings)}: ${(performance.now() - started).toFixed(0)} ms`);
sql = createPostgresWireSql({ url: postgres.url, sharedSession: true });
const sizes = await sql.query(
  `SELECT current_setting('shared_buffers') AS shared_buffers,
          pg_size_pretty(pg_relation_size('${INDEX}')) AS hnsw_sparse,
          pg_size_pretty(pg_relation_size('${FILTERED_INDEX}')) AS hnsw_vector,
          pg_size_pretty(pg_relation_size('campaigns')) AS heap,
          pg_size_pretty(pg_table_size('campaigns')) AS heap_and_toast`,
);
console.log(`sizes and cache: ${JSON.stringify(sizes.rows[0])}`);
const graphs = await sql.query(
  `SELECT relname AS index, coalesce(array_to_string(reloptions, ', '), 'pgvector defaults') AS storage
     FROM pg_class WHERE relname IN ('${INDEX}', '${FILTERED_INDEX}') ORDER BY 1`,
);
console.log(`graphs: ${graphs.rows.map((row) => `${row.index} (${row.storage})`).join("; ")}`);

const queryVectors = (
  await embedding.embed(
    Array.from({ length: QUERIES }, () =>
      CORPUS === "campaigns" ? campaigns.query() : realisticQuery("english"),
    ),
    { purpose: "query" },
  )
).vectors;
const FILTER = [{ channel: "Email", sentiment: "Urgent" }];
// Other queries, drawn after the timed ones (which stay a fresh run's), for the first pass after the reopen.
const warmUpVectors = (
  await embedding.embed(
    Array.from({ length: WARM_UP }, () =>
      CORPUS === "campaigns" ? campaigns.query() : realisticQuery("english"),
    ),
    { purpose: "query" },
  )
).vectors;

/** The exact top 20: every row that passes the filter, sorted by distance (`+ 0`: no index serves it). */
const exact = async (vector: number[], filters: typeof FILTER | []) => {
  const params = new ParamList();
  const v = params.add(sqlVector(vector));
  const clauses = ["tenant = $1", ...filterClauses(filters, params)];
  const result = await sql.query(
    `SELECT id, (campaign_text_embedding <=> ${v}::vector) + 0 AS distance FROM campaigns WHERE ${clauses.join(" AND ")} ORDER BY 2 LIMIT 20`,
    [TENANT, ...params.values],
  );
  return result.rows.map((row) => ({ id: String(row.id), distance: Number(row.distance) }));
};
/** The distances of the rows a search returned (not timed). */
const distances = async (vector: number[], ids: string[]) => {
  const result = await sql.query(
    "SELECT id, campaign_text_embedding <=> $2::vector AS distance FROM campaigns WHERE tenant = $1 AND id IN (SELECT jsonb_array_elements_text($3::jsonb))",
    [TENANT, sqlVector(vector), sqlJson(ids)],
  );
  return result.rows.map((row) => Number(row.distance));
};
type Truth = { id: string; distance: number }[];
const truth = { none: [] as Truth[], filtered: [] as Truth[] };
let tied = 0;
for (const vector of queryVectors) {
  truth.none.push(await exact(vector, []));
  truth.filtered.push(await exact(vector, FILTER));
}
for (const t of truth.none) {
  const d20 = t.at(-1)?.distance ?? 0;
  tied += t.filter((r) => r.distance >= d20 - TIE).length > 1 ? 1 : 0;
}
console.log(
  `exact top 20 (unfiltered): ${tied} of ${QUERIES} queries have another row within ${TIE} of the 20th distance; filtered: ${truth.filtered.reduce((n, t) => n + t.length, 0) / QUERIES} rows a query`,
);

// The statement `nearest` sends (it makes its own settings), captured for EXPLAIN ANALYZE (the index must serve it).
const tenantSql = forTenant(sql, TENANT);
let captured: { text: string; params: readonly SqlParam[] } | undefined;
const spied: TenantSql = {
  ...tenantSql,
  query: (text, params = []) => {
    captured = { text, params };
    return tenantSql.query(text, params);
  },
};

// The first queries after a reopen pay for the cold cache and for V8 optimising PGlite's code (a call then
// waits on the compiler's threads): timed apart, as a restarted stack's first searches, then the table.
for (const [label, filters] of [
  ["none", []],
  ["channel Email, sentiment Urgent", FILTER],
] as const) {
  const store = createCampaignRepository(tenantSql);
  const samples: number[] = [];
  for (const vector of warmUpVectors) {
    const t = performance.now();
    await store.nearest(vector, model, "campaign_text", [...filters], 20);
    samples.push(performance.now() - t);
  }
  console.log(
    `first ${WARM_UP} other queries after the reopen (filter ${label}): p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms`,
  );
}
console.log("| ef_search | filter | p50 ms | p99 ms | recall@20 (ids) | recall@20 (distance) |");
console.log("|---:|---|---:|---:|---:|---:|");
const plans: string[] = [];
for (const ef of EF_SEARCH) {
  // Each ef_search of the sweep in place of the store's own (NEAREST_SETTINGS).
  const store = createCampaignRepository(spied, {
    nearestSettings: { ...NEAREST_SETTINGS, "hnsw.ef_search": String(ef) },
  });
  for (const [label, filters, expected] of [
    ["none", [], truth.none],
    ["channel Email, sentiment Urgent", FILTER, truth.filtered],
  ] as const) {
    const samples: number[] = [];
    let byId = 0;
    let byDistance = 0;
    await store.nearest(queryVectors[0] ?? [], model, "campaign_text", [...filters], 20);
    if (ef === EF_SEARCH[0] && captured) {
      const { text, params } = captured;
      const plan = await tenantSql.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
      plans.push(`${label}:`, ...plan.rows.map((r) => `  ${String(Object.values(r)[0]).slice(0, 160)}`));
    }
    for (const [q, vector] of queryVectors.entries()) {
      const t = performance.now();
      const page = await store.nearest(vector, model, "campaign_text", [...filters], 20);
      samples.push(performance.now() - t);
      const want = expected[q] ?? [];
      const ids = new Set(want.map((r) => r.id));
      const d20 = want.at(-1)?.distance ?? 0;
      const n = Math.max(1, want.length);
      byId += page.campaigns.filter((c) => ids.has(c.id)).length / n;
      // A tie-aware hit (ann-benchmarks' definition): a returned row no farther than the 20th exact one.
      const got = await distances(
        vector,
        page.campaigns.map((c) => c.id),
      );
      byDistance += Math.min(n, got.filter((d) => d <= d20 + TIE).length) / n;
    }
    const pct = (x: number) => `${((x / queryVectors.length) * 100).toFixed(1)} %`;
    console.log(
      `| ${ef} | ${label} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 99).toFixed(1)} | ${pct(byId)} | ${pct(byDistance)} |`,
    );
  }
}
console.log(
  `plans (EXPLAIN ANALYZE of nearest's statement, ef_search ${EF_SEARCH[0]}):\n${plans.join("\n")}`,
);
console.log(`load average after: ${load()}`);
await sql.close();
await postgres.stop();

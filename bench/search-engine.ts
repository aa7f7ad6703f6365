/**
 * The search engine on PGlite (the local default): load time and query latency for campaign-sized
 * documents, at the sizes given on the command line (default 10000; `npm run bench` runs the default;
 * bench/README.md gives the 100000-row figures and how long they took).
 *
 *   npx tsx bench/search-engine.ts [rows...]        e.g. 10000 30000 100000
 *
 * Each document is 60-120 words of campaign copy (English, Portuguese or Russian) from the Zipf corpus
 * (bench/lib/zipf-corpus.ts), five attributes and a 512-dimension local embedding (`BENCH_VECTORS=off`
 * leaves the vectors out, to iterate on full text). The realistic query set draws 1-3 content words at
 * their corpus frequencies; the broad set is each language's five most frequent content words alone (a
 * third or more of the rows match). Each realistic query's top 20 is compared with the exhaustive
 * ts_rank_cd ranking (`rankCandidates: null`): "agreement" is the share of queries whose 20 ids come back
 * equal, in order. Loading goes through the search index's own upsert (multi-row INSERTs with bound
 * parameters) over the wire protocol; the GIN and HNSW indexes are dropped first and built once at the end
 * with maintenance_work_mem raised, as a bulk load should (BENCH_BULK=off keeps them and inserts into them
 * row by row). Queries: full text (websearch, ranked, one language), nearest neighbours (HNSW cosine, top
 * 10, pgvector's iterative scan), and hybrid (full text + a channel and a price bound).
 */
import { loadavg } from "node:os";
import { startLocalPostgres } from "../dev/local-postgres";
import { embedLocally } from "../functions/core/embedding/local-embedding";
import { createPostgresWireSql } from "../functions/core/sql/postgres-wire-adapter";
import { createSearchIndex, type SearchDocument } from "../functions/core/sql/search-index";
import { forTenant } from "../functions/core/sql/tenant-sql";
import { percentile, sizesFromArgs, timeRuns } from "./lib/stats";
import {
  broadQueries,
  type CorpusLanguage,
  corpusText,
  LANGUAGES,
  pick,
  random,
  realisticQuery,
} from "./lib/zipf-corpus";

const CHANNELS = ["email", "social", "display", "search", "direct_mail"];
const VALUE_PROPS = [
  "Cash Back / Rewards",
  "Premium",
  "Travel",
  "No Fee",
  "Low Interest",
  "Security",
  "Family",
  "Business",
];
const makeDocument = (index: number, vectors: boolean): SearchDocument => {
  const language = LANGUAGES[index % LANGUAGES.length] as CorpusLanguage;
  const body = corpusText(language, 60 + Math.floor(random() * 60));
  const title = corpusText(language, 5);
  return {
    collection: "campaigns",
    id: `c${index}`,
    language,
    title,
    body,
    attributes: {
      channel: pick(CHANNELS),
      value_prop: [pick(VALUE_PROPS), pick(VALUE_PROPS)],
      sentiment: pick(["Aspirational", "Urgent", "Friendly", "Premium"]),
      price: Math.floor(random() * 100_000),
      capture_date: `2025-${String(1 + Math.floor(random() * 12)).padStart(2, "0")}-15`,
    },
    ...(vectors
      ? { embedding: { vector: embedLocally(`${title}\n${body}`, 512), model: "local-feature-hash-v1" } }
      : {}),
  };
};

/** The indexes of migration 0001 a bulk load builds after the rows (the primary key stays). */
const SECONDARY_INDEXES = [
  { name: "search_documents_search_text", definition: "USING gin (search_text)" },
  { name: "search_documents_strong_text", definition: "USING gin (search_strong_lexemes(search_text))" },
  { name: "search_documents_attributes", definition: "USING gin (attributes jsonb_path_ops)" },
  { name: "search_documents_embedding", definition: "USING hnsw (embedding vector_cosine_ops)" },
] as const;
const MAINTENANCE_WORK_MEM = process.env.BENCH_MAINTENANCE_WORK_MEM ?? "512MB";
if (!/^\d+[kMG]B$/.test(MAINTENANCE_WORK_MEM)) throw new Error("BENCH_MAINTENANCE_WORK_MEM: e.g. 512MB");

const fmt = (ms: number) => ms.toFixed(1);

const VECTORS = process.env.BENCH_VECTORS !== "off";

const measure = async (rows: number): Promise<void> => {
  const postgres = await startLocalPostgres();
  const sql = createPostgresWireSql({ url: postgres.url });
  try {
    const index = createSearchIndex(forTenant(sql, "bench"), { maxStatementBytes: 1_000_000 });
    const exhaustive = createSearchIndex(forTenant(sql, "bench"), {
      maxStatementBytes: 1_000_000,
      rankCandidates: null,
    });
    // A bulk load as PostgreSQL users do one: drop the secondary indexes, load with multi-row INSERTs,
    // then build each index once (GIN sorts its entries, HNSW builds its graph in memory) with
    // maintenance_work_mem raised so the HNSW graph fits (PGlite's WASM heap is 2 GB at most).
    const bulk = process.env.BENCH_BULK !== "off";
    if (bulk) for (const { name } of SECONDARY_INDEXES) await sql.query(`DROP INDEX ${name}`);
    let generateMs = 0;
    let loadMs = 0;
    const chunk = 1000;
    for (let start = 0; start < rows; start += chunk) {
      const g = performance.now();
      const documents = Array.from({ length: Math.min(chunk, rows - start) }, (_, i) =>
        makeDocument(start + i, VECTORS),
      );
      generateMs += performance.now() - g;
      const l = performance.now();
      await index.upsert(documents);
      loadMs += performance.now() - l;
    }
    const buildMs: Record<string, number> = {};
    if (bulk) {
      for (const { name, definition } of SECONDARY_INDEXES) {
        if (!VECTORS && name === "search_documents_embedding") continue;
        const started = performance.now();
        await sql.transaction(async (tx) => {
          await tx.query(`SET LOCAL maintenance_work_mem = '${MAINTENANCE_WORK_MEM}'`);
          await tx.query(`CREATE INDEX ${name} ON search_documents ${definition}`);
        });
        buildMs[name] = performance.now() - started;
      }
    }
    const ginMs =
      (buildMs.search_documents_search_text ?? 0) +
      (buildMs.search_documents_strong_text ?? 0) +
      (buildMs.search_documents_attributes ?? 0);
    const indexMs = buildMs.search_documents_embedding ?? 0;
    await sql.query("ANALYZE search_documents");
    const runs = 100;
    const queries = Array.from({ length: runs }, (_, i) => {
      const language = LANGUAGES[i % LANGUAGES.length] as CorpusLanguage;
      return { language, query: realisticQuery(language) };
    });
    const fullText = await timeRuns(runs, (i) =>
      index.fullText({ collection: "campaigns", ...(queries[i] as (typeof queries)[0]), limit: 20 }),
    );
    // Top-20 agreement with the exhaustive ranking, and how many rows each query matches.
    let agree = 0;
    const matched: number[] = [];
    for (const query of queries) {
      const [fast, exact] = await Promise.all([
        index.fullText({ collection: "campaigns", ...query, limit: 20 }),
        exhaustive.fullText({ collection: "campaigns", ...query, limit: 20 }),
      ]);
      if (fast.map((hit) => hit.id).join() === exact.map((hit) => hit.id).join()) agree++;
      const count = await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM search_documents
          WHERE search_text @@ websearch_to_tsquery($1::regconfig, $2) AND language = $1::regconfig`,
        [query.language, query.query],
      );
      matched.push(Number(count.rows[0]?.n));
    }
    const broadSet = LANGUAGES.flatMap((language) =>
      broadQueries(language).map((query) => ({ language, query })),
    );
    const broad = await timeRuns(runs, (i) =>
      index.fullText({
        collection: "campaigns",
        ...(broadSet[i % broadSet.length] as (typeof broadSet)[0]),
        limit: 20,
      }),
    );
    const broadExhaustive = await timeRuns(broadSet.length, (i) =>
      exhaustive.fullText({ collection: "campaigns", ...(broadSet[i] as (typeof broadSet)[0]), limit: 20 }),
    );
    let broadAgree = 0;
    for (const query of broadSet) {
      const [fast, exact] = await Promise.all([
        index.fullText({ collection: "campaigns", ...query, limit: 20 }),
        exhaustive.fullText({ collection: "campaigns", ...query, limit: 20 }),
      ]);
      if (fast.map((hit) => hit.id).join() === exact.map((hit) => hit.id).join()) broadAgree++;
    }
    const queryVectors = queries.slice(0, 10).map(({ query }) => embedLocally(query, 512));
    const vector = VECTORS
      ? await timeRuns(runs, (i) =>
          index.nearest({
            collection: "campaigns",
            vector: queryVectors[i % queryVectors.length] as number[],
            model: "local-feature-hash-v1",
            limit: 10,
          }),
        )
      : { p50: Number.NaN, p99: Number.NaN };
    const hybrid = await timeRuns(runs, (i) =>
      index.fullText({
        collection: "campaigns",
        ...(queries[i] as (typeof queries)[0]),
        filters: { equals: { channel: pick(CHANNELS) }, range: { price: { lte: 50_000 } } },
        limit: 20,
      }),
    );
    const size = await sql.query<{ size: string }>(
      "SELECT pg_size_pretty(pg_total_relation_size('search_documents')) AS size",
    );
    console.log(
      `| ${rows} (load average ${loadavg()[0]?.toFixed(1)}) | ${(loadMs / 1000).toFixed(1)} s (${Math.round(rows / (loadMs / 1000))} rows/s) | ${bulk ? `${(ginMs / 1000).toFixed(1)} s` : "incremental"} | ${bulk ? `${(indexMs / 1000).toFixed(1)} s` : "incremental"} | ${(generateMs / 1000).toFixed(1)} s | ${size.rows[0]?.size} | ${fmt(fullText.p50)} / ${fmt(fullText.p99)} | ${agree}/${queries.length} (matches p50 ${percentile(matched, 50)}, p90 ${percentile(matched, 90)}, max ${percentile(matched, 100)}) | ${fmt(broad.p50)} / ${fmt(broad.p99)} (exhaustive ${fmt(broadExhaustive.p50)} / ${fmt(broadExhaustive.p99)}; agreement ${broadAgree}/${broadSet.length}) | ${fmt(vector.p50)} / ${fmt(vector.p99)} | ${fmt(hybrid.p50)} / ${fmt(hybrid.p99)} |`,
    );
  } finally {
    await sql.close();
    await postgres.stop();
  }
};

console.log(
  "| rows | load (rows) | GIN builds | HNSW build | generating text + vectors | table + indexes | full text p50 / p99 ms (realistic) | top-20 agreement | broad full text p50 / p99 ms | vector p50 / p99 ms | hybrid p50 / p99 ms |",
);
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const rows of sizesFromArgs([10_000])) await measure(rows);

/**
 * Would a smaller HNSW index serve `semantic_search` at 100,000 campaigns (issue 47)? pgvector (≥ 0.7)
 * offers two: an index over `embedding::halfvec(512)` (half the size), or over a binary quantization
 * (`binary_quantize(embedding)::bit(512)`, 64 bytes a row where a vector is 2,048) whose candidates are
 * re-ranked by the exact distance. No index can find more than its own distance ranks first, so this bench
 * measures that ceiling without one: over `BENCH_CAMPAIGNS` (100,000) campaigns of the semantic-search
 * bench's corpus (bench/lib/campaign-variants.ts, the local embedding), for `BENCH_QUERIES` (30) queries,
 * how many of the exact top 20 are among the top K by each code (K 20 to 400: the candidates a re-rank
 * would read), without a filter and with channel Email + sentiment Urgent. Codes: binary quantization with
 * Hamming distance (pgvector's documented pattern); the signs kept apart (`binary_quantize(e) ||
 * binary_quantize(-e)`, 1,024 bits) with Jaccard distance; halfvec with cosine distance. It also times a
 * pass computing one distance of each type over the 100,000 stored values (tables of their own, stored
 * inline), beside a pass over the same table computing none: the difference is the distances, which is most
 * of what an index scan computes.
 *
 *   npx tsx bench/semantic-search-quantization.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalPostgres } from "../dev/local-postgres";
import { createEmbedding } from "../functions/core/embedding/create-embedding";
import { readEmbeddingConfig } from "../functions/core/embedding/embedding-config";
import { createPostgresWireSql } from "../functions/core/sql/postgres-wire-adapter";
import { sqlVector } from "../functions/core/sql/sql-port";
import { dropCampaignHnswIndexes } from "./lib/campaign-hnsw-indexes";
import { campaignVariants } from "./lib/campaign-variants";
import { insertBenchCampaigns } from "./lib/insert-bench-campaigns";
import { median } from "./lib/stats";

const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 30);
const KS = [20, 50, 100, 200, 400];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
console.log(`${new Date().toISOString()}, load average ${load()}, ${CAMPAIGNS} campaigns`);

const dataDir = mkdtempSync(join(tmpdir(), "larder-bench-quantization-"));
process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
const postgres = await startLocalPostgres({ dataDir: join(dataDir, "pg") });
const sql = createPostgresWireSql({ url: postgres.url, sharedSession: true });
const embedding = createEmbedding(readEmbeddingConfig({}), { logger: null });
const campaigns = campaignVariants();
// No index is needed here, and none should slow the load.
await dropCampaignHnswIndexes(sql);
await sql.query("DROP INDEX campaigns_search_text");
for (let from = 0; from < CAMPAIGNS; from += 500) {
  const rows = Array.from({ length: Math.min(500, CAMPAIGNS - from) }, (_, k) => campaigns.variant(from + k));
  await insertBenchCampaigns(sql, embedding, "bench", rows);
}
console.log(`loaded, load average ${load()}`);

const queries = (
  await embedding.embed(
    Array.from({ length: QUERIES }, () => campaigns.query()),
    { purpose: "query" },
  )
).vectors;
const ZERO = "array_fill(0::real, ARRAY[512])::vector";
const signed = (v: string) =>
  `(binary_quantize(${v})::bit(512) || binary_quantize(${ZERO} - ${v})::bit(512))`;
const E = "campaign_text_embedding";
const CODES = {
  "binary, Hamming": (q: string) => `binary_quantize(${E})::bit(512) <~> binary_quantize(${q})::bit(512)`,
  "signs apart, Jaccard": (q: string) => `${signed(E)} <%> ${signed(q)}`,
  "halfvec, cosine": (q: string) => `${E}::halfvec(512) <=> ${q}::halfvec(512)`,
} as const;
type Code = keyof typeof CODES;

// Per code and filter: the share of the exact top 20 within the code's top K, summed over queries.
const found: Record<string, number[]> = {};
for (const filtered of [false, true]) {
  for (const vector of queries) {
    const q = "$2::vector";
    const where = filtered
      ? "tenant = $1 AND channel = 'Email' AND imagery_sentiment = 'Urgent'"
      : "tenant = $1";
    // One pass over the rows gives every distance; ranked here, ties broken by id.
    const result = await sql.query(
      `SELECT id, ${E} <=> ${q} AS exact, ${Object.entries(CODES)
        .map(([, code], i) => `${code(q)} AS c${i}`)
        .join(", ")} FROM campaigns WHERE ${where}`,
      ["bench", sqlVector(vector)],
    );
    const rows = result.rows.map((row) => ({
      id: String(row.id),
      exact: Number(row.exact),
      codes: Object.keys(CODES).map((_, i) => Number(row[`c${i}`])),
    }));
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    const top20 = new Set(
      [...rows]
        .sort((a, b) => a.exact - b.exact || byId(a, b))
        .slice(0, 20)
        .map((r) => r.id),
    );
    (Object.keys(CODES) as Code[]).forEach((name, i) => {
      const ranked = [...rows].sort((a, b) => (a.codes[i] ?? 0) - (b.codes[i] ?? 0) || byId(a, b));
      const key = `${name}${filtered ? " F" : ""}`;
      const shares = found[key] ?? KS.map(() => 0);
      KS.forEach((k, j) => {
        const hits = ranked.slice(0, k).filter((r) => top20.has(r.id)).length;
        shares[j] = (shares[j] ?? 0) + hits / Math.max(1, top20.size);
      });
      found[key] = shares;
    });
  }
}
console.log(`\n| code | filter | ${KS.map((k) => `top ${k}`).join(" | ")} |`);
console.log(`|---|---|${KS.map(() => "---:").join("|")}|`);
for (const [key, shares] of Object.entries(found)) {
  const [name, filtered] = key.endsWith(" F") ? [key.slice(0, -2), "Email + Urgent"] : [key, "none"];
  console.log(
    `| ${name} | ${filtered} | ${shares.map((s) => `${((s / QUERIES) * 100).toFixed(1)} %`).join(" | ")} |`,
  );
}

// One distance of each type over stored values, as an index scan computes it (inline: no TOAST reads).
await sql.query("CREATE TABLE bench_vector (v vector(512))");
await sql.query("ALTER TABLE bench_vector ALTER COLUMN v SET STORAGE PLAIN");
await sql.query(`INSERT INTO bench_vector SELECT ${E} FROM campaigns`);
await sql.query("CREATE TABLE bench_halfvec (v halfvec(512))");
await sql.query("ALTER TABLE bench_halfvec ALTER COLUMN v SET STORAGE PLAIN");
await sql.query(`INSERT INTO bench_halfvec SELECT ${E}::halfvec(512) FROM campaigns`);
await sql.query("CREATE TABLE bench_bits (v bit(512))");
await sql.query(`INSERT INTO bench_bits SELECT binary_quantize(${E})::bit(512) FROM campaigns`);
const q = sqlVector(queries[0] ?? []);
const scans = {
  "vector <=>": `SELECT sum(v <=> $1::vector) FROM bench_vector`,
  "halfvec <=>": `SELECT sum(v <=> $1::halfvec(512)) FROM bench_halfvec`,
  "bit <~>": `SELECT sum(v <~> binary_quantize($1::vector)::bit(512)) FROM bench_bits`,
  "vector scan alone": `SELECT count(v) FROM bench_vector`,
  "halfvec scan alone": `SELECT count(v) FROM bench_halfvec`,
};
const times = Object.fromEntries(Object.keys(scans).map((name) => [name, [] as number[]]));
for (let round = 0; round < 5; round++) {
  for (const [name, text] of Object.entries(scans)) {
    const started = performance.now();
    await sql.query(text, name.endsWith("scan alone") ? [] : [q]);
    times[name]?.push(performance.now() - started);
  }
}
console.log(`\nA pass over ${CAMPAIGNS} stored values (median of 5, interleaved):`);
for (const [name, samples] of Object.entries(times))
  console.log(`  ${name}: ${median(samples).toFixed(0)} ms`);
console.log(`load average after: ${load()}`);
await sql.close();
await postgres.stop();

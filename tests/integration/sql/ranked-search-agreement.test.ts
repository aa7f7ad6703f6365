import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPostgresWireSql } from "../../../functions/core/sql/postgres-wire-adapter";
import { createSearchIndex, type SearchDocument } from "../../../functions/core/sql/search-index";
import type { SqlPort } from "../../../functions/core/sql/sql-port";
import { forTenant } from "../../../functions/core/sql/tenant-sql";
import { seededRandom } from "../../support/seeded-random";

// Full text ranks a bounded candidate set (ranked-full-text.ts, RANK_CANDIDATES): the strong matches (the query's
// words in the title or three times or more) and the first other matches. On a small realistic corpus (words
// at Zipf frequencies, as in real copy) with the bound set far below the broad words' match counts, its top
// 20 must be the exhaustive ts_rank_cd top 20, in order.

let sql: SqlPort;

beforeAll(() => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});

afterAll(async () => {
  await sql?.close();
});

const WORDS = (
  "the and for your with to of cash back rewards card premium travel lounge access miles points fee annual " +
  "bonus offer limited time groceries fuel dining insurance purchase protection exclusive members welcome " +
  "credit limit balance transfer interest free months statement contactless mobile wallet family shopping " +
  "online store discount coupon partner hotel flight upgrade"
).split(" ");
const STOP_WORDS = 7;
// A long tail of made-up words, as real copy has: 400 word forms in all.
for (let i = 0; WORDS.length < 400; i++) WORDS.push(`zu${i.toString(36)}ka`);

/** Deterministic: the same corpus on every run. */
const random = seededRandom(0x1234567);

/** Rank r drawn with probability ∝ 1/(r+1): Zipf's law, as word frequencies in real text. */
const zipf = (() => {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 0; rank < WORDS.length; rank++) {
    total += 1 / (rank + 1);
    cumulative.push(total);
  }
  return () => {
    const target = random() * total;
    return WORDS[cumulative.findIndex((c) => c >= target)] ?? (WORDS[0] as string);
  };
})();

const corpus = (size: number): SearchDocument[] =>
  Array.from({ length: size }, (_, i) => ({
    collection: "campaigns",
    id: `c${String(i).padStart(4, "0")}`,
    language: "english",
    title: Array.from({ length: 5 }, zipf).join(" "),
    body: Array.from({ length: 40 + Math.floor(random() * 40) }, zipf).join(" "),
    attributes: { channel: ["email", "social", "display"][i % 3] as string, price: (i * 7919) % 1000 },
  }));

describe("ranked full text over a bounded candidate set", () => {
  const tenant = `t-${randomUUID()}`;
  const bounded = () =>
    createSearchIndex(forTenant(sql, tenant), { maxStatementBytes: 60_000, rankCandidates: 80 });
  const exhaustive = () =>
    createSearchIndex(forTenant(sql, tenant), { maxStatementBytes: 60_000, rankCandidates: null });
  // Words of middle frequency: each matches up to three times the bound, its strong matches fit in it. Two
  // such words together match fewer rows than the bound (as real multi-word queries do).
  const queries = [
    ...WORDS.slice(STOP_WORDS + 10, STOP_WORDS + 30),
    ...[20, 22, 24, 26, 28].map((rank) => `${WORDS[STOP_WORDS + rank]} ${WORDS[STOP_WORDS + rank + 1]}`),
    `"${WORDS[STOP_WORDS + 12]} ${WORDS[STOP_WORDS + 13]}"`,
    `${WORDS[STOP_WORDS + 15]} -${WORDS[STOP_WORDS + 16]}`,
  ];

  beforeAll(async () => {
    await createSearchIndex(forTenant(sql, tenant)).upsert(corpus(600));
    await sql.query("ANALYZE search_documents");
  });

  it("matches far more rows than the bound for the broad words, so the bound is what is tested", async () => {
    for (const query of [WORDS[STOP_WORDS + 10], WORDS[STOP_WORDS + 29]] as string[]) {
      const hits = await exhaustive().fullText({ collection: "campaigns", query, limit: 1000 });
      expect(hits.length, query).toBeGreaterThan(80 * 1.5);
    }
  });

  it("returns the exhaustive ts_rank_cd top 20, in order, for every query", async () => {
    for (const query of queries) {
      const [fast, exact] = await Promise.all([
        bounded().fullText({ collection: "campaigns", query, language: "english", limit: 20 }),
        exhaustive().fullText({ collection: "campaigns", query, language: "english", limit: 20 }),
      ]);
      expect(exact.length, query).toBeGreaterThan(0);
      expect(
        fast.map((hit) => `${hit.id} ${hit.score.toFixed(4)}`),
        query,
      ).toEqual(exact.map((hit) => `${hit.id} ${hit.score.toFixed(4)}`));
    }
  });

  it("returns the exhaustive top 20 when filters (a channel and a price bound) narrow the matches", async () => {
    const filters = { equals: { channel: "social" }, range: { price: { lte: 500 } } };
    let queriesWithHits = 0;
    for (const query of queries) {
      const [fast, exact] = await Promise.all([
        bounded().fullText({ collection: "campaigns", query, language: "english", filters, limit: 20 }),
        exhaustive().fullText({ collection: "campaigns", query, language: "english", filters, limit: 20 }),
      ]);
      if (exact.length > 0) queriesWithHits++;
      expect(
        fast.map((hit) => `${hit.id} ${hit.score.toFixed(4)}`),
        query,
      ).toEqual(exact.map((hit) => `${hit.id} ${hit.score.toFixed(4)}`));
      for (const hit of fast) expect(hit.attributes.channel, query).toBe("social");
    }
    // Every one-word query finds filtered matches; some two-word ones find none.
    expect(queriesWithHits).toBeGreaterThanOrEqual(20);
  });

  it("ranks the other matches of a one-word query when its strong matches are fewer than asked", async () => {
    // A rare word: fewer strong matches than the limit, so the rows where it is weak fill the top 20.
    const query = WORDS[STOP_WORDS + 120] as string;
    const [fast, exact] = await Promise.all([
      bounded().fullText({ collection: "campaigns", query, language: "english", limit: 20 }),
      exhaustive().fullText({ collection: "campaigns", query, language: "english", limit: 20 }),
    ]);
    expect(
      exact.some((hit) => hit.score < 1),
      query,
    ).toBe(true);
    expect(fast.map((hit) => hit.id)).toEqual(exact.map((hit) => hit.id));
  });

  it("returns the same hits with the default bound as the exhaustive ranking", async () => {
    const [fast, exact] = await Promise.all([
      createSearchIndex(forTenant(sql, tenant)).fullText({
        collection: "campaigns",
        query: "card",
        limit: 20,
      }),
      exhaustive().fullText({ collection: "campaigns", query: "card", limit: 20 }),
    ]);
    expect(fast).toEqual(exact);
  });
});

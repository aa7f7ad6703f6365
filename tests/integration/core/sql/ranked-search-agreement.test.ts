import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCampaignRepository } from "../../../../functions/chat/campaigns/adapters/sql-campaign-repository";
import type { Campaign } from "../../../../functions/chat/campaigns/domain/campaign";
import type { ResolvedFilters } from "../../../../functions/chat/campaigns/domain/ports/campaign-repository";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";
import { forTenant } from "../../../../functions/core/sql/tenant-sql";
import { plainCampaign } from "../../../support/plain-campaign";
import { seededRandom } from "../../../support/seeded-random";

// Full text ranks a bounded candidate set (ranked-full-text.ts, RANK_CANDIDATES): the strong matches (the query's
// words in the title or three times or more) and the first other matches. On a small realistic corpus (words
// at Zipf frequencies, as in real copy) with the bound set far below the broad words' match counts, its top
// 20's strong matches must be the exhaustive ts_rank_cd ranking's, in order, and the weak ones as many.
// Checked through the campaign store (the catalog's search uses the same ranked-full-text.ts).

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

const CHANNELS = ["Email", "Social", "Display"];
/** The day `offset` days after 2024-01-01, as an ISO date. */
const day = (offset: number): string =>
  new Date(Date.UTC(2024, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
/** A capture date per row, spread over 1,000 days: a date bound keeps about half of the rows. */
const captureDate = (i: number): string => day((i * 7919) % 1000);

const corpus = (size: number): Campaign[] =>
  Array.from({ length: size }, (_, i) =>
    plainCampaign({
      id: `c${String(i).padStart(4, "0")}`,
      language: "english",
      // campaign_text is the title-weight (A) text, full_campaign_text the body.
      campaign_text: Array.from({ length: 5 }, zipf).join(" "),
      full_campaign_text: Array.from({ length: 40 + Math.floor(random() * 40) }, zipf).join(" "),
      channel: CHANNELS[i % 3] as string,
      capture_date: captureDate(i),
    }),
  );

describe("ranked full text over a bounded candidate set", () => {
  const tenant = `t-${randomUUID()}`;
  const bounded = () => createCampaignRepository(forTenant(sql, tenant), { rankCandidates: 80 });
  const exhaustive = () => createCampaignRepository(forTenant(sql, tenant), { rankCandidates: null });
  /** The ids of a full-text search's hits, best first (ties by capture date, then id). */
  const search = async (
    store: ReturnType<typeof createCampaignRepository>,
    query: string,
    limit: number,
    filters: ResolvedFilters[] = [],
  ) => (await store.fullText(query, filters, limit)).campaigns;
  /**
   * The hits as "id score" down to the last strong match (score 1 or more: a word in campaign_text, weight
   * A, or three times or more), the score ts_rank_cd's (the store does not return it), then how many weak
   * matches fill the rest. The weak matches that fill the top are the first ones the bound took in table
   * order, not the best ones (the campaign store ranks them approximately: bench/full-text-stores.ts
   * measures how often), so only the strong ones must agree, in order, with the exhaustive ranking.
   */
  const ranking = async (query: string, hits: readonly { id: string }[]) => {
    const scores = await sql.query<{ id: string; score: string }>(
      `SELECT id, round(ts_rank_cd(search_text, websearch_to_tsquery('english', $2))::numeric, 4)::text AS score
         FROM campaigns WHERE tenant = $1 AND id IN (SELECT jsonb_array_elements_text($3::jsonb))`,
      [tenant, query, JSON.stringify(hits.map((hit) => hit.id))],
    );
    const scoreOf = new Map(scores.rows.map((row) => [row.id, row.score]));
    const strong = hits.filter((hit) => Number(scoreOf.get(hit.id)) >= 1);
    return [
      ...strong.map((hit) => `${hit.id} ${scoreOf.get(hit.id)}`),
      `${hits.length - strong.length} weak`,
    ];
  };
  // Words of middle frequency: each matches up to three times the bound, its strong matches fit in it. Two
  // such words together match fewer rows than the bound (as real multi-word queries do).
  const queries = [
    ...WORDS.slice(STOP_WORDS + 10, STOP_WORDS + 30),
    ...[20, 22, 24, 26, 28].map((rank) => `${WORDS[STOP_WORDS + rank]} ${WORDS[STOP_WORDS + rank + 1]}`),
    `"${WORDS[STOP_WORDS + 12]} ${WORDS[STOP_WORDS + 13]}"`,
    `${WORDS[STOP_WORDS + 15]} -${WORDS[STOP_WORDS + 16]}`,
  ];

  beforeAll(async () => {
    await createCampaignRepository(forTenant(sql, tenant)).upsert(
      corpus(600).map((campaign) => ({ campaign, embeddings: null })),
    );
    await sql.query("ANALYZE campaigns");
  });

  it("matches far more rows than the bound for the broad words, so the bound is what is tested", async () => {
    for (const query of [WORDS[STOP_WORDS + 10], WORDS[STOP_WORDS + 29]] as string[]) {
      const hits = await search(exhaustive(), query, 1000);
      expect(hits.length, query).toBeGreaterThan(80 * 1.5);
    }
  });

  it("returns the exhaustive ts_rank_cd ranking of the strong matches, in order, and as many hits, for every query", async () => {
    for (const query of queries) {
      const [fast, exact] = await Promise.all([
        search(bounded(), query, 20),
        search(exhaustive(), query, 20),
      ]);
      expect(exact.length, query).toBeGreaterThan(0);
      expect(await ranking(query, fast), query).toEqual(await ranking(query, exact));
    }
  });

  it("agrees with the exhaustive ranking the same way when filters (a channel and a date bound) narrow the matches", async () => {
    const filters: ResolvedFilters[] = [{ channel: "Social", date_range: { to: day(500) } }];
    let queriesWithHits = 0;
    for (const query of queries) {
      const [fast, exact] = await Promise.all([
        search(bounded(), query, 20, filters),
        search(exhaustive(), query, 20, filters),
      ]);
      if (exact.length > 0) queriesWithHits++;
      expect(await ranking(query, fast), query).toEqual(await ranking(query, exact));
      for (const hit of fast) expect(hit.channel, query).toBe("Social");
    }
    // Every one-word query finds filtered matches; some two-word ones find none.
    expect(queriesWithHits).toBeGreaterThanOrEqual(20);
  });

  it("ranks the other matches of a one-word query when its strong matches are fewer than asked", async () => {
    // A rare word: fewer strong matches than the limit, so the rows where it is weak fill the top 20.
    const query = WORDS[STOP_WORDS + 120] as string;
    const [fast, exact] = await Promise.all([search(bounded(), query, 20), search(exhaustive(), query, 20)]);
    // Some of the top 20 have the word neither in campaign_text nor three times: weak matches.
    const times = (text: string) => text.split(" ").filter((w) => w === query).length;
    expect(
      exact.some((hit) => times(hit.campaign_text) === 0 && times(hit.full_campaign_text) < 3),
      query,
    ).toBe(true);
    expect(fast.map((hit) => hit.id)).toEqual(exact.map((hit) => hit.id));
  });

  it("returns the same hits with the default bound as the exhaustive ranking", async () => {
    const [fast, exact] = await Promise.all([
      search(createCampaignRepository(forTenant(sql, tenant)), "card", 20),
      search(exhaustive(), "card", 20),
    ]);
    expect(fast).toEqual(exact);
  });
});

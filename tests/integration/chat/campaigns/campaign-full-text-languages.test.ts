import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCampaignRepository } from "../../../../functions/chat/campaigns/adapters/sql-campaign-repository";
import type { Campaign } from "../../../../functions/chat/campaigns/domain/campaign";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";
import { forTenant } from "../../../../functions/core/sql/tenant-sql";
import { plainCampaign } from "../../../support/plain-campaign";
import { seededRandom } from "../../../support/seeded-random";

// Campaign full text parses the query in every campaign language, and each campaign is matched and ranked
// with the parse in its own language, as its search_text was made. A one-word query is then one lexeme on
// every row, so a broad word skips its weak matches (ranked-full-text.ts); these tests hold the bounded
// search to the exhaustive ranking and the exact count on a corpus in three languages.

let sql: SqlPort;

beforeAll(() => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});

afterAll(async () => {
  await sql?.close();
});

const campaign = (
  id: string,
  language: Campaign["language"],
  campaign_text: string,
  full_campaign_text: string,
): Campaign => plainCampaign({ id, language, campaign_text, full_campaign_text });

describe("campaign full text in the campaign's own language", () => {
  it("does not match a campaign with a stem of another language's parse", async () => {
    const store = createCampaignRepository(forTenant(sql, `t-${randomUUID()}`));
    await store.upsert(
      [
        campaign("en-limited", "english", "Limited time offer", "Lounge access for a limited time."),
        campaign("pt-limitado", "portuguese", "Oferta por tempo limitado", "Acesso à sala VIP."),
      ].map((c) => ({ campaign: c, embeddings: null })),
    );
    // Portuguese reads "limitado" as 'limit', which is also the English stem of "Limited".
    const portuguese = await store.fullText("limitado", [], 20);
    expect(portuguese.campaigns.map((c) => c.id)).toEqual(["pt-limitado"]);
    expect(portuguese.total).toBe(1);
    const english = await store.fullText("limited", [], 20);
    expect(english.campaigns.map((c) => c.id)).toEqual(["en-limited"]);
  });

  it("counts exactly when a one-word query's strong matches fill the page and its weak ones are not ranked", async () => {
    const store = createCampaignRepository(forTenant(sql, `t-${randomUUID()}`));
    const strong = Array.from({ length: 25 }, (_, i) =>
      campaign(`strong-${i}`, "english", `Quokka club ${i}`, "Members save on every visit."),
    );
    const weak = Array.from({ length: 30 }, (_, i) =>
      campaign(`weak-${i}`, "english", `Zoo pass ${i}`, "Meet a quokka and save on every visit."),
    );
    await store.upsert([...strong, ...weak].map((c) => ({ campaign: c, embeddings: null })));
    const page = await store.fullText("quokka", [], 20);
    expect(page.total).toBe(55);
    expect(page.totalIsLowerBound).toBeUndefined();
    expect(page.campaigns.every((c) => c.id.startsWith("strong-"))).toBe(true);
  });
});

const VOCABULARY: Record<"english" | "portuguese" | "russian", string[]> = {
  english:
    "the and for your with cash back card premium travel lounge access miles points fee annual rewards bonus offer limited time groceries fuel dining insurance purchase protection exclusive members welcome credit".split(
      " ",
    ),
  portuguese:
    "de a o que e reembolso desconto cartão prémio viagem sala acesso pontos taxa anual milhas oferta tempo limitado supermercado combustível restaurante seguro compra proteção exclusivo clientes".split(
      " ",
    ),
  russian:
    "и в на с для кэшбэк карта премиум путешествия доступ баллы комиссия годовая бонусы мили предложение ограниченное время покупка продукты топливо рестораны страховка защита эксклюзивно клиентам".split(
      " ",
    ),
};
const STOP_WORDS = 5;
const LANGUAGES = Object.keys(VOCABULARY) as (keyof typeof VOCABULARY)[];
// A long tail of made-up words, as real copy has: 216 more word forms a language.
const SYLLABLES = {
  english: "zu ka lo mi te ra",
  portuguese: "ta le mi ro su ca",
  russian: "ка ро ми ле ту на",
};
for (const language of LANGUAGES) {
  const syllables = SYLLABLES[language].split(" ");
  for (const a of syllables)
    for (const b of syllables) for (const c of syllables) VOCABULARY[language].push(a + b + c);
}

/** Deterministic: the same corpus on every run. */
const random = seededRandom(0x2468ace);

/** A word of the language at Zipf's frequency (rank r with probability ∝ 1/(r+1)), as in real copy. */
const zipfWord = (language: keyof typeof VOCABULARY): string => {
  const words = VOCABULARY[language];
  const total = words.reduce((sum, _, rank) => sum + 1 / (rank + 1), 0);
  let target = random() * total;
  for (const [rank, word] of words.entries()) {
    target -= 1 / (rank + 1);
    if (target <= 0) return word;
  }
  return words[0] as string;
};

describe("bounded campaign full text in three languages", () => {
  const tenant = `t-${randomUUID()}`;
  const bound = 60;
  const bounded = () => createCampaignRepository(forTenant(sql, tenant), { rankCandidates: bound });
  const exhaustive = () => createCampaignRepository(forTenant(sql, tenant), { rankCandidates: null });
  // Words of middle frequency (their strong matches fit in the bound, as the bound assumes), among them
  // one-word queries the stemmers read differently ("бонусы" is 'бонус' in Russian, 'бонусы' in the
  // others) and words every stemmer reads alike. Two-word queries, a phrase and an exclusion match fewer
  // rows than the bound, as real multi-word queries do.
  const queries = [
    ...LANGUAGES.flatMap((language) => VOCABULARY[language].slice(STOP_WORDS + 7, STOP_WORDS + 15)),
    "insurance purchase",
    "proteção clientes",
    "защита клиентам",
    '"cash back"',
    "страховка -карта",
  ];

  beforeAll(async () => {
    const corpus = Array.from({ length: 1500 }, (_, i) => {
      const language = LANGUAGES[i % LANGUAGES.length] as keyof typeof VOCABULARY;
      const words = (count: number) => Array.from({ length: count }, () => zipfWord(language)).join(" ");
      const id = `c${String(i).padStart(4, "0")}`;
      return {
        ...campaign(id, language, words(5), words(30 + (i % 30))),
        channel: i % 5 === 0 ? "Social" : "Email",
      };
    });
    await bounded().upsert(corpus.map((c) => ({ campaign: c, embeddings: null })));
    await sql.query("ANALYZE campaigns");
  });

  it("matches more rows than the bound for the broad words, so the bound is what is tested", async () => {
    for (const query of ["бонусы", "rewards", "milhas"]) {
      const page = await exhaustive().fullText(query, [], 20);
      expect(page.total, query).toBeGreaterThan(bound * 2);
    }
  });

  /** Matches where the query is strong (a title word, or three times or more), counted in SQL apart. */
  const strongMatches = async (query: string, channel?: string): Promise<number> => {
    const result = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM campaigns
        WHERE tenant = $1 AND search_text @@ websearch_to_tsquery(language, $2)
          AND search_strong_lexemes(search_text) @@ websearch_to_tsquery(language, $2)
          ${channel ? "AND channel = $3" : ""}`,
      channel ? [tenant, query, channel] : [tenant, query],
    );
    return Number(result.rows[0]?.n);
  };

  /**
   * The bound's contract. Which `bound` other matches are read is the scan's order, which moves with the
   * table's layout (other tests share it), so the page is the exhaustive one only when that choice cannot
   * matter: every match fits in the bound, or a one-word query has a page of strong matches (each scores at
   * least 1.0, any other at most 0.8) and they all fit. Otherwise the strong matches still lead, all of
   * them, and the rest of the page is other matches in the exhaustive order.
   */
  const expectBoundedPage = async (query: string, filters: { channel: string }[]) => {
    const [fast, exact] = await Promise.all([
      bounded().fullText(query, filters, 20),
      exhaustive().fullText(query, filters, 20),
    ]);
    expect(exact.campaigns.length, query).toBeGreaterThan(0);
    expect(fast.total, query).toBe(Math.min(exact.total, bound));
    expect(fast.totalIsLowerBound === true, query).toBe(exact.total >= bound);
    for (const found of fast.campaigns)
      expect(found.channel, query).toBe(filters[0]?.channel ?? found.channel);
    const ids = (page: typeof fast) => page.campaigns.map((c) => c.id);
    const strong = await strongMatches(query, filters[0]?.channel);
    const oneWord = !/\s/.test(query);
    if (exact.total <= bound || (oneWord && strong >= 20 && strong <= bound)) {
      expect(ids(fast), query).toEqual(ids(exact));
      return "exhaustive";
    }
    expect(fast.campaigns.length, query).toBe(exact.campaigns.length);
    if (oneWord && strong <= bound)
      expect(ids(fast).slice(0, strong), query).toEqual(ids(exact).slice(0, strong));
    const order = ids(await exhaustive().fullText(query, filters, exact.total));
    const positions = ids(fast).map((id) => order.indexOf(id));
    expect(
      positions.every((position) => position >= 0),
      query,
    ).toBe(true);
    expect(positions, query).toEqual([...positions].sort((a, b) => a - b));
    return "bounded";
  };

  it("returns the exhaustive top 20 in order where the bound cannot change it, and the exact count up to the bound, for every query", async () => {
    const kinds: string[] = [];
    for (const query of queries) kinds.push(await expectBoundedPage(query, []));
    // The corpus exercises both cases.
    expect(kinds.filter((kind) => kind === "exhaustive").length).toBeGreaterThan(queries.length / 2);
    expect(kinds).toContain("bounded");
  });

  it("keeps the bound's contract when a channel narrows the matches", async () => {
    for (const query of queries) await expectBoundedPage(query, [{ channel: "Social" }]);
  });
});

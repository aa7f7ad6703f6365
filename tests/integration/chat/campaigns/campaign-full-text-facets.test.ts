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

// A full-text search filtered by channel, company, sentiment or visual style finds its matches through one
// GIN index over the text and those values as facet lexemes (migration 0006). The index only narrows what
// is read: these tests hold the results to the unfiltered exhaustive ranking filtered here, value by value.

let sql: SqlPort;

beforeAll(() => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});

afterAll(async () => {
  await sql?.close();
});

const random = seededRandom(0x5eed_face);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;

// Values a tenant may really use: spaces, one a prefix of another, quotes and a backslash, Cyrillic.
const CHANNELS = ["Email", "Email Plus", "Direct Mail", "Social"];
const COMPANIES = ["Acme", "O'Brien \\ Sons", "Сбербанк", "acme bank"];
const SENTIMENTS = ["", "Trust", "Urgency"];
const STYLES = ["", "Minimal", "Bold: high contrast"];
const WORDS = "cash back card travel lounge miles points rewards bonus offer limited time fuel dining".split(
  " ",
);
const words = (count: number) => Array.from({ length: count }, () => pick(WORDS)).join(" ");

const corpus: Campaign[] = Array.from({ length: 400 }, (_, i) =>
  plainCampaign({
    id: `c${String(i).padStart(3, "0")}`,
    channel: pick(CHANNELS),
    company: pick(COMPANIES),
    imagery_sentiment: pick(SENTIMENTS),
    imagery_visual_style: pick(STYLES),
    capture_date: `2026-0${1 + (i % 9)}-1${i % 10}`,
    campaign_text: words(4),
    full_campaign_text: words(25),
  }),
);

/** What the filters keep, decided here: each listed value equal to the campaign's, ignoring case. */
const passes = (campaign: Campaign, filterSets: readonly ResolvedFilters[]): boolean =>
  filterSets.every((filters) =>
    (
      [
        ["channel", campaign.channel],
        ["company", campaign.company],
        ["sentiment", campaign.imagery_sentiment],
        ["visual_style", campaign.imagery_visual_style],
      ] as const
    ).every(([field, value]) => {
      const wanted = filters[field];
      if (wanted === undefined) return true;
      const list = Array.isArray(wanted) ? wanted : [wanted];
      return list.some((v) => v.toLowerCase() === value.toLowerCase());
    }),
  );

describe("campaign full text filtered through the facets index", () => {
  const tenant = `t-${randomUUID()}`;
  const bound = 40;
  const bounded = () => createCampaignRepository(forTenant(sql, tenant), { rankCandidates: bound });
  const exhaustive = () => createCampaignRepository(forTenant(sql, tenant), { rankCandidates: null });
  const byId = new Map(corpus.map((c) => [c.id, c]));

  beforeAll(async () => {
    await bounded().upsert(corpus.map((c) => ({ campaign: c, embeddings: null })));
    await sql.query("ANALYZE campaigns");
  });

  const filterCases: ResolvedFilters[][] = [
    [{ channel: "Email" }],
    [{ channel: "email plus" }],
    [{ channel: ["Direct Mail", "SOCIAL"] }],
    [{ company: "o'brien \\ sons" }],
    [{ company: "Сбербанк", sentiment: "Trust" }],
    [{ visual_style: "bold: high contrast" }],
    [{ channel: "Email" }, { company: ["Acme", "acme bank"] }],
  ];

  it("returns the unfiltered ranking's matches that pass the filters, in its order, for every filter", async () => {
    for (const query of ["miles", "cash back", "lounge -fuel", '"bonus offer"']) {
      const all = await exhaustive().fullText(query, [], corpus.length);
      for (const filterSets of filterCases) {
        const label = `${query} ${JSON.stringify(filterSets)}`;
        const expected = all.campaigns.filter((c) => passes(byId.get(c.id) as Campaign, filterSets));
        expect(expected.length, label).toBeGreaterThan(0);
        const page = await exhaustive().fullText(query, filterSets, 20);
        expect(
          page.campaigns.map((c) => c.id),
          label,
        ).toEqual(expected.slice(0, 20).map((c) => c.id));
        expect(page.total, label).toBe(expected.length);
        // Bounded, the count is still exact up to the bound (its top 20 may differ past the bound).
        expect((await bounded().fullText(query, filterSets, 20)).total, label).toBe(
          Math.min(expected.length, bound),
        );
      }
    }
  });

  it("matches no facet with a query word: a query for a channel's name finds only the text", async () => {
    const store = createCampaignRepository(forTenant(sql, `t-${randomUUID()}`));
    await store.upsert([
      {
        campaign: plainCampaign({ id: "sale", channel: "Email", campaign_text: "Weekend sale" }),
        embeddings: null,
      },
    ]);
    expect((await store.fullText("channel email", [{ channel: "Email" }], 20)).total).toBe(0);
    expect((await store.fullText('"channel: email"', [{ channel: "Email" }], 20)).total).toBe(0);
    expect((await store.fullText("weekend", [{ channel: "Email" }], 20)).campaigns.map((c) => c.id)).toEqual([
      "sale",
    ]);
  });

  it("stores and finds a company at the API's 200 characters, quotes and backslashes included", async () => {
    const store = createCampaignRepository(forTenant(sql, `t-${randomUUID()}`));
    const company = `Q'uote \\ "Co" ${"x".repeat(186)}`;
    expect(company).toHaveLength(200);
    await store.upsert([
      { campaign: plainCampaign({ id: "long", company, campaign_text: "Spring sale" }), embeddings: null },
      {
        campaign: plainCampaign({ id: "other", company: "Acme", campaign_text: "Spring sale" }),
        embeddings: null,
      },
    ]);
    const page = await store.fullText("spring", [{ company: company.toUpperCase() }], 20);
    expect(page.campaigns.map((c) => c.id)).toEqual(["long"]);
  });
});

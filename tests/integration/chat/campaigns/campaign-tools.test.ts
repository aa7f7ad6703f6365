import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { anchorCampaigns, demoCampaigns } from "../../../../dev/demo/demo-campaigns";
import { createCampaignRepository } from "../../../../functions/chat/campaigns/adapters/sql-campaign-repository";
import { createCampaignToolRunner } from "../../../../functions/chat/campaigns/domain/campaign-tools";
import { ingestCampaigns } from "../../../../functions/chat/campaigns/domain/use-cases/ingest-campaigns";
import { createEmbedding } from "../../../../functions/core/embedding/create-embedding";
import { readEmbeddingConfig } from "../../../../functions/core/embedding/embedding-config";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";
import { forTenant } from "../../../../functions/core/sql/tenant-sql";

const TODAY = new Date("2026-06-15T12:00:00Z");
const embedding = createEmbedding(readEmbeddingConfig({}), { logger: null });
let sql: SqlPort;
const tenant = `t-${randomUUID()}`;
const store = () => createCampaignRepository(forTenant(sql, tenant));
const runner = (scope = {}) =>
  createCampaignToolRunner({ campaigns: store(), embedding, now: () => TODAY, recentDays: 90 }, scope);

beforeAll(async () => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
  const report = await ingestCampaigns({ campaigns: store(), embedding }, demoCampaigns(TODAY));
  expect(report).toMatchObject({ created: 336, updated: 0, invalid: 0 });
});
afterAll(async () => {
  await sql?.close();
});

describe("campaign ingest", () => {
  it("updates re-sent campaigns, re-embeds only changed text, and keeps the good items of a bad batch", async () => {
    const [first, second] = anchorCampaigns(TODAY);
    const report = await ingestCampaigns({ campaigns: store(), embedding }, [
      first,
      { ...second, full_campaign_text: `${second?.full_campaign_text} Now with free grooming.` },
      { ...first, id: "bad one!", capture_date: "yesterday" },
      first,
    ]);
    expect(report.results).toEqual([
      { index: 0, id: first?.id, status: "updated", embedded: false },
      { index: 1, id: second?.id, status: "updated", embedded: true },
      expect.objectContaining({ index: 2, status: "invalid" }),
      expect.objectContaining({ index: 3, status: "invalid" }),
    ]);
    const issues = (report.results[2] as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(issues).toEqual(expect.arrayContaining(["id", "capture_date"]));
    const stored = await store().get(second?.id ?? "");
    expect(stored?.full_campaign_text).toContain("free grooming");
  });

  it("keeps tenants apart", async () => {
    const other = createCampaignRepository(forTenant(sql, `t-${randomUUID()}`));
    expect(await other.get("demo-anchor-lounge")).toBeUndefined();
    expect((await other.filter([{}], 10)).total).toBe(0);
  });
});

describe("filter_campaigns", () => {
  it("matches every listed value prop and any listed sentiment, within a relative date range", async () => {
    const result = await runner().filter_campaigns({
      value_prop: ["Cash Back / Rewards", "Premium"],
      sentiment: ["Premium", "Aspirational"],
      date_range: "this year",
    });
    expect(result.count).toBeGreaterThan(0);
    for (const c of result.campaigns) {
      expect(c.key_value_props).toEqual(expect.arrayContaining(["Cash Back / Rewards", "Premium"]));
      expect(["Premium", "Aspirational"]).toContain(c.imagery_sentiment);
      expect(c.capture_date >= "2026-01-01" && c.capture_date <= "2026-06-15").toBe(true);
    }
    expect(result.summary_for_llm).toContain("Offer:");
  });

  it("resolves 'recent' and 'last quarter' against the clock, and finds campaigns without an offer", async () => {
    const recent = await runner().filter_campaigns({ date_range: "recent" });
    expect(recent.campaigns.every((c) => c.capture_date >= "2026-03-17")).toBe(true);
    const lastQuarter = await runner().filter_campaigns({ date_range: "last quarter" });
    expect(lastQuarter.count).toBeGreaterThan(0);
    expect(
      lastQuarter.campaigns.every((c) => c.capture_date >= "2026-01-01" && c.capture_date <= "2026-03-31"),
    ).toBe(true);
    const noOffer = await runner().filter_campaigns({ has_offer: false });
    expect(noOffer.count).toBeGreaterThan(0);
    expect(noOffer.campaigns.every((c) => c.offer === "")).toBe(true);
  });

  it("groups the filtered set: the counts add up to the total", async () => {
    const result = await runner().filter_campaigns({ channel: ["Email", "TV"], group_by: "channel" });
    expect(result.aggregation?.buckets.map((b) => b.value).sort()).toEqual(["Email", "TV"]);
    expect(result.aggregation?.buckets.reduce((sum, b) => sum + b.count, 0)).toBe(result.count);
    const months = await runner().filter_campaigns({ group_by: "month" });
    expect(months.aggregation?.buckets.every((b) => /^\d{4}-\d{2}$/.test(b.value))).toBe(true);
  });

  it("caps the summary at 20 campaigns of three lines each", async () => {
    const result = await runner().filter_campaigns({});
    expect(result.count).toBe(336);
    expect(result.summary_for_llm.split("\n")).toHaveLength(1 + 20 * 3);
  });
});

describe("activeFilters", () => {
  it("constrain every tool when applyFiltersToQuery is true, whatever the tool is asked", async () => {
    const scoped = runner({ activeFilters: { channel: "Email" }, applyFiltersToQuery: true });
    const results = [
      await scoped.filter_campaigns({ channel: ["Email", "TV"] }),
      await scoped.semantic_search({ query: "travel miles" }),
      await scoped.full_text_search({ query: "cash back" }),
    ];
    for (const result of results) {
      expect(result.count).toBeGreaterThan(0);
      expect(result.campaigns.every((c) => c.channel === "Email")).toBe(true);
    }
    const ignored = runner({ activeFilters: { channel: "Email" }, applyFiltersToQuery: false });
    const all = await ignored.filter_campaigns({ channel: "TV" });
    expect(all.campaigns.every((c) => c.channel === "TV")).toBe(true);
  });
});

/** The labelled query set on the demo data: per tool, ids that must come back near the top. */
const LABELLED: {
  tool: "semantic_search" | "full_text_search";
  query: string;
  top: number;
  ids: string[];
}[] = [
  { tool: "full_text_search", query: '"price protection"', top: 1, ids: ["demo-anchor-price-protection"] },
  { tool: "full_text_search", query: "airport lounge", top: 1, ids: ["demo-anchor-lounge"] },
  { tool: "full_text_search", query: "veterinary OR grooming", top: 1, ids: ["demo-anchor-pet-rewards"] },
  {
    tool: "semantic_search",
    query: "rewards on pet food and vet bills",
    top: 3,
    ids: ["demo-anchor-pet-rewards"],
  },
  { tool: "semantic_search", query: "unlimited airport lounge access", top: 3, ids: ["demo-anchor-lounge"] },
  {
    tool: "semantic_search",
    query: "refund the difference when the price drops",
    top: 3,
    ids: ["demo-anchor-price-protection"],
  },
];

describe("search quality on the demo data (labelled queries)", () => {
  for (const labelled of LABELLED) {
    it(`${labelled.tool} "${labelled.query}" returns ${labelled.ids.join(", ")} in the top ${labelled.top}`, async () => {
      const result =
        labelled.tool === "semantic_search"
          ? await runner().semantic_search({ query: labelled.query })
          : await runner().full_text_search({ query: labelled.query });
      const top = result.campaigns.slice(0, labelled.top).map((c) => c.id);
      expect(top).toEqual(expect.arrayContaining(labelled.ids));
    });
  }

  it("full_text_search matches a quoted phrase only as a phrase", async () => {
    const phrase = await runner().full_text_search({ query: '"difference price"' });
    expect(phrase.campaigns.map((c) => c.id)).not.toContain("demo-anchor-price-protection");
  });
});

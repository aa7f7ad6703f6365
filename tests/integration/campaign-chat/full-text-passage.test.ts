import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { anchorCampaigns } from "../../../dev/demo/demo-campaigns";
import { createCampaignStore } from "../../../functions/chat/campaigns/adapters/sql-campaign-store";
import { createCampaignToolRunner } from "../../../functions/chat/campaigns/domain/campaign-tools";
import { ingestCampaigns } from "../../../functions/chat/campaigns/domain/use-cases/ingest-campaigns";
import { createEmbedding } from "../../../functions/core/embedding/create-embedding";
import { readEmbeddingConfig } from "../../../functions/core/embedding/embedding-config";
import { createPostgresWireSql } from "../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../functions/core/sql/sql-port";
import { forTenant } from "../../../functions/core/sql/tenant-sql";

// "Which campaigns mention X" is answered from the words that matched: full_text_search's summary shows the
// passage of the copy where the query's words stand (ts_headline), not the campaign's first line.

const TODAY = new Date("2026-06-15T12:00:00Z");
const embedding = createEmbedding(readEmbeddingConfig({}), { logger: null });
let sql: SqlPort;
const tenant = `t-${randomUUID()}`;
const runner = () =>
  createCampaignToolRunner(
    { store: createCampaignStore(forTenant(sql, tenant)), embedding, now: () => TODAY, recentDays: 90 },
    {},
  );

beforeAll(async () => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
  await ingestCampaigns(
    { store: createCampaignStore(forTenant(sql, tenant)), embedding },
    anchorCampaigns(TODAY),
  );
});
afterAll(async () => {
  await sql?.close();
});

describe("full_text_search's summary", () => {
  it("shows the passage with the matching words, found only in the full copy", async () => {
    const result = await runner().full_text_search({ query: "veterinary" });
    expect(result.campaigns.map((c) => c.id)).toEqual(["demo-anchor-pet-rewards"]);
    // The campaign's first line ("Good dog. Great rewards. …") does not say it; the full copy does.
    expect(result.campaigns[0]?.campaign_text).not.toMatch(/veterinary/i);
    expect(result.summary_for_llm).toMatch(/Matched: .*groomers and «veterinary» clinics/);
  });

  it("marks every matching word of the passage, stemmed as the search stems them", async () => {
    const result = await runner().full_text_search({ query: "airport lounges" });
    const lounge = result.summary_for_llm.split("\n").find((line) => line.includes("Matched:"));
    expect(lounge).toMatch(/«airport» «lounge»/);
  });
});

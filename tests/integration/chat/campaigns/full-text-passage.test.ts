import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { anchorCampaigns } from "../../../../dev/demo/demo-campaigns";
import { createCampaignRepository } from "../../../../functions/chat/campaigns/adapters/sql-campaign-repository";
import { createCampaignToolRunner } from "../../../../functions/chat/campaigns/domain/campaign-tools";
import { ingestCampaigns } from "../../../../functions/chat/campaigns/domain/use-cases/ingest-campaigns";
import { createEmbedding } from "../../../../functions/core/embedding/create-embedding";
import { readEmbeddingConfig } from "../../../../functions/core/embedding/embedding-config";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import { RANK_CANDIDATES } from "../../../../functions/core/sql/ranked-full-text";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";
import { forTenant } from "../../../../functions/core/sql/tenant-sql";
import { plainCampaign } from "../../../support/plain-campaign";

// "Which campaigns mention X" is answered from the words that matched: full_text_search's summary shows the
// passage of the copy where the query's words stand (ts_headline), not the campaign's first line.

const TODAY = new Date("2026-06-15T12:00:00Z");
const embedding = createEmbedding(readEmbeddingConfig({}), { logger: null });
let sql: SqlPort;
const tenant = `t-${randomUUID()}`;
const runner = () =>
  createCampaignToolRunner(
    {
      campaigns: createCampaignRepository(forTenant(sql, tenant)),
      embedding,
      now: () => TODAY,
      recentDays: 90,
    },
    {},
  );

beforeAll(async () => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
  await ingestCampaigns(
    { campaigns: createCampaignRepository(forTenant(sql, tenant)), embedding },
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

describe("full_text_search's count", () => {
  it("says 'at least' when more campaigns match than a search counts (RANK_CANDIDATES), and not below it", async () => {
    const broad = `t-${randomUUID()}`;
    const store = createCampaignRepository(forTenant(sql, broad));
    const write = (id: string, text: string) => ({
      campaign: plainCampaign({ id, campaign_text: text }),
      embeddings: null,
    });
    for (let start = 0; start < RANK_CANDIDATES + 5; start += 500)
      await store.upsert(
        Array.from({ length: Math.min(500, RANK_CANDIDATES + 5 - start) }, (_, i) =>
          write(`v${start + i}`, `Voucher number ${start + i}`),
        ),
      );
    await store.upsert([write("rare-1", "A quokka sticker"), write("rare-2", "Two quokka stickers")]);
    const tools = createCampaignToolRunner(
      { campaigns: store, embedding, now: () => TODAY, recentDays: 90 },
      {},
    );

    const many = await tools.full_text_search({ query: "voucher" });
    expect(many.count).toBe(RANK_CANDIDATES);
    expect(many.summary_for_llm.split("\n")[0]).toBe(
      `At least ${RANK_CANDIDATES} campaigns matched; the first 20 are listed.`,
    );
    const few = await tools.full_text_search({ query: "quokka" });
    expect(few.count).toBe(2);
    expect(few.summary_for_llm.split("\n")[0]).toBe("2 campaigns matched.");
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  createCampaignRepository,
  vectorRanking,
} from "../../../../functions/chat/campaigns/adapters/sql-campaign-repository";
import { EMBEDDING_DIMENSIONS } from "../../../../functions/core/embedding/embedding-config";
import { embedLocally, LOCAL_EMBEDDING_MODEL } from "../../../../functions/core/embedding/local-embedding";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlParam, SqlPort } from "../../../../functions/core/sql/sql-port";
import { sqlVector } from "../../../../functions/core/sql/sql-port";
import { forTenant, type TenantSql } from "../../../../functions/core/sql/tenant-sql";
import { plainCampaign } from "../../../support/plain-campaign";
import { seededRandom } from "../../../support/seeded-random";
import { scaledTimeout } from "../../../support/test-timeouts";

// The local embedding is sparse, and it also has an HNSW index as sparsevec, half the room of a vector,
// partial on the model (migrations 0011 and 0012). Checked on the real engine: an unfiltered search of the local
// embedding takes it and ranks as the exact distance does; a filtered one, and another model's, take the
// vector index.

let sql: SqlPort;

beforeAll(() => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});

afterAll(async () => {
  await sql?.close();
});

/** On a table this small the planner would sort a sequential scan; a large table gets the HNSW index scan. */
const AS_ON_A_LARGE_TABLE = { enable_seqscan: "off", enable_bitmapscan: "off", enable_sort: "off" };

const WORDS = ["cash", "back", "groceries", "travel", "miles", "bonus", "fee", "rewards", "fuel", "dining"];
const ROWS = 60;

/** The plan of `nearest`'s first statement and its answer, planned as on a large table. */
const nearestWithPlan = (
  tenant: string,
  vector: number[],
  model: string,
  filters: { channel?: string }[] = [],
) =>
  forTenant(sql, tenant).withLocalSettings(AS_ON_A_LARGE_TABLE, async (tx) => {
    const statements: { text: string; params: readonly SqlParam[] }[] = [];
    const recording: TenantSql = {
      ...tx,
      query: (text, params = []) => {
        statements.push({ text, params });
        return tx.query(text, params);
      },
    };
    const page = await createCampaignRepository(recording).nearest(
      vector,
      model,
      "campaign_text",
      filters,
      10,
    );
    const [first] = statements;
    const plan = await tx.query<{ "QUERY PLAN": string }>(`EXPLAIN ${first?.text}`, first?.params);
    return { page, plan: plan.rows.map((row) => row["QUERY PLAN"]).join("\n") };
  });

describe("campaign vector indexes by model", () => {
  const tenant = `t-${randomUUID()}`;
  const random = seededRandom(11);
  const texts = Array.from({ length: ROWS }, () =>
    Array.from({ length: 4 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(" "),
  );
  const dense = (seed: number) => {
    const next = seededRandom(seed);
    return Array.from({ length: EMBEDDING_DIMENSIONS }, () => next() - 0.5);
  };

  beforeAll(async () => {
    const store = createCampaignRepository(forTenant(sql, tenant));
    await store.upsert(
      texts.map((text, i) => {
        const vector = embedLocally(text, EMBEDDING_DIMENSIONS);
        return {
          campaign: plainCampaign({ id: `local-${i}`, campaign_text: text }),
          embeddings: { campaign_text: vector, full_campaign_text: vector, model: LOCAL_EMBEDDING_MODEL },
        };
      }),
    );
    await store.upsert(
      Array.from({ length: 20 }, (_, i) => ({
        campaign: plainCampaign({ id: `dense-${i}`, campaign_text: `dense ${i}` }),
        embeddings: { campaign_text: dense(i + 1), full_campaign_text: dense(i + 1), model: "m-dense" },
      })),
    );
  }, scaledTimeout(60_000));

  it("indexes every model's vectors as vector, and the local embedding's also as sparsevec", async () => {
    const result = await sql.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
        WHERE tablename = 'campaigns' AND indexdef LIKE '%USING hnsw%' ORDER BY 1`,
    );
    const byName = Object.fromEntries(result.rows.map((row) => [row.name, row.definition]));
    expect(Object.keys(byName)).toEqual([
      "campaigns_campaign_text_embedding",
      "campaigns_campaign_text_sparse",
      "campaigns_full_campaign_text_embedding",
      "campaigns_full_campaign_text_sparse",
    ]);
    // The migration names the model the code embeds with.
    expect(byName.campaigns_campaign_text_sparse).toContain("sparsevec_cosine_ops");
    expect(byName.campaigns_campaign_text_sparse).toContain(
      `WHERE (embedding_model = '${LOCAL_EMBEDDING_MODEL}'`,
    );
    expect(byName.campaigns_campaign_text_embedding).toContain("vector_cosine_ops");
    expect(byName.campaigns_campaign_text_embedding).not.toContain("WHERE");
    // The sparse graphs are denser (migration 0012); the vector ones keep pgvector's defaults.
    for (const name of ["campaigns_campaign_text_sparse", "campaigns_full_campaign_text_sparse"])
      expect(byName[name]).toContain("WITH (ef_construction='128')");
    expect(byName.campaigns_campaign_text_embedding).not.toContain("ef_construction");
  });

  it("ranks the local embedding without filters through the sparse index, in the exact order", async () => {
    const query = embedLocally("cash back groceries", EMBEDDING_DIMENSIONS);
    const { page, plan } = await nearestWithPlan(tenant, query, LOCAL_EMBEDDING_MODEL);
    expect(plan).toContain("Index Scan using campaigns_campaign_text_sparse");
    const exact = await sql.query<{ id: string }>(
      `SELECT id FROM campaigns WHERE tenant = $1 AND embedding_model = $2
        ORDER BY (campaign_text_embedding <=> $3::vector) + 0, id LIMIT 10`,
      [tenant, LOCAL_EMBEDDING_MODEL, sqlVector(query)],
    );
    // Ties (texts of the same words) may order either way: compare the distances, then the set.
    const distances = await sql.query<{ id: string; sparse: number; distance: number }>(
      `SELECT id, ${vectorRanking("campaign_text_embedding", LOCAL_EMBEDDING_MODEL, "$2", false).distance} AS sparse,
              campaign_text_embedding <=> $2::vector AS distance
         FROM campaigns WHERE tenant = $1 AND id IN (SELECT jsonb_array_elements_text($3::jsonb))`,
      [tenant, sqlVector(query), JSON.stringify(page.campaigns.map((campaign) => campaign.id))],
    );
    for (const row of distances.rows) expect(Number(row.sparse)).toBeCloseTo(Number(row.distance), 6);
    expect(page.campaigns).toHaveLength(10);
    expect(page.campaigns.every((campaign) => campaign.id.startsWith("local-"))).toBe(true);
    const byId = new Map(distances.rows.map((row) => [row.id, Number(row.distance)]));
    const answered = page.campaigns.map((campaign) => byId.get(campaign.id) ?? Number.NaN);
    expect(answered).toEqual([...answered].sort((a, b) => a - b));
    const tenthExact = await sql.query<{ distance: number }>(
      "SELECT campaign_text_embedding <=> $2::vector AS distance FROM campaigns WHERE tenant = $1 AND id = $3",
      [tenant, sqlVector(query), exact.rows.at(-1)?.id ?? ""],
    );
    expect(answered.at(-1)).toBeCloseTo(Number(tenthExact.rows[0]?.distance), 6);
  });

  it("ranks the local embedding with a filter through the vector index", async () => {
    const query = embedLocally("cash back groceries", EMBEDDING_DIMENSIONS);
    const { page, plan } = await nearestWithPlan(tenant, query, LOCAL_EMBEDDING_MODEL, [
      { channel: "Email" },
    ]);
    expect(plan).toContain("Index Scan using campaigns_campaign_text_embedding");
    expect(page.campaigns).toHaveLength(10);
    expect(page.campaigns.every((campaign) => campaign.id.startsWith("local-"))).toBe(true);
  });

  it("ranks another model's vectors through the vector index, and never the local rows", async () => {
    const { page, plan } = await nearestWithPlan(tenant, dense(3), "m-dense");
    expect(plan).toContain("Index Scan using campaigns_campaign_text_embedding");
    expect(page.campaigns).toHaveLength(10);
    expect(page.campaigns[0]?.id).toBe("dense-2");
    expect(page.campaigns.every((campaign) => campaign.id.startsWith("dense-"))).toBe(true);
  });
});

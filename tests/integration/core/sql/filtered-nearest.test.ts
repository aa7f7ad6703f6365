import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCampaignRepository } from "../../../../functions/chat/campaigns/adapters/sql-campaign-repository";
import { EMBEDDING_DIMENSIONS } from "../../../../functions/core/embedding/embedding-config";
import { NEAREST_SETTINGS } from "../../../../functions/core/sql/nearest-settings";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlParam, SqlPort } from "../../../../functions/core/sql/sql-port";
import { sqlVector } from "../../../../functions/core/sql/sql-port";
import { forTenant, type TenantSql } from "../../../../functions/core/sql/tenant-sql";
import { plainCampaign } from "../../../support/plain-campaign";
import { seededRandom } from "../../../support/seeded-random";
import { scaledTimeout } from "../../../support/test-timeouts";

// A nearest-neighbour query with a selective filter on the real engine (PGlite + pgvector over the wire
// protocol). An HNSW scan hands over hnsw.ef_search (40) candidates before the filter applies: when the
// rows that pass lie far from the query, none of the 40 passes. pgvector's iterative scan, which the
// campaign store sets for each nearest-neighbour query (NEAREST_SETTINGS), goes on scanning until the LIMIT
// is met. Checked on the campaigns table and its HNSW index.

let sql: SqlPort;

beforeAll(() => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});

afterAll(async () => {
  await sql?.close();
});

/** Unit vector on `axis` with small deterministic noise elsewhere, so the HNSW graph has real structure. */
const vectorNear = (axis: number, seed: number): number[] => {
  const random = seededRandom(seed);
  const v = Array.from({ length: EMBEDDING_DIMENSIONS }, () => random() * 0.05);
  v[axis] = 1;
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};

/**
 * On a table this small the planner would sort a sequential scan (exact, so no starving); a large table
 * gets the HNSW index scan. These settings make the planner take the index here as it does there.
 */
const AS_ON_A_LARGE_TABLE = { enable_seqscan: "off", enable_bitmapscan: "off", enable_sort: "off" };

const COMMON = 200;
const RARE = 10;

describe("nearest neighbours with a selective filter", () => {
  const tenant = `t-${randomUUID()}`;
  const query = vectorNear(0, 1);

  beforeAll(async () => {
    const store = createCampaignRepository(forTenant(sql, tenant));
    const campaign = (id: string, channel: string, axis: number, seed: number) => {
      const vector = vectorNear(axis, seed);
      return {
        campaign: plainCampaign({ id, campaign_text: `${channel} campaign`, channel }),
        embeddings: { campaign_text: vector, full_campaign_text: vector, model: "m1" },
      };
    };
    // The common rows crowd the query; the rare ones, which the filter keeps, lie on another axis.
    await store.upsert(Array.from({ length: COMMON }, (_, i) => campaign(`common-${i}`, "Email", 0, i + 2)));
    await store.upsert(
      Array.from({ length: RARE }, (_, i) => campaign(`rare-${i}`, "Social", 300, i + 5000)),
    );
  }, scaledTimeout(120_000));

  const nearestRows = (settings: Record<string, string>) =>
    forTenant(sql, tenant).withLocalSettings(settings, async (tx) => {
      const plan = await tx.query<{ "QUERY PLAN": string }>(
        NEAREST_QUERY.replace("SELECT id", "EXPLAIN SELECT id"),
        [sqlVector(query)],
      );
      expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain(
        "Index Scan using campaigns_campaign_text_embedding",
      );
      return (await tx.query<{ id: string; distance: number }>(NEAREST_QUERY, [sqlVector(query)])).rows;
    });

  it("returns the k nearest rows that pass the filter, not fewer, with the store's settings", async () => {
    const rows = await nearestRows({ ...AS_ON_A_LARGE_TABLE, ...NEAREST_SETTINGS });
    expect(rows.map((row) => row.id).sort()).toEqual(
      Array.from({ length: RARE }, (_, i) => `rare-${i}`).sort(),
    );
    // Relaxed order: the store sorts them again outside, so it answers them nearest first.
    const answered = await createCampaignRepository(forTenant(sql, tenant)).nearest(
      query,
      "m1",
      "campaign_text",
      [{ channel: "Social" }],
      RARE,
    );
    expect(answered.campaigns.map((campaign) => campaign.id)).toEqual(
      [...rows].sort((a, b) => a.distance - b.distance).map((row) => row.id),
    );
    // The facet clause (the text-and-facets index) and the row filter agree whatever the value's case.
    const lowerCase = await createCampaignRepository(forTenant(sql, tenant)).nearest(
      query,
      "m1",
      "campaign_text",
      [{ channel: "social" }],
      RARE,
    );
    expect(lowerCase.campaigns.map((campaign) => campaign.id)).toEqual(
      answered.campaigns.map((campaign) => campaign.id),
    );
  });

  it("makes its settings in its one statement: the HNSW scan runs with them, and they end with it", async () => {
    // The session's own iterative scan is off (pgvector's default): only the statement's settings can
    // keep the index scan from starving, which would take a second statement (the exact re-rank).
    const statements: { text: string; params: readonly SqlParam[] }[] = [];
    const { answered, plan } = await forTenant(sql, tenant).withLocalSettings(
      AS_ON_A_LARGE_TABLE,
      async (tx) => {
        const recording: TenantSql = {
          ...tx,
          query: (text, params = []) => {
            statements.push({ text, params });
            return tx.query(text, params);
          },
        };
        const answered = await createCampaignRepository(recording).nearest(
          query,
          "m1",
          "campaign_text",
          [{ channel: "Social" }],
          RARE,
        );
        const [first] = statements;
        const plan = await tx.query<{ "QUERY PLAN": string }>(`EXPLAIN ${first?.text}`, first?.params);
        return { answered, plan: plan.rows.map((row) => row["QUERY PLAN"]).join("\n") };
      },
    );
    expect(plan).toContain("Index Scan using campaigns_campaign_text_embedding");
    expect(plan).toContain("One-Time Filter");
    expect(statements).toHaveLength(1);
    expect(answered.campaigns.map((campaign) => campaign.id).sort()).toEqual(
      Array.from({ length: RARE }, (_, i) => `rare-${i}`).sort(),
    );
    // A statement alone is its own transaction: the settings did not outlive it.
    await createCampaignRepository(forTenant(sql, tenant)).nearest(query, "m1", "campaign_text", [], 1);
    const after = await sql.query<{ iterative: string; ef: string }>(
      "SELECT current_setting('hnsw.iterative_scan') AS iterative, current_setting('hnsw.ef_search') AS ef",
    );
    expect(after.rows[0]).toEqual({ iterative: "off", ef: "40" });
  });

  it("starves without iterative scan (the premise): the same index scan then returns fewer rows", async () => {
    const rows = await nearestRows({ ...AS_ON_A_LARGE_TABLE, "hnsw.iterative_scan": "off" });
    expect(rows.length).toBeLessThan(RARE);
  });
});

const NEAREST_QUERY = `SELECT id, campaign_text_embedding <=> $2::vector AS distance FROM campaigns
  WHERE tenant = $1 AND embedding_model = 'm1' AND channel = 'Social'
  ORDER BY campaign_text_embedding <=> $2::vector LIMIT ${RARE}`;

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCampaignRepository } from "../../../../functions/chat/campaigns/adapters/sql-campaign-repository";
import { EMBEDDING_DIMENSIONS } from "../../../../functions/core/embedding/embedding-config";
import { embedLocally, LOCAL_EMBEDDING_MODEL } from "../../../../functions/core/embedding/local-embedding";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";
import { forTenant } from "../../../../functions/core/sql/tenant-sql";
import { plainCampaign } from "../../../support/plain-campaign";
import { seededRandom } from "../../../support/seeded-random";

// A filtered nearest-neighbour query reads the vector of every row that passes: out of line, each is a
// TOAST read (migration 0008). The local embedding compresses and stays in the row; a dense one does not
// compress and goes out of line as before, and the row's texts stay in the row either way.

let sql: SqlPort;

beforeAll(() => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});

afterAll(async () => {
  await sql?.close();
});

const FULL_TEXT =
  "Earn 3% cash back on groceries and 2% at gas stations with no annual fee. Redeem your rewards for travel, statement credits or gift cards, and get a $200 welcome bonus after your first purchases.";

/** Where each vector and the full text of a stored campaign are: compression method, and whether out of line. */
const storageOf = async (tenant: string, id: string) => {
  const result = await sql.query(
    `SELECT pg_column_compression(campaign_text_embedding) AS e1_compression,
            pg_column_toast_chunk_id(campaign_text_embedding) IS NOT NULL AS e1_out_of_line,
            pg_column_compression(full_campaign_text_embedding) AS e2_compression,
            pg_column_toast_chunk_id(full_campaign_text_embedding) IS NOT NULL AS e2_out_of_line,
            pg_column_toast_chunk_id(full_campaign_text) IS NOT NULL AS text_out_of_line
       FROM campaigns WHERE tenant = $1 AND id = $2`,
    [tenant, id],
  );
  return result.rows[0];
};

const store = (tenant: string, id: string, campaignText: number[], fullText: number[], model: string) =>
  createCampaignRepository(forTenant(sql, tenant)).upsert([
    {
      campaign: plainCampaign({ id, campaign_text: "Cash back on groceries", full_campaign_text: FULL_TEXT }),
      embeddings: { campaign_text: campaignText, full_campaign_text: fullText, model },
    },
  ]);

describe("campaign vector storage", () => {
  it("is EXTENDED for both vector columns (compressed first, out of line only if still too large)", async () => {
    const result = await sql.query(
      `SELECT attname AS column, attstorage AS storage FROM pg_attribute
        WHERE attrelid = 'campaigns'::regclass AND attname LIKE '%_embedding' ORDER BY 1`,
    );
    expect(result.rows).toEqual([
      { column: "campaign_text_embedding", storage: "x" },
      { column: "full_campaign_text_embedding", storage: "x" },
    ]);
  });

  it("keeps the local embedding's vectors in the row, compressed, beside its texts", async () => {
    const tenant = `t-${randomUUID()}`;
    await store(
      tenant,
      "local",
      embedLocally("Cash back on groceries", EMBEDDING_DIMENSIONS),
      embedLocally(FULL_TEXT, EMBEDDING_DIMENSIONS),
      LOCAL_EMBEDDING_MODEL,
    );
    expect(await storageOf(tenant, "local")).toEqual({
      e1_compression: "pglz",
      e1_out_of_line: false,
      e2_compression: "pglz",
      e2_out_of_line: false,
      text_out_of_line: false,
    });
  });

  it("moves a dense vector out of line, uncompressed, and leaves the texts in the row", async () => {
    const tenant = `t-${randomUUID()}`;
    const random = seededRandom(47);
    const dense = () => {
      const v = Array.from({ length: EMBEDDING_DIMENSIONS }, () => random() - 0.5);
      const norm = Math.hypot(...v);
      return v.map((x) => x / norm);
    };
    await store(tenant, "dense", dense(), dense(), "provider-model");
    expect(await storageOf(tenant, "dense")).toEqual({
      e1_compression: null,
      e1_out_of_line: true,
      e2_compression: null,
      e2_out_of_line: true,
      text_out_of_line: false,
    });
  });
});

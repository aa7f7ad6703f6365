import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCampaignRepository } from "../../../../functions/chat/campaigns/adapters/sql-campaign-repository";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";
import { forTenant } from "../../../../functions/core/sql/tenant-sql";
import { plainCampaign } from "../../../support/plain-campaign";

// Ranking reads a row's search_text several times, and each read of a compressed value decompresses it
// again (migration 0005). The texts of a row are compressed before its tsvector.

let sql: SqlPort;

beforeAll(() => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});

afterAll(async () => {
  await sql?.close();
});

const RUSSIAN =
  "кэшбэк бонусы карта премиум путешествия доступ мили баллы комиссия годовая без предложение ограниченное время покупка продукты топливо рестораны страховка защита эксклюзивно клиентам приветственный кредит лимит баланс перевод проценты месяцев выписка мобильный кошелёк семья магазин скидка купон партнёр отель перелёт".split(
    " ",
  );

describe("search_text storage", () => {
  it("is MAIN in the two searched tables", async () => {
    const result = await sql.query<{ table: string; storage: string }>(
      `SELECT attrelid::regclass::text AS table, attstorage AS storage FROM pg_attribute
        WHERE attname = 'search_text' AND attrelid IN
              ('campaigns'::regclass, 'catalog_products'::regclass)
        ORDER BY 1`,
    );
    expect(result.rows).toEqual([
      { table: "campaigns", storage: "m" },
      { table: "catalog_products", storage: "m" },
    ]);
  });

  it("stays uncompressed in a campaign row past the compression threshold, its full text compressed instead", async () => {
    const tenant = `t-${randomUUID()}`;
    // 50 Russian words: about 2.2 kB with its tsvector, the tsvector the largest column.
    const full = Array.from({ length: 50 }, (_, i) => `${RUSSIAN[(i * 7) % RUSSIAN.length]}ами${i % 7}`).join(
      " ",
    );
    await createCampaignRepository(forTenant(sql, tenant)).upsert([
      {
        campaign: plainCampaign({
          id: "long-russian",
          campaign_text: "Карта кэшбэк бонусы премиум",
          full_campaign_text: full,
          language: "russian",
        }),
        embeddings: null,
      },
    ]);
    const row = await sql.query<{ search_text: string | null; full_text: string | null }>(
      `SELECT pg_column_compression(search_text) AS search_text,
              pg_column_compression(full_campaign_text) AS full_text
         FROM campaigns WHERE tenant = $1 AND id = 'long-russian'`,
      [tenant],
    );
    expect(row.rows[0]).toEqual({ search_text: null, full_text: "pglz" });
  });
});

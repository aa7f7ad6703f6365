import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";

// PGlite runs no autovacuum: a GIN index's pending list, which every search through the index reads in
// full, is flushed only when it passes gin_pending_list_limit (migration 0010 bounds it for the catalog).

let sql: SqlPort;

beforeAll(() => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});

afterAll(async () => {
  await sql?.close();
});

describe("the catalog's GIN pending lists", () => {
  it("are bounded at 256 kB in every GIN index of the catalog's products", async () => {
    const result = await sql.query(
      `SELECT c.relname AS index, c.reloptions::text AS options FROM pg_index i
         JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
        WHERE i.indrelid = 'catalog_products'::regclass AND am.amname = 'gin' ORDER BY 1`,
    );
    expect(result.rows).toEqual(
      ["catalog_products_search_text", "catalog_products_strong_text"].map((index) => ({
        index,
        options: "{gin_pending_list_limit=256}",
      })),
    );
  });
});

import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";

// PGlite runs no autovacuum: a GIN index's pending list, which every search through the index reads in
// full, is flushed only when it passes gin_pending_list_limit. Migrations 0009 (the campaigns) and 0010 (the
// catalog) bound it.

let sql: SqlPort;

beforeAll(() => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});

afterAll(async () => {
  await sql?.close();
});

describe.each([
  {
    table: "campaigns",
    indexes: [
      "campaigns_key_value_props",
      "campaigns_search_text",
      "campaigns_strong_text",
      "campaigns_text_facets",
    ],
  },
  { table: "catalog_products", indexes: ["catalog_products_search_text", "catalog_products_strong_text"] },
])("the GIN pending lists of $table", ({ table, indexes }) => {
  it("are bounded at 256 kB in every GIN index of the table", async () => {
    const result = await sql.query(
      `SELECT c.relname AS index, c.reloptions::text AS options FROM pg_index i
         JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
        WHERE i.indrelid = $1::regclass AND am.amname = 'gin' ORDER BY 1`,
      [table],
    );
    expect(result.rows).toEqual(indexes.map((index) => ({ index, options: "{gin_pending_list_limit=256}" })));
  });
});

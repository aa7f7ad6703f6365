import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";

// PGlite runs no autovacuum: a GIN index's pending list, which every search through the index reads in
// full, is flushed only when it passes gin_pending_list_limit (migration 0009 bounds it for the campaigns).

let sql: SqlPort;

beforeAll(() => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});

afterAll(async () => {
  await sql?.close();
});

describe("the campaigns' GIN pending lists", () => {
  it("are bounded at 256 kB in every GIN index of the campaigns", async () => {
    const result = await sql.query(
      `SELECT c.relname AS index, c.reloptions::text AS options FROM pg_index i
         JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
        WHERE i.indrelid = 'campaigns'::regclass AND am.amname = 'gin' ORDER BY 1`,
    );
    expect(result.rows).toEqual(
      [
        "campaigns_key_value_props",
        "campaigns_search_text",
        "campaigns_strong_text",
        "campaigns_text_facets",
      ].map((index) => ({ index, options: "{gin_pending_list_limit=256}" })),
    );
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { mapErrorToHttp } from "../../../../functions/core/http/error-response";
import { readMigrationFiles } from "../../../../functions/core/sql/migration-files";
import { applyMigrations } from "../../../../functions/core/sql/migrations";
import { PLANNER_SETTINGS } from "../../../../functions/core/sql/planner-settings";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import { DatabaseUnavailableError, SqlQueryInvalidError } from "../../../../functions/core/sql/sql-errors";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";
import { forTenant } from "../../../../functions/core/sql/tenant-sql";

// The SQL port on the real thing: PGlite with pgvector, reached over the Postgres wire protocol through
// the port's own adapter (the global setup starts it and applies the migrations).

let sql: SqlPort;

/** A scratch table of the tests' own: the port is tested on plain rows, not on an area's table. */
const ROWS = "sql_port_test_rows";

beforeAll(async () => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
  await sql.query(`CREATE TABLE IF NOT EXISTS ${ROWS} (tenant text NOT NULL, id text NOT NULL)`);
});

afterAll(async () => {
  await sql?.close();
});

describe("the local PostgreSQL's planner settings", () => {
  it("prices random page reads as in memory, as the Aurora cluster's parameter group does", async () => {
    const result = await sql.query<{ random_page_cost: string }>("SHOW random_page_cost");
    expect(result.rows[0]?.random_page_cost).toBe(PLANNER_SETTINGS.random_page_cost);
  });
});

const freshTenant = () => `t-${randomUUID()}`;

describe("tenant-scoped statements", () => {
  it("refuses a tenant-scoped statement that does not filter on the tenant", () => {
    expect(() =>
      forTenant(sql, freshTenant()).query(`SELECT * FROM ${ROWS} WHERE id = $2`, ["campaigns"]),
    ).toThrow(/must filter on tenant = \$1/);
  });
});

describe("the SQL port over the wire protocol", () => {
  it("binds parameters, so text that looks like SQL is only a value", async () => {
    const hostile = "x'); DROP TABLE schema_migrations; --";
    const result = await sql.query<{ echoed: string }>("SELECT $1::text AS echoed", [hostile]);
    expect(result.rows).toEqual([{ echoed: hostile }]);
    expect((await sql.query("SELECT count(*)::int AS n FROM schema_migrations")).rowCount).toBe(1);
  });

  it("turns a value the database refuses into a 400, not a 500", async () => {
    const attempt = sql.query("SELECT $1::int AS n", ["not a number"]);
    await expect(attempt).rejects.toBeInstanceOf(SqlQueryInvalidError);
    await attempt.catch((error: unknown) => {
      const mapped = mapErrorToHttp(error);
      expect(mapped.status).toBe(400);
      expect(mapped.body.error.code).toBe("query_invalid");
    });
    await expect(sql.query("SELECT to_tsquery('english', $1)", ["cash &"])).rejects.toBeInstanceOf(
      SqlQueryInvalidError,
    );
  });

  it("rolls a transaction back when its work throws, and commits it otherwise", async () => {
    const tenant = freshTenant();
    const insert = `INSERT INTO ${ROWS} (tenant, id) VALUES ($1, $2)`;
    await expect(
      sql.transaction(async (tx) => {
        await tx.query(insert, [tenant, "rolled-back"]);
        throw new Error("work failed");
      }),
    ).rejects.toThrow("work failed");
    await sql.transaction(async (tx) => tx.query(insert, [tenant, "committed"]));
    const rows = await sql.query(`SELECT id FROM ${ROWS} WHERE tenant = $1`, [tenant]);
    expect(rows.rows).toEqual([{ id: "committed" }]);
  });

  it("answers 503 with a retry hint when the database is down", async () => {
    const down = createPostgresWireSql({
      url: "postgres://postgres@127.0.0.1:1/postgres",
      connectTimeoutSeconds: 2,
    });
    try {
      const attempt = down.probe();
      await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await attempt.catch((error: unknown) => {
        const mapped = mapErrorToHttp(error);
        expect(mapped.status).toBe(503);
        expect(mapped.body.error.details).toEqual({ retry_after_seconds: 10 });
      });
    } finally {
      await down.close();
    }
  });
});

describe("migrations", () => {
  it("applies each migration once and records it", async () => {
    const suffix = randomUUID().replaceAll("-", "").slice(0, 12);
    const migrations = [
      {
        name: `9001_test_${suffix}`,
        sql: `CREATE TABLE test_${suffix} (n int); INSERT INTO test_${suffix} VALUES (1);`,
      },
      { name: `9002_test_${suffix}`, sql: `INSERT INTO test_${suffix} VALUES (2);` },
    ];
    const first = await applyMigrations(sql, migrations);
    const second = await applyMigrations(sql, migrations);
    expect(first).toEqual({ applied: migrations.map((m) => m.name), alreadyApplied: [] });
    expect(second).toEqual({ applied: [], alreadyApplied: migrations.map((m) => m.name) });
    const rows = await sql.query(`SELECT n FROM test_${suffix} ORDER BY n`);
    expect(rows.rows).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it("leaves nothing behind from a migration that fails, and refuses one edited after it ran", async () => {
    const suffix = randomUUID().replaceAll("-", "").slice(0, 12);
    const broken = { name: `9003_test_${suffix}`, sql: `CREATE TABLE test_${suffix} (n int); SELECT 1/0;` };
    await expect(applyMigrations(sql, [broken])).rejects.toBeInstanceOf(SqlQueryInvalidError);
    const table = await sql.query("SELECT to_regclass($1)::text AS t", [`test_${suffix}`]);
    expect(table.rows).toEqual([{ t: null }]);

    const good = { name: `9004_test_${suffix}`, sql: "SELECT 1;" };
    await applyMigrations(sql, [good]);
    await expect(applyMigrations(sql, [{ ...good, sql: "SELECT 2;" }])).rejects.toThrow(
      /changed after it was applied/,
    );
  });

  it("recorded every migration file of the repository at start, in order", async () => {
    const rows = await sql.query<{ name: string }>(
      "SELECT name FROM schema_migrations WHERE name NOT LIKE '9%' ORDER BY name",
    );
    const files = readMigrationFiles().map((m) => m.name);
    expect(files[0]).toBe("0001_search_documents");
    expect(rows.rows.map((r) => r.name)).toEqual(files);
  });
});

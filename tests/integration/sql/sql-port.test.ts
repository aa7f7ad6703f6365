import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ValidationError } from "../../../functions/core/errors";
import { mapErrorToHttp } from "../../../functions/core/http/error-response";
import { readMigrationFiles } from "../../../functions/core/sql/migration-files";
import { applyMigrations } from "../../../functions/core/sql/migrations";
import { PLANNER_SETTINGS } from "../../../functions/core/sql/planner-settings";
import { createPostgresWireSql } from "../../../functions/core/sql/postgres-wire-adapter";
import {
  createSearchIndex,
  EMBEDDING_DIMENSIONS,
  type SearchDocument,
} from "../../../functions/core/sql/search-index";
import { DatabaseUnavailableError, SqlQueryInvalidError } from "../../../functions/core/sql/sql-errors";
import type { SqlPort } from "../../../functions/core/sql/sql-port";
import { forTenant } from "../../../functions/core/sql/tenant-sql";

// The search engine on the real thing: PGlite with pgvector, reached over the Postgres wire protocol
// through the port's own adapter (the global setup starts it and applies the migrations).

let sql: SqlPort;

beforeAll(() => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
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
const indexFor = (tenant: string) => createSearchIndex(forTenant(sql, tenant));

const doc = (id: string, fields: Partial<SearchDocument> & Pick<SearchDocument, "body">): SearchDocument => ({
  collection: "campaigns",
  id,
  language: "english",
  title: "",
  ...fields,
});

/** A unit vector close to axis `axis`: nearest neighbours are known by construction. */
const nearAxis = (axis: number, wobble = 0): number[] => {
  const v = Array.from({ length: EMBEDDING_DIMENSIONS }, (_, i) =>
    i === axis ? 1 : i === axis + 1 ? wobble : 0,
  );
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};

describe("full-text search with PostgreSQL's stemmers", () => {
  const tenant = freshTenant();
  beforeAll(async () => {
    await indexFor(tenant).upsert([
      doc("ru", { language: "russian", body: "Кэшбэк 5% на каждую покупка в супермаркетах" }),
      doc("pt", { language: "portuguese", body: "Pedidos de reembolso tratados em 24 horas" }),
      doc("en", { language: "english", body: "No annual fee for the first year" }),
      doc("other", { language: "english", body: "Travel insurance and lounge access" }),
      doc("en-limit", { language: "english", body: "Limited time offer" }),
      doc("pt-limit", { language: "portuguese", body: "Oferta por tempo limitado" }),
    ]);
  });

  it("finds the Russian 'покупка' when asked for 'покупки'", async () => {
    const hits = await indexFor(tenant).fullText({
      collection: "campaigns",
      query: "покупки",
      language: "russian",
      limit: 10,
    });
    expect(hits.map((h) => h.id)).toEqual(["ru"]);
  });

  it("finds the Portuguese 'reembolso' when asked for 'reembolsos'", async () => {
    const hits = await indexFor(tenant).fullText({
      collection: "campaigns",
      query: "reembolsos",
      language: "portuguese",
      limit: 10,
    });
    expect(hits.map((h) => h.id)).toEqual(["pt"]);
  });

  it("finds the English 'fee' when asked for 'fees'", async () => {
    const hits = await indexFor(tenant).fullText({
      collection: "campaigns",
      query: "fees",
      language: "english",
      limit: 10,
    });
    expect(hits.map((h) => h.id)).toEqual(["en"]);
  });

  it("searches every language at once when no language is given", async () => {
    const index = indexFor(tenant);
    const ids = async (query: string) =>
      (await index.fullText({ collection: "campaigns", query, limit: 10 })).map((h) => h.id);
    expect(await ids("покупки")).toEqual(["ru"]);
    expect(await ids("reembolsos")).toEqual(["pt"]);
    expect(await ids("fees")).toEqual(["en"]);
  });

  it("matches each document with the words parsed in its own language when no language is given", async () => {
    const index = indexFor(tenant);
    const ids = async (query: string) =>
      (await index.fullText({ collection: "campaigns", query, limit: 10 })).map((h) => h.id);
    // Portuguese reads "limitado" as 'limit', the English stem of "Limited"; English reads it as itself.
    expect(await ids("limitado")).toEqual(["pt-limit"]);
    expect(await ids("limited")).toEqual(["en-limit"]);
  });

  it("answers nothing, not an error, for a query that is only punctuation or stop words", async () => {
    const index = indexFor(tenant);
    expect(await index.fullText({ collection: "campaigns", query: '"&|!( -', limit: 10 })).toEqual([]);
    expect(
      await index.fullText({ collection: "campaigns", query: "the and of", language: "english", limit: 10 }),
    ).toEqual([]);
  });
});

describe("phrases and ranking", () => {
  const tenant = freshTenant();
  beforeAll(async () => {
    await indexFor(tenant).upsert([
      doc("phrase", { body: "Enjoy no annual fee, ever." }),
      doc("scattered", { body: "An annual review: no hidden charges, one fee." }),
      doc("title-and-body", {
        title: "Cash back on groceries",
        body: "Cash back every week, cash back on fuel.",
      }),
      doc("body-once", { body: "Some cash back on selected items, among many other offers and conditions." }),
    ]);
  });

  it("matches a quoted phrase only where its words stand together and in order", async () => {
    const index = indexFor(tenant);
    const phrase = await index.fullText({
      collection: "campaigns",
      query: '"no annual fee"',
      language: "english",
      limit: 10,
    });
    expect(phrase.map((h) => h.id)).toEqual(["phrase"]);
    const words = await index.fullText({
      collection: "campaigns",
      query: "no annual fee",
      language: "english",
      limit: 10,
    });
    expect(words.map((h) => h.id).sort()).toEqual(["phrase", "scattered"]);
  });

  it("ranks a document with the words in its title and often above one that has them once", async () => {
    const hits = await indexFor(tenant).fullText({
      collection: "campaigns",
      query: "cash back",
      language: "english",
      limit: 10,
    });
    expect(hits.map((h) => h.id)).toEqual(["title-and-body", "body-once"]);
    expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score ?? Number.POSITIVE_INFINITY);
  });

  it("excludes words with a minus", async () => {
    const hits = await indexFor(tenant).fullText({
      collection: "campaigns",
      query: "cash -groceries",
      language: "english",
      limit: 10,
    });
    expect(hits.map((h) => h.id)).toEqual(["body-once"]);
  });
});

describe("filters and aggregations", () => {
  const tenant = freshTenant();
  beforeAll(async () => {
    await indexFor(tenant).upsert([
      doc("a", {
        body: "cash back card",
        attributes: {
          channel: "email",
          value_prop: ["Cash Back / Rewards", "Premium"],
          price: 10,
          capture_date: "2025-01-10",
        },
      }),
      doc("b", {
        body: "cash back offer",
        attributes: {
          channel: "social",
          value_prop: ["Cash Back / Rewards"],
          price: 25,
          capture_date: "2025-03-01",
        },
      }),
      doc("c", {
        body: "cash back deal",
        attributes: { channel: "display", value_prop: ["Travel"], price: 40, capture_date: "2025-06-01" },
      }),
      doc("p", { collection: "products", body: "cash back laptop", attributes: { channel: "email" } }),
    ]);
  });

  it("narrows a full-text search by attribute values, any-of lists and ranges (hybrid search)", async () => {
    const index = indexFor(tenant);
    const ids = async (filters: Parameters<typeof index.filter>[1]) =>
      (
        await index.fullText({
          collection: "campaigns",
          query: "cash back",
          language: "english",
          filters,
          limit: 10,
        })
      )
        .map((h) => h.id)
        .sort();
    expect(await ids({ equals: { channel: ["email", "social"] } })).toEqual(["a", "b"]);
    expect(await ids({ equals: { value_prop: "Premium" } })).toEqual(["a"]);
    expect(await ids({ range: { price: { gte: 20, lte: 40 } } })).toEqual(["b", "c"]);
    expect(
      await ids({ range: { capture_date: { gte: "2025-02-01" } }, equals: { channel: "display" } }),
    ).toEqual(["c"]);
  });

  it("counts each value of an attribute, list members one by one, within one collection", async () => {
    const counts = await indexFor(tenant).facet("campaigns", "value_prop");
    expect(counts).toEqual([
      { value: "Cash Back / Rewards", count: 2 },
      { value: "Premium", count: 1 },
      { value: "Travel", count: 1 },
    ]);
    expect(await indexFor(tenant).facet("campaigns", "channel", { range: { price: { lte: 25 } } })).toEqual([
      { value: "email", count: 1 },
      { value: "social", count: 1 },
    ]);
  });
});

describe("vector search (pgvector, HNSW, cosine)", () => {
  const tenant = freshTenant();
  beforeAll(async () => {
    await indexFor(tenant).upsert([
      doc("axis-3", { body: "x", embedding: { vector: nearAxis(3), model: "m1" } }),
      doc("axis-3-wobbly", { body: "x", embedding: { vector: nearAxis(3, 0.5), model: "m1" } }),
      doc("axis-9", {
        body: "x",
        attributes: { channel: "email" },
        embedding: { vector: nearAxis(9), model: "m1" },
      }),
      doc("other-model", { body: "x", embedding: { vector: nearAxis(3), model: "m2" } }),
      doc("no-vector", { body: "x" }),
    ]);
  });

  it("returns the nearest neighbours of the query's model in order of cosine distance", async () => {
    const hits = await indexFor(tenant).nearest({
      collection: "campaigns",
      vector: nearAxis(3, 0.1),
      model: "m1",
      limit: 3,
    });
    expect(hits.map((h) => h.id)).toEqual(["axis-3", "axis-3-wobbly", "axis-9"]);
    expect(hits[0]?.score).toBeLessThan(hits[1]?.score ?? 0);
    expect(hits[2]?.score).toBeCloseTo(1, 5);
  });

  it("applies attribute filters to nearest neighbours", async () => {
    const hits = await indexFor(tenant).nearest({
      collection: "campaigns",
      vector: nearAxis(3),
      model: "m1",
      filters: { equals: { channel: "email" } },
      limit: 3,
    });
    expect(hits.map((h) => h.id)).toEqual(["axis-9"]);
  });

  it("refuses a language it has no configuration for with a 400 naming the field", async () => {
    const unknown = "klingon" as "english";
    const attempt = indexFor(tenant).fullText({
      collection: "campaigns",
      query: "x",
      language: unknown,
      limit: 3,
    });
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await attempt.catch((error: unknown) =>
      expect(mapErrorToHttp(error).body.error.details).toEqual({
        issues: [{ path: "language", message: "expected one of english, portuguese, russian, simple" }],
      }),
    );
  });

  it("refuses a vector of the wrong dimension with a 400 naming the field", async () => {
    const attempt = indexFor(tenant).nearest({
      collection: "campaigns",
      vector: [1, 0, 0],
      model: "m1",
      limit: 3,
    });
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await attempt.catch((error: unknown) => expect(mapErrorToHttp(error).status).toBe(400));
  });
});

describe("tenant isolation", () => {
  const alice = freshTenant();
  const bob = freshTenant();
  beforeAll(async () => {
    await indexFor(alice).upsert([
      doc("shared-id", {
        body: "alice secret cashback",
        attributes: { channel: "email" },
        embedding: { vector: nearAxis(1), model: "m1" },
      }),
    ]);
    await indexFor(bob).upsert([
      doc("shared-id", { body: "bob public offer", attributes: { channel: "social" } }),
    ]);
  });

  it("never shows one tenant's rows to another, by text, vector, filter or count", async () => {
    const bobIndex = indexFor(bob);
    expect(await bobIndex.fullText({ collection: "campaigns", query: "secret", limit: 10 })).toEqual([]);
    expect(
      await bobIndex.nearest({ collection: "campaigns", vector: nearAxis(1), model: "m1", limit: 10 }),
    ).toEqual([]);
    expect((await bobIndex.filter("campaigns", {}, 10)).map((h) => h.body)).toEqual(["bob public offer"]);
    expect(await bobIndex.facet("campaigns", "channel")).toEqual([{ value: "social", count: 1 }]);
  });

  it("keeps the same id apart per tenant: a delete by one leaves the other's row", async () => {
    expect(await indexFor(bob).remove("campaigns", ["shared-id"])).toBe(1);
    const aliceRows = await indexFor(alice).filter("campaigns", {}, 10);
    expect(aliceRows.map((h) => h.body)).toEqual(["alice secret cashback"]);
  });

  it("refuses a tenant-scoped statement that does not filter on the tenant", () => {
    expect(() =>
      forTenant(sql, alice).query("SELECT * FROM search_documents WHERE collection = $2", ["campaigns"]),
    ).toThrow(/must filter on tenant = \$1/);
  });
});

describe("the SQL port over the wire protocol", () => {
  it("binds parameters, so text that looks like SQL is only a value", async () => {
    const hostile = "x'); DROP TABLE search_documents; --";
    const result = await sql.query<{ echoed: string }>("SELECT $1::text AS echoed", [hostile]);
    expect(result.rows).toEqual([{ echoed: hostile }]);
    expect((await sql.query("SELECT count(*)::int AS n FROM search_documents")).rowCount).toBe(1);
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
    const insert =
      "INSERT INTO search_documents (tenant, collection, id, body) VALUES ($1, 'campaigns', $2, 'x')";
    await expect(
      sql.transaction(async (tx) => {
        await tx.query(insert, [tenant, "rolled-back"]);
        throw new Error("work failed");
      }),
    ).rejects.toThrow("work failed");
    await sql.transaction(async (tx) => tx.query(insert, [tenant, "committed"]));
    const rows = await sql.query("SELECT id FROM search_documents WHERE tenant = $1", [tenant]);
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

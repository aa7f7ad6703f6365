import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPostgresWireSql } from "../../../functions/core/sql/postgres-wire-adapter";
import { createSearchIndex, EMBEDDING_DIMENSIONS } from "../../../functions/core/sql/search-index";
import type { SqlPort } from "../../../functions/core/sql/sql-port";
import { sqlVector } from "../../../functions/core/sql/sql-port";
import { forTenant } from "../../../functions/core/sql/tenant-sql";
import { scaledTimeout } from "../../support/test-timeouts";

// A nearest-neighbour query with a selective filter on the real engine (PGlite + pgvector over the wire
// protocol). An HNSW scan hands over hnsw.ef_search (40) candidates before the filter applies: when the
// rows that pass lie far from the query, none of the 40 passes. pgvector's iterative scan, which the search
// index sets for each nearest-neighbour query, goes on scanning until the LIMIT is met.

let sql: SqlPort;

beforeAll(() => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});

afterAll(async () => {
  await sql?.close();
});

/** Unit vector on `axis` with small deterministic noise elsewhere, so the HNSW graph has real structure. */
const vectorNear = (axis: number, seed: number): number[] => {
  let state = seed;
  const v = Array.from({ length: EMBEDDING_DIMENSIONS }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648) * 0.05;
  });
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
    const index = createSearchIndex(forTenant(sql, tenant));
    const document = (id: string, kind: string, axis: number, seed: number) => ({
      collection: "campaigns",
      id,
      language: "english" as const,
      title: id,
      body: `${kind} campaign`,
      attributes: { kind },
      embedding: { vector: vectorNear(axis, seed), model: "m1" },
    });
    // The common rows crowd the query; the rare ones, which the filter keeps, lie on another axis.
    await index.upsert(Array.from({ length: COMMON }, (_, i) => document(`common-${i}`, "common", 0, i + 2)));
    await index.upsert(Array.from({ length: RARE }, (_, i) => document(`rare-${i}`, "rare", 300, i + 5000)));
  }, scaledTimeout(120_000));

  it("returns the k nearest rows that pass the filter, not fewer", async () => {
    const hits = await forTenant(sql, tenant).withLocalSettings(AS_ON_A_LARGE_TABLE, (tx) =>
      createSearchIndex(tx).nearest({
        collection: "campaigns",
        vector: query,
        model: "m1",
        filters: { equals: { kind: "rare" } },
        limit: RARE,
      }),
    );
    expect(hits.map((hit) => hit.id).sort()).toEqual(
      Array.from({ length: RARE }, (_, i) => `rare-${i}`).sort(),
    );
    const scores = hits.map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
  });

  it("starves without iterative scan (the premise): the same index scan then returns fewer rows", async () => {
    const rows = await forTenant(sql, tenant).withLocalSettings(
      { ...AS_ON_A_LARGE_TABLE, "hnsw.iterative_scan": "off" },
      async (tx) => {
        const plan = await tx.query<{ "QUERY PLAN": string }>(
          STARVING_QUERY.replace("SELECT id", "EXPLAIN SELECT id"),
          [sqlVector(query)],
        );
        expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain(
          "Index Scan using search_documents_embedding",
        );
        return (await tx.query(STARVING_QUERY, [sqlVector(query)])).rows;
      },
    );
    expect(rows.length).toBeLessThan(RARE);
  });
});

const STARVING_QUERY = `SELECT id FROM search_documents
  WHERE tenant = $1 AND collection = 'campaigns' AND embedding_model = 'm1' AND attributes @> '{"kind":"rare"}'
  ORDER BY embedding <=> $2::vector LIMIT ${RARE}`;

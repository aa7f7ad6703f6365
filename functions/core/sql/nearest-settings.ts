import type { SqlParam } from "./sql-port";

/**
 * Run-time settings for one nearest-neighbour query over an HNSW index (made by the statement itself:
 * `statementSettings`). An HNSW scan hands over `hnsw.ef_search` candidates before the WHERE clause
 * filters them, so a selective filter (a tenant's rows among many, an attribute) can leave fewer than the
 * LIMIT, or none. pgvector ≥ 0.8's iterative scan goes on until the LIMIT is met or `hnsw.max_scan_tuples`
 * (20,000) are visited; `relaxed_order` is its faster mode and may return neighbours slightly out of order,
 * so the query sorts them again outside (a MATERIALIZED CTE, as pgvector's documentation shows).
 * `hnsw.ef_search` (pgvector's default 40) is the candidate list: at 100,000 campaigns the default found 86 %
 * of the exact top 20. Over the local embedding's sparsevec graphs built with pgvector's ef_construction 64
 * (migration 0011), 150 found 93.7-95.5 % (a graph built again differs by a point or two); built denser
 * (migration 0012, ef_construction 128), three graphs found 96.7 % each at 150 and two 97.4-97.5 % at 200,
 * whose p99 reached 15.4 ms where 150's stayed at 11.1-13.7; over the vector index's graphs (a provider's
 * embedding, pgvector's defaults) 150 found 95.3-96.5 %. The time it costs is in bench/README.md,
 * "semantic_search". It matters only when the planner takes the HNSW scan: a selective facet filter is read
 * through the facets' index and ranked exactly.
 */
export const NEAREST_SETTINGS: Readonly<Record<string, string>> = {
  "hnsw.iterative_scan": "relaxed_order",
  "hnsw.ef_search": "150",
};

/**
 * Settings that last for one statement, made by that statement: a CTE (`cte`, for its WITH) of
 * `set_config(name, value, true)` calls, names and values bound, and a condition (`gate`, to AND into the
 * WHERE of the scan they are for) that reads it. The condition refers to nothing of the row, so PostgreSQL
 * evaluates it once, before the scan under it returns a row (a one-time filter), and pgvector reads its
 * settings when its index scan starts. `true` makes them local to the transaction, and a statement sent
 * alone is a transaction of its own: nothing outlives it. One round trip, where a transaction setting them
 * took four more (BEGIN, one per setting, COMMIT; each an HTTPS call on the RDS Data API; PGlite's shared
 * session still wraps the one statement in a BEGIN and COMMIT of its own, postgres-wire-adapter.ts).
 */
export const statementSettings = (
  settings: Readonly<Record<string, string>>,
  add: (value: SqlParam) => string,
): { cte: string; gate: string } => {
  const calls = Object.entries(settings).map(
    ([name, value], i) => `set_config(${add(name)}, ${add(value)}, true) AS s${i}`,
  );
  return {
    cte: `statement_settings AS MATERIALIZED (SELECT ${calls.length > 0 ? calls.join(", ") : "1"})`,
    gate: "EXISTS (SELECT FROM statement_settings)",
  };
};

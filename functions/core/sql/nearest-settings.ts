/**
 * Run-time settings for one nearest-neighbour query over an HNSW index (set with `withLocalSettings`).
 * An HNSW scan hands over `hnsw.ef_search` candidates before the WHERE clause filters them, so a
 * selective filter (a tenant's rows among many, an attribute) can leave fewer than the LIMIT, or none.
 * pgvector ≥ 0.8's iterative scan goes on until the LIMIT is met or `hnsw.max_scan_tuples` (20,000) are
 * visited; `relaxed_order` is its faster mode and may return neighbours slightly out of order, so the
 * query sorts them again outside (a MATERIALIZED CTE, as pgvector's documentation shows).
 * `hnsw.ef_search` (pgvector's default 40) is the candidate list: at 100,000 campaigns the default found 86 %
 * of the exact top 20, 120 found 95.4 % and 150 96.4 % (a graph built again differs by about a point); the
 * time it costs is in bench/README.md, "semantic_search". It matters only when the planner takes the HNSW
 * scan: a selective facet filter is read through the facets' index and ranked exactly.
 */
export const NEAREST_SETTINGS: Readonly<Record<string, string>> = {
  "hnsw.iterative_scan": "relaxed_order",
  "hnsw.ef_search": "150",
};

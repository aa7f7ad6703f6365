/**
 * Run-time settings for one nearest-neighbour query over an HNSW index (set with `withLocalSettings`).
 * An HNSW scan hands over `hnsw.ef_search` (40) candidates before the WHERE clause filters them, so a
 * selective filter (a tenant's rows among many, an attribute) can leave fewer than the LIMIT, or none.
 * pgvector ≥ 0.8's iterative scan goes on until the LIMIT is met or `hnsw.max_scan_tuples` (20,000) are
 * visited; `relaxed_order` is its faster mode and may return neighbours slightly out of order, so the
 * query sorts them again outside (a MATERIALIZED CTE, as pgvector's documentation shows).
 */
export const NEAREST_SETTINGS: Readonly<Record<string, string>> = { "hnsw.iterative_scan": "relaxed_order" };

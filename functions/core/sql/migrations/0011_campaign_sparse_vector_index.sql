-- The local embedding (local-feature-hash-v1, the stack's without a provider) is sparse: about 130 of its 512
-- dimensions are non-zero. An HNSW index holds each value it indexes, so the vector index of 100,000
-- campaigns is 260 MB, twice PGlite's buffer cache, and an unfiltered search missed about 40 % of its ~1,600
-- pages. Indexed as sparsevec (index and value of each non-zero dimension: about 1,080 bytes where the
-- vector takes 2,056) it is 143 MB and ranks by the same cosine distance (bench/README.md, "semantic_search").
-- A search without filters walks it; a filtered one keeps the vector index, because the planner may instead
-- rank the rows the filter passes exactly, and casting each to sparsevec there cost about 4 µs a row
-- (sql-campaign-repository.ts, `vectorRanking`). Partial on the model, so a provider's dense vectors, which
-- would take twice the room as sparsevec, are not in it; the condition is a constant the query repeats.
CREATE INDEX campaigns_campaign_text_sparse ON campaigns
  USING hnsw ((campaign_text_embedding::sparsevec(512)) sparsevec_cosine_ops)
  WHERE embedding_model = 'local-feature-hash-v1';
CREATE INDEX campaigns_full_campaign_text_sparse ON campaigns
  USING hnsw ((full_campaign_text_embedding::sparsevec(512)) sparsevec_cosine_ops)
  WHERE embedding_model = 'local-feature-hash-v1';

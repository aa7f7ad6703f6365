-- The local embedding (local-feature-hash-v1, the stack's without a provider) is sparse: about 130 of its 512
-- dimensions are non-zero. An HNSW index holds each value it indexes, so a vector index of it was 260 MB at
-- 100,000 campaigns, twice PGlite's buffer cache, and each search missed about 40 % of its ~1,600 pages.
-- Indexed as sparsevec (index and value of each non-zero dimension: about 1,080 bytes where the vector takes
-- 2,056) it is 143 MB and ranks by the same cosine distance (bench/README.md, "semantic_search"). A
-- provider's dense vector would take twice the room as a sparsevec, so other models keep the vector index.
-- Each index is partial on the model; a query names its model's index by the same condition
-- (sql-campaign-repository.ts, `nearest`), a constant, so a generic plan can use it too.
DROP INDEX campaigns_campaign_text_embedding;
DROP INDEX campaigns_full_campaign_text_embedding;
CREATE INDEX campaigns_campaign_text_embedding ON campaigns
  USING hnsw (campaign_text_embedding vector_cosine_ops) WHERE embedding_model <> 'local-feature-hash-v1';
CREATE INDEX campaigns_full_campaign_text_embedding ON campaigns
  USING hnsw (full_campaign_text_embedding vector_cosine_ops) WHERE embedding_model <> 'local-feature-hash-v1';
CREATE INDEX campaigns_campaign_text_sparse ON campaigns
  USING hnsw ((campaign_text_embedding::sparsevec(512)) sparsevec_cosine_ops)
  WHERE embedding_model = 'local-feature-hash-v1';
CREATE INDEX campaigns_full_campaign_text_sparse ON campaigns
  USING hnsw ((full_campaign_text_embedding::sparsevec(512)) sparsevec_cosine_ops)
  WHERE embedding_model = 'local-feature-hash-v1';

-- pgvector's vector type is stored EXTERNAL: a value past about 2 kB (512 dimensions are 2,056 bytes) goes
-- out of line uncompressed, so a filtered nearest-neighbour query read each passing row's vector from the
-- TOAST table: about 10,000 pages for 2,000 rows of 100,000 (bench/README.md, "semantic_search"). EXTENDED
-- tries compression first, largest column first, and stops once the row fits: the local embedding
-- (about 96 of 512 dimensions non-zero) compresses to a few hundred bytes and stays in the row with the
-- texts; a vector that does not compress by a quarter (a provider's dense embedding) goes out of line,
-- uncompressed in effect, as before. Existing rows keep their storage until they are written again.
ALTER TABLE campaigns
  ALTER COLUMN campaign_text_embedding SET STORAGE EXTENDED,
  ALTER COLUMN full_campaign_text_embedding SET STORAGE EXTENDED;

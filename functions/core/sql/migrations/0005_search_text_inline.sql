-- Ranking reads a row's search_text two or three times (the match, ts_rank_cd, the strong lexemes), and
-- each read of a compressed value decompresses it again. PostgreSQL compresses a row's largest EXTENDED
-- column first once the row passes about 2 kB, and a tsvector is usually the largest: a quarter of the
-- bench's campaigns (the Russian ones) had theirs compressed. MAIN makes the texts and vectors go first:
-- search_text is compressed, or moved out of line, only if the row is still too big after them.
ALTER TABLE search_documents ALTER COLUMN search_text SET STORAGE MAIN;
ALTER TABLE catalog_products ALTER COLUMN search_text SET STORAGE MAIN;
ALTER TABLE campaigns ALTER COLUMN search_text SET STORAGE MAIN;

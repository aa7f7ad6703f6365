-- The catalog's GIN indexes, as migration 0009 did the campaigns': PGlite runs no autovacuum, so new rows wait
-- in each index's pending list (fastupdate), which every search through it reads in full, until the list
-- passes gin_pending_list_limit (4 MB). After 100,000 products written through the store's upsert, the
-- search_text index's list held 430 pages and the strong-lexeme one's 190; each of a search's text-index
-- scans read 439 buffers where 11 do, and search_products took 15-20 ms of CPU a call instead of 8-12
-- (bench/README.md, "Full-text search in the chats' stores"). 256 kB bounds a list at 32 pages; loading the
-- 100,000 took as long. The lists there now are flushed.
ALTER INDEX catalog_products_search_text SET (gin_pending_list_limit = 256);
ALTER INDEX catalog_products_strong_text SET (gin_pending_list_limit = 256);
SELECT gin_clean_pending_list(i) FROM (VALUES ('catalog_products_search_text'::regclass),
  ('catalog_products_strong_text'::regclass)) AS gin(i);

-- A GIN index takes new rows into a pending list (fastupdate) that every search through it reads in full,
-- and that VACUUM or autovacuum moves into the index proper. PGlite runs no autovacuum, so the list grew to
-- gin_pending_list_limit (4 MB) before the inserting statement flushed it: after the bench's 100,000
-- campaigns the facets index's list held 353 pages, and a filtered nearest-neighbour query read 373 of the
-- index's pages where 20 do (bench/README.md, "semantic_search"). 256 kB bounds it at 32 pages; loading
-- 20,000 campaigns took as long (fastupdate off took half as long again). The lists there now are flushed.
ALTER INDEX campaigns_search_text SET (gin_pending_list_limit = 256);
ALTER INDEX campaigns_key_value_props SET (gin_pending_list_limit = 256);
ALTER INDEX campaigns_strong_text SET (gin_pending_list_limit = 256);
ALTER INDEX campaigns_text_facets SET (gin_pending_list_limit = 256);
SELECT gin_clean_pending_list(i) FROM (VALUES ('campaigns_search_text'::regclass),
  ('campaigns_key_value_props'::regclass), ('campaigns_strong_text'::regclass),
  ('campaigns_text_facets'::regclass)) AS gin(i);

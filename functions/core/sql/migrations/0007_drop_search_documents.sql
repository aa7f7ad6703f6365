-- The generic search index (search_documents, 0001) served no request path: the catalog chat and the
-- campaign chat search their own tables (catalog_products, campaigns). Dropping it drops its indexes too;
-- search_strong_lexemes (0004) stays, the other tables' indexes use it. Applied migrations are never edited.
DROP TABLE IF EXISTS search_documents;

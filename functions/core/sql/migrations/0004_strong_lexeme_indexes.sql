-- Ranked full text ranks a bounded candidate set (search-index.ts, RANK_CANDIDATES) instead of every match.
-- The candidates that matter are the rows where the query's words are strong: in the title-weight text (A,
-- weighed 1.0 by ts_rank_cd) or three times or more; a row where a word is neither scores at most 0.8 for
-- it, below any row where it is strong. search_strong_lexemes keeps those lexemes of a row's tsvector, and a
-- GIN index over it finds the strong matches at once. Plain SQL and core PostgreSQL, the same on Aurora.
CREATE FUNCTION search_strong_lexemes(v tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT array_to_tsvector(coalesce(array_agg(lexeme), '{}'))
      FROM unnest(v) WHERE 'A' = ANY(weights) OR cardinality(positions) >= 3
  $$;

CREATE INDEX search_documents_strong_text ON search_documents USING gin (search_strong_lexemes(search_text));
CREATE INDEX campaigns_strong_text ON campaigns USING gin (search_strong_lexemes(search_text));
CREATE INDEX catalog_products_strong_text ON catalog_products USING gin (search_strong_lexemes(search_text));

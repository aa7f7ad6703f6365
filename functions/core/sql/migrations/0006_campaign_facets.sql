-- A full-text search filtered by channel, company, sentiment or visual style found its matches through the
-- text index, then read each one to check the filter: "limitado" on one channel of 100,000 campaigns read
-- 19,000 rows to count 2,000 (bench/README.md, "Search engine"). Here the filter values are lexemes beside
-- the text in one GIN index, so the index itself keeps only the rows of that channel: about 3,800 reads.
-- A facet lexeme is "<dimension>: <value>", lower-cased: it holds a space, which no text parser's lexeme
-- does, so no query word can match it. Values are cut at 200 characters (the API's own limit) so that a
-- lexeme stays under PostgreSQL's 2,047 bytes whatever is stored; the row filter still compares the whole
-- value. Each function spells the lexeme out itself (neither calls the other): PostgreSQL evaluates an
-- index expression with only pg_catalog on the search path.

CREATE FUNCTION campaign_facets(channel text, company text, sentiment text, visual_style text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT array_to_tsvector(ARRAY[
      'channel: ' || left(lower(channel), 200), 'company: ' || left(lower(company), 200),
      'sentiment: ' || left(lower(sentiment), 200), 'visual_style: ' || left(lower(visual_style), 200)])
  $$;

-- Any of the values (a JSON array of strings) of one dimension, as a tsquery over the facet lexemes; NULL
-- for an empty array. Each lexeme is quoted as tsquery input wants it (backslashes and quotes doubled).
CREATE FUNCTION campaign_facet_query(dimension text, facet_values jsonb) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT string_agg(
             '''' || replace(replace(dimension || ': ' || left(lower(v), 200), '\', '\\'), '''', '''''') || '''',
             ' | ')::tsquery
      FROM jsonb_array_elements_text(facet_values) AS v
  $$;

CREATE INDEX campaigns_text_facets ON campaigns
  USING gin ((search_text || campaign_facets(channel, company, imagery_sentiment, imagery_visual_style)));

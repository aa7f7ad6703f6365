-- The search engine's generic table: every collection a tenant searches (campaigns for the campaign chat,
-- products for the catalog pipeline, later ones) in one shape: text searched with PostgreSQL's own
-- full-text search in the row's language, an embedding searched by cosine distance, and attributes
-- (channel, value_prop, brand, price, ...) for filters and aggregations. Areas that need typed columns
-- add their own tables in later migrations.
CREATE EXTENSION IF NOT EXISTS vector;

CREATE TABLE search_documents (
  tenant text NOT NULL CHECK (tenant <> ''),
  collection text NOT NULL CHECK (collection ~ '^[a-z][a-z0-9_]{0,62}$'),
  id text NOT NULL CHECK (id <> ''),
  -- The text search configuration the row was written in; queries parse with the same ones.
  language regconfig NOT NULL DEFAULT 'simple'
    CHECK (language IN ('english'::regconfig, 'portuguese'::regconfig, 'russian'::regconfig, 'simple'::regconfig)),
  title text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(attributes) = 'object'),
  -- Title words weigh more than body words in ts_rank_cd.
  search_text tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector(language, title), 'A') || setweight(to_tsvector(language, body), 'B')
  ) STORED,
  embedding vector(512),
  -- Vectors of different models are not comparable: a query compares only vectors of its own model.
  embedding_model text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, collection, id),
  CONSTRAINT search_documents_embedding_has_model CHECK ((embedding IS NULL) = (embedding_model IS NULL))
);

CREATE INDEX search_documents_search_text ON search_documents USING gin (search_text);
CREATE INDEX search_documents_embedding ON search_documents USING hnsw (embedding vector_cosine_ops);
CREATE INDEX search_documents_attributes ON search_documents USING gin (attributes jsonb_path_ops);
CREATE INDEX search_documents_embedding_model ON search_documents (embedding_model);

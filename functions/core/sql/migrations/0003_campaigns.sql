-- Seed 002's campaigns, in typed columns: the campaign chat filters, groups and ranks on them. The copy
-- is searched with PostgreSQL's full-text search in the row's language (generated tsvector over both
-- text fields, GIN) and by meaning through one embedding per text field (the tool's embedding_field).
CREATE EXTENSION IF NOT EXISTS vector;

CREATE TABLE campaigns (
  tenant text NOT NULL CHECK (tenant <> ''),
  id text NOT NULL CHECK (id <> ''),
  company text NOT NULL,
  brand text NOT NULL DEFAULT '',
  channel text NOT NULL,
  -- '' when the campaign makes no offer (has_offer: false).
  offer text NOT NULL DEFAULT '',
  key_value_props text[] NOT NULL DEFAULT '{}',
  imagery_sentiment text NOT NULL DEFAULT '',
  imagery_visual_style text NOT NULL DEFAULT '',
  capture_date date NOT NULL,
  campaign_text text NOT NULL DEFAULT '',
  full_campaign_text text NOT NULL DEFAULT '',
  language regconfig NOT NULL DEFAULT 'english'
    CHECK (language IN ('english'::regconfig, 'portuguese'::regconfig, 'russian'::regconfig, 'simple'::regconfig)),
  search_text tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector(language, campaign_text), 'A') || setweight(to_tsvector(language, full_campaign_text), 'B')
  ) STORED,
  campaign_text_embedding vector(512),
  full_campaign_text_embedding vector(512),
  -- Vectors of different models are not comparable: a query compares only vectors of its own model.
  embedding_model text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, id)
);

CREATE INDEX campaigns_search_text ON campaigns USING gin (search_text);
CREATE INDEX campaigns_campaign_text_embedding ON campaigns USING hnsw (campaign_text_embedding vector_cosine_ops);
CREATE INDEX campaigns_full_campaign_text_embedding ON campaigns USING hnsw (full_campaign_text_embedding vector_cosine_ops);
CREATE INDEX campaigns_capture_date ON campaigns (tenant, capture_date DESC);
CREATE INDEX campaigns_key_value_props ON campaigns USING gin (key_value_props);

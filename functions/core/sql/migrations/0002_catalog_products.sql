-- The catalog chat's products (seed 004) and their categories. A category has names in several languages
-- ("ноутбуки", "laptops", ...); each product carries its category's names (category_names, kept in step
-- by PUT /catalog/categories) so one generated tsvector over name, brand and category names, with one GIN
-- index, answers a search. 'russian' stems Cyrillic words with the Russian stemmer and Latin words with
-- the English one; 'simple' keeps every word as written (brands, model names).
CREATE TABLE catalog_categories (
  tenant text NOT NULL CHECK (tenant <> ''),
  id text NOT NULL CHECK (id <> ''),
  names jsonb NOT NULL CHECK (jsonb_typeof(names) = 'array'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, id)
);

CREATE TABLE catalog_products (
  tenant text NOT NULL CHECK (tenant <> ''),
  id text NOT NULL CHECK (id <> ''),
  name text NOT NULL CHECK (name <> ''),
  category text NOT NULL,
  brand text NOT NULL DEFAULT '',
  -- Integer minor units (kopecks for RUB, cents for USD).
  price bigint NOT NULL CHECK (price >= 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  rating numeric(3, 2) NOT NULL DEFAULT 0 CHECK (rating >= 0 AND rating <= 5),
  stock_quantity integer NOT NULL DEFAULT 0 CHECK (stock_quantity >= 0),
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(attributes) = 'object'),
  category_names text NOT NULL DEFAULT '',
  search_text tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('russian'::regconfig, name || ' ' || brand), 'A')
      || setweight(to_tsvector('russian'::regconfig, category || ' ' || category_names), 'B')
      || setweight(to_tsvector('simple'::regconfig, name || ' ' || brand || ' ' || category || ' ' || category_names), 'C')
  ) STORED,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, id)
);

CREATE INDEX catalog_products_search_text ON catalog_products USING gin (search_text);
CREATE INDEX catalog_products_category ON catalog_products (tenant, category);

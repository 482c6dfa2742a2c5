-- The catalogue: publishers, genres, creators, series, products and their variants, bundles,
-- sales campaigns, news and short links. Ids are numbers so a path part of only digits is an id and
-- anything else a readable url (a readable url may never be only digits).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE publishers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  hidden boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE imprints (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  publisher_id bigint NOT NULL REFERENCES publishers(id),
  name text NOT NULL,
  UNIQUE (publisher_id, name)
);

CREATE TABLE genres (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  readable_url text NOT NULL UNIQUE
);

CREATE TABLE ip_tags (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  readable_url text NOT NULL UNIQUE
);

CREATE TABLE creators (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE series (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  meta_description text,
  readable_url text UNIQUE CHECK (readable_url !~ '^[0-9]+$'),
  color text,
  completion_status text,
  original_language_title text,
  romanized_title text,
  alt_titles text[] NOT NULL DEFAULT '{}',
  restricted_territories text[] NOT NULL DEFAULT '{}',
  unlisted boolean NOT NULL DEFAULT false,
  status smallint NOT NULL DEFAULT 0,
  relative_name_setting text NOT NULL DEFAULT 'UsePublisherSetting',
  age_rating text NOT NULL DEFAULT 'e' CHECK (age_rating IN ('e', 'e7', 'pg', 't', 'm')),
  right_to_left boolean NOT NULL DEFAULT false,
  publisher_id bigint REFERENCES publishers(id),
  imprint_id bigint REFERENCES imprints(id),
  ip_tag_id bigint REFERENCES ip_tags(id),
  thumbnails jsonb NOT NULL DEFAULT '[]',
  external_links jsonb NOT NULL DEFAULT '[]',
  popularity integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE series_genres (
  series_id bigint NOT NULL REFERENCES series(id) ON DELETE CASCADE,
  genre_id bigint NOT NULL REFERENCES genres(id),
  PRIMARY KEY (series_id, genre_id)
);
CREATE INDEX series_genres_genre ON series_genres (genre_id);

CREATE TABLE series_creators (
  series_id bigint NOT NULL REFERENCES series(id) ON DELETE CASCADE,
  creator_id bigint NOT NULL REFERENCES creators(id),
  title text NOT NULL,
  ordinal integer NOT NULL DEFAULT 0,
  hidden boolean NOT NULL DEFAULT false,
  PRIMARY KEY (series_id, creator_id, title)
);

CREATE TABLE products (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  display_name text,
  description text NOT NULL DEFAULT '',
  meta_description text,
  category smallint NOT NULL DEFAULT 0,
  sub_category smallint NOT NULL,
  readable_url text UNIQUE CHECK (readable_url !~ '^[0-9]+$'),
  status smallint NOT NULL DEFAULT 0,
  publish_date timestamptz,
  unlisted boolean NOT NULL DEFAULT false,
  series_id bigint REFERENCES series(id),
  volume_number integer,
  chapter_number integer,
  issue_number integer,
  relative_name text,
  subtitle text,
  page_count integer NOT NULL DEFAULT 0,
  age_rating text NOT NULL DEFAULT 'e' CHECK (age_rating IN ('e', 'e7', 'pg', 't', 'm')),
  restricted_territories text[] NOT NULL DEFAULT '{}',
  reverse_read_order boolean NOT NULL DEFAULT false,
  ingest_completed boolean NOT NULL DEFAULT false,
  publisher_id bigint REFERENCES publishers(id),
  imprint_id bigint REFERENCES imprints(id),
  thumbnails jsonb NOT NULL DEFAULT '[]',
  external_links jsonb NOT NULL DEFAULT '[]',
  popularity integer NOT NULL DEFAULT 0,
  isbn text,
  eisbn text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_series ON products (series_id, volume_number, chapter_number);
CREATE INDEX products_publish_date ON products (publish_date DESC);
CREATE INDEX products_status ON products (status);

CREATE TABLE product_creators (
  product_id bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  creator_id bigint NOT NULL REFERENCES creators(id),
  title text NOT NULL,
  ordinal integer NOT NULL DEFAULT 0,
  hidden boolean NOT NULL DEFAULT false,
  PRIMARY KEY (product_id, creator_id, title)
);

CREATE TABLE product_ip_tags (
  product_id bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  ip_tag_id bigint NOT NULL REFERENCES ip_tags(id),
  PRIMARY KEY (product_id, ip_tag_id)
);

CREATE TABLE variants (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('Digital', 'Print')),
  enabled boolean NOT NULL DEFAULT true,
  price_type text NOT NULL,
  price_cents integer NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  currency char(3) NOT NULL DEFAULT 'USD',
  schedule_date timestamptz,
  is_pre_order boolean NOT NULL DEFAULT false,
  cart_limit integer CHECK (cart_limit > 0),
  stock_info jsonb,
  UNIQUE (product_id, type)
);

CREATE TABLE bundles (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  readable_url text UNIQUE CHECK (readable_url !~ '^[0-9]+$'),
  status smallint NOT NULL DEFAULT 0,
  price_type text NOT NULL DEFAULT 'Paid',
  price_cents integer NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  restricted_territories text[] NOT NULL DEFAULT '{}',
  default_thumbnail jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bundle_items (
  bundle_id bigint NOT NULL REFERENCES bundles(id) ON DELETE CASCADE,
  product_id bigint NOT NULL REFERENCES products(id),
  price_cents integer NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  ordinal integer NOT NULL DEFAULT 0,
  PRIMARY KEY (bundle_id, product_id)
);

-- A product variant is on sale while a published campaign covering it runs.
CREATE TABLE sales_campaigns (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  start_date timestamptz NOT NULL,
  end_date timestamptz NOT NULL,
  status smallint NOT NULL DEFAULT 0,
  CHECK (end_date >= start_date)
);

CREATE TABLE sales_products (
  campaign_id bigint NOT NULL REFERENCES sales_campaigns(id) ON DELETE CASCADE,
  product_id bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  variant_type text NOT NULL CHECK (variant_type IN ('Digital', 'Print')),
  discount_price_cents integer NOT NULL CHECK (discount_price_cents >= 0),
  PRIMARY KEY (campaign_id, product_id, variant_type)
);
CREATE INDEX sales_products_product ON sales_products (product_id);

CREATE TABLE news_articles (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  readable_url text NOT NULL UNIQUE CHECK (readable_url !~ '^[0-9]+$'),
  summary text NOT NULL DEFAULT '',
  body_html text NOT NULL DEFAULT '',
  page_type text NOT NULL DEFAULT 'News',
  status smallint NOT NULL DEFAULT 0,
  published_at timestamptz,
  series_id bigint REFERENCES series(id),
  thumbnails jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX news_published ON news_articles (published_at DESC);

CREATE TABLE short_urls (
  code text PRIMARY KEY,
  long_url text NOT NULL
);

-- What search finds: one row per listed series or product, rebuilt from catalog events.
CREATE TABLE search_documents (
  kind text NOT NULL CHECK (kind IN ('series', 'product')),
  item_id bigint NOT NULL,
  title text NOT NULL,
  subtitle text NOT NULL DEFAULT '',
  readable_url text,
  display_type text NOT NULL,
  thumbnails jsonb NOT NULL DEFAULT '[]',
  age_rating text NOT NULL,
  restricted_territories text[] NOT NULL DEFAULT '{}',
  popularity integer NOT NULL DEFAULT 0,
  document tsvector NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, item_id)
);
CREATE INDEX search_documents_fts ON search_documents USING gin (document);
CREATE INDEX search_documents_title_trgm ON search_documents USING gin (lower(title) gin_trgm_ops);

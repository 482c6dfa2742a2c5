-- The staff product editor (dashboard spec §3 "Dashboard product" and "Product variant"): the fields
-- the storefront never needed, the price tiers a variant's default price comes from, and the Apple
-- in-app-purchase submissions of products and bundles.

-- Price tiers (dashboard spec §7 GET /dashboard/home/pricing/tiers): a named price staff pick
-- instead of typing one. Created here because variants refer to it; the lookups read it.
CREATE TABLE pricing_tiers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  currency char(3) NOT NULL DEFAULT 'USD'
);

ALTER TABLE products
  ADD COLUMN trim_size text,
  ADD COLUMN signed boolean NOT NULL DEFAULT false,
  ADD COLUMN remarqued boolean NOT NULL DEFAULT false,
  ADD COLUMN illustration_color_type_id integer,
  ADD COLUMN cover_type_id integer,
  ADD COLUMN reading_level_id integer,
  ADD COLUMN publish_to_apple boolean NOT NULL DEFAULT false,
  ADD COLUMN publish_to_android boolean NOT NULL DEFAULT false,
  ADD COLUMN publish_to_web boolean NOT NULL DEFAULT true,
  ADD COLUMN chapters jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN asset_link_groups jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN default_thumbnail jsonb,
  ADD COLUMN release_date date,
  -- The priceable part (spec §3): a Publication, Game or Merchandise has one; its type and price are
  -- the product's headline price, a tier may set the price.
  ADD COLUMN price_type text,
  ADD COLUMN price_cents integer CHECK (price_cents >= 0),
  ADD COLUMN price_tier_id bigint REFERENCES pricing_tiers(id);

ALTER TABLE variants
  ADD COLUMN price_tier_id bigint REFERENCES pricing_tiers(id),
  -- Whether the price is the tier's (or the product's priceable price) rather than its own.
  ADD COLUMN using_default_price boolean NOT NULL DEFAULT false,
  -- Whether a price was set at all: a Paid variant without one cannot be published (spec §5).
  ADD COLUMN price_set boolean NOT NULL DEFAULT true,
  ADD COLUMN expected_delay text;

CREATE INDEX products_updated ON products (updated_at DESC);
CREATE INDEX products_name_trgm ON products USING gin (lower(name) gin_trgm_ops);

-- Apple in-app-purchase submissions (spec §7 …/iaps/add), recorded by the embedded store driver.
CREATE TABLE iap_submissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_kind text NOT NULL CHECK (item_kind IN ('product', 'bundle')),
  item_id bigint NOT NULL,
  product_identifier text NOT NULL,
  state text NOT NULL DEFAULT 'Submitted' CHECK (state IN ('Submitted', 'InReview', 'Approved', 'Rejected')),
  driver text NOT NULL,
  submitted_by text NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX iap_submissions_item ON iap_submissions (item_kind, item_id, submitted_at DESC);

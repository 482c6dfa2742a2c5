-- Page sets: the pages of each publication and their intrinsic sizes. The images live in file
-- storage under `storage_prefix`, a random folder name that is never sent to a browser: the local
-- driver's folder is served publicly, so only the reader's signed links may lead to a page.
CREATE TABLE page_sets (
  product_id bigint PRIMARY KEY,
  storage_prefix text NOT NULL UNIQUE,
  -- 'ingested' images were stored when the set was made; 'demo' images are drawn on first request
  -- from `demo_art` (series title, read order), so a demo catalogue costs only the pages read.
  source text NOT NULL CHECK (source IN ('ingested', 'demo')),
  demo_art jsonb,
  widths integer[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE pages (
  product_id bigint NOT NULL REFERENCES page_sets (product_id) ON DELETE CASCADE,
  page_number integer NOT NULL CHECK (page_number >= 1),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  PRIMARY KEY (product_id, page_number)
);

-- What each reader owns, projected from order events (digital items of completed orders).
CREATE TABLE owned_publications (
  user_id text NOT NULL,
  product_id bigint NOT NULL,
  order_id text NOT NULL,
  acquired_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, product_id)
);

-- My Comics: what each reader keeps on the shelf (bought, added, or started reading).
CREATE TABLE shelf_items (
  user_id text NOT NULL,
  product_id bigint NOT NULL,
  variant_id text,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, product_id)
);

-- Where each reader is in each publication, synced across devices: the write with the latest
-- `updated_at` (the device's clock, never later than the server's) wins.
CREATE TABLE reading_progress (
  user_id text NOT NULL,
  product_id bigint NOT NULL,
  -- Kept so a series' history can be wiped without asking the catalog which products it holds.
  series_id bigint,
  page integer NOT NULL CHECK (page >= 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, product_id)
);
CREATE INDEX reading_progress_series ON reading_progress (user_id, series_id);

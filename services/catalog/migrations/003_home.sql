-- Home page content: the spotlight wheel (hero series) and carousels of items chosen by filters.
CREATE TABLE home_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  series_id bigint NOT NULL REFERENCES series(id) ON DELETE CASCADE,
  tagline text NOT NULL DEFAULT '',
  ordinal integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  is_for_web boolean NOT NULL DEFAULT true,
  status smallint NOT NULL DEFAULT 4
);

CREATE TABLE carousels (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  -- The /discover/v2 filters that pick the items, e.g. {"isOnSale": true, "sort": 0}.
  filter jsonb NOT NULL DEFAULT '{}',
  link text,
  ordinal integer NOT NULL DEFAULT 0,
  status smallint NOT NULL DEFAULT 4
);

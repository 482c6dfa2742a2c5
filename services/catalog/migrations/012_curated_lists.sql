-- Curated lists (dashboard spec §3 "Curated list"): the home page's carousels become lists staff
-- edit — a type, a custom call to action, hand-picked items and filter criteria in the spec's
-- field names — and HTML components (spec §3 "Text block") join them on the home page.

ALTER TABLE carousels
  ADD COLUMN type text NOT NULL DEFAULT 'Filtered' CHECK (type IN ('Curated', 'Filtered')),
  ADD COLUMN cta_text text,
  ADD COLUMN filter_criteria jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- Existing rows kept their filter in /discover/v2 terms; the spec's criteria rename some of them
-- (genreIds → genres, seriesStatus → SeriesStatus, distributionType → the price-type flags) and have
-- no per-visitor ones (isInUserLibrary, seriesTitleSearchTerm), which are dropped.
UPDATE carousels SET filter_criteria = (
  SELECT COALESCE(jsonb_object_agg(
           CASE key WHEN 'genreIds' THEN 'genres' WHEN 'seriesStatus' THEN 'SeriesStatus' ELSE key END,
           value), '{}'::jsonb)
    FROM jsonb_each(filter)
   WHERE key IN ('typeIds', 'genreIds', 'sort', 'category', 'subCategory', 'includeSeries', 'publishStatus', 'scheduleStatus',
                 'ageRatings', 'isOnSale', 'seriesStatus', 'newOnly', 'isFree')
) || CASE filter->>'distributionType'
       WHEN 'Digital' THEN '{"hasDownloadablePriceTypeFlag": true}'::jsonb
       WHEN 'Print' THEN '{"hasShippablePriceTypeFlag": true}'::jsonb
       ELSE '{}'::jsonb
     END;

ALTER TABLE carousels DROP COLUMN filter;
ALTER TABLE carousels RENAME COLUMN link TO cta_url;
CREATE INDEX carousels_order ON carousels (status, ordinal, id);

-- The hand-picked items of a list, in order: a product or a series each.
CREATE TABLE carousel_items (
  carousel_id bigint NOT NULL REFERENCES carousels(id) ON DELETE CASCADE,
  ordinal integer NOT NULL,
  product_id bigint REFERENCES products(id) ON DELETE CASCADE,
  series_id bigint REFERENCES series(id) ON DELETE CASCADE,
  PRIMARY KEY (carousel_id, ordinal),
  CHECK ((product_id IS NULL) <> (series_id IS NULL))
);
CREATE INDEX carousel_items_product ON carousel_items (product_id) WHERE product_id IS NOT NULL;
CREATE INDEX carousel_items_series ON carousel_items (series_id) WHERE series_id IS NOT NULL;

-- HTML blocks of the home page; `content` is stored already sanitised.
CREATE TABLE html_components (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  style text NOT NULL DEFAULT 'Plain' CHECK (style IN ('Plain', 'Callout', 'Banner')),
  content text NOT NULL DEFAULT '',
  status smallint NOT NULL DEFAULT 0,
  ordinal integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX html_components_order ON html_components (status, ordinal, id);

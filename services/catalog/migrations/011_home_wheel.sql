-- The home page staff curate (issue 22, dashboard spec §3 "Wheel group and item", §7 "Home page"):
-- wheel groups of items replace the flat home_entries list; the home settings (which group type
-- leads the page, the message bar) and the banner images staff upload for the wheel.
CREATE TABLE wheel_groups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('Thumbnail', 'Banner')),
  name text NOT NULL DEFAULT '',
  is_for_steam boolean NOT NULL DEFAULT false,
  is_for_website boolean NOT NULL DEFAULT false,
  is_for_nintendo_switch boolean NOT NULL DEFAULT false,
  is_for_app boolean NOT NULL DEFAULT false,
  is_hero_banner boolean NOT NULL DEFAULT false,
  -- PUBLISH_STATUS_CODES: 0 Draft, 1 Scheduled, 4 Published, 5 Removed.
  status smallint NOT NULL DEFAULT 0,
  publish_date timestamptz,
  ordinal integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wheel_groups_shown ON wheel_groups (status, ordinal) WHERE status IN (1, 4);

CREATE TABLE wheel_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES wheel_groups(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('Image', 'Video')),
  enabled boolean NOT NULL DEFAULT true,
  -- The item's place in its group (reorder moves it); null only on a disabled item.
  ordinal integer,
  display_up_to_age_rating text CHECK (display_up_to_age_rating IN ('e', 'e7', 'pg', 't', 'm')),
  subtitle text,
  -- Image assets (url, width, height, localPath, color).
  thumbnail jsonb,
  thumbnail_fallback jsonb,
  video_id text,
  auto_play boolean NOT NULL DEFAULT false,
  muted boolean NOT NULL DEFAULT true,
  action_type text CHECK (action_type IN ('Reader', 'Product', 'Series')),
  button_text text,
  tagline text,
  product_id bigint REFERENCES products(id) ON DELETE SET NULL,
  series_id bigint REFERENCES series(id) ON DELETE SET NULL
);
CREATE INDEX wheel_items_group ON wheel_items (group_id, ordinal);

-- One row: which group type leads the storefront home (0 Thumbnail, 1 Banner) and the message bar.
CREATE TABLE homepage_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  top_type smallint NOT NULL DEFAULT 1 CHECK (top_type IN (0, 1)),
  messaging jsonb NOT NULL DEFAULT '{"enabled": false, "text": "", "linkText": null, "linkUrl": null}',
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO homepage_settings DEFAULT VALUES;

-- Banner images uploaded for the wheel (stored in file storage under banners/).
CREATE TABLE home_banners (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  file_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  content_type text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The old flat spotlight list becomes one Banner group, so nothing is lost: each entry a Series
-- item with its tagline and the series' hero art, shown to every age bucket its series allows.
DO $$
DECLARE group_id bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM home_entries) THEN
    INSERT INTO wheel_groups (type, name, is_for_website, is_for_app, is_hero_banner, status, ordinal)
    VALUES ('Banner', 'Spotlight', true, true, true,
            CASE WHEN EXISTS (SELECT 1 FROM home_entries WHERE status = 4) THEN 4 ELSE 0 END, 0)
    RETURNING id INTO group_id;
    INSERT INTO wheel_items (group_id, type, enabled, ordinal, display_up_to_age_rating, subtitle, tagline, action_type, series_id, thumbnail)
    SELECT group_id, 'Image', h.enabled AND h.is_for_web AND h.status = 4, h.ordinal, 'm', s.title, h.tagline, 'Series', h.series_id,
           (SELECT jsonb_build_object('url', t->>'url', 'width', COALESCE((t->>'width')::int, 0), 'height', COALESCE((t->>'height')::int, 0), 'localPath', NULL, 'color', t->>'color')
              FROM jsonb_array_elements(s.thumbnails) t ORDER BY (t->>'role' = 'hero') DESC LIMIT 1)
      FROM home_entries h JOIN series s ON s.id = h.series_id
     ORDER BY h.ordinal, h.id;
  END IF;
END $$;

DROP TABLE home_entries;

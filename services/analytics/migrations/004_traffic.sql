-- Issue 25 (A1): storefront and reader events kept raw in day partitions, and the traffic rollups
-- every traffic call reads (a call never scans raw_events).
--
-- `day` is the event's own day in the reporting zone (REPORTING_TIME_ZONE), its time clamped to the
-- receive time ± 1 day, so a retried event lands on the same partition and its (day, event_id) key
-- stores it once. One partition per day (raw_events_YYYYMMDD), created ahead and dropped past
-- ANALYTICS_RAW_RETENTION_DAYS by the service's partition maintenance; strays land in the default.
-- The old `ingested_events` table is left as it was (no longer written).
CREATE TABLE raw_events (
  day date NOT NULL,
  event_id uuid NOT NULL,
  channel text NOT NULL,                 -- 'store', 'reader' or 'cart'
  event_name text NOT NULL,
  session_id text NOT NULL,
  user_proxy text NOT NULL,
  -- Keyed hash of the client's address and agent with the day's salt (visitor_salts), never the IP.
  visitor_hash text,
  path text,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  is_bot boolean NOT NULL DEFAULT false,
  PRIMARY KEY (day, event_id)
) PARTITION BY RANGE (day);
CREATE TABLE raw_events_default PARTITION OF raw_events DEFAULT;

-- The day's secret salt of the visitor hash; deleted once its day is over, so a stored hash can no
-- longer be matched to an address.
CREATE TABLE visitor_salts (
  day date PRIMARY KEY,
  salt bytea NOT NULL
);

-- Rollups, per day (grain 'd', period = the day) and per month (grain 'm', period = its first day):
--   metric 'pv' (human page views; uniques = visitors), 'bot_pv', 'session' (uniques = sessions with
--   a human page view), 'landing', 'path' (dim = path), 'path_landing' (dim = path), 'event'
--   (dim = channel || ':' || event name), 'event_session' (the same, uniques = sessions), 'store'
--   (dim = store; store-link clicks), 'store_product' (dim = store || ' ' || product id).
CREATE TABLE traffic_counts (
  grain "char" NOT NULL,
  period date NOT NULL,
  metric text NOT NULL,
  dim text NOT NULL DEFAULT '',
  count bigint NOT NULL DEFAULT 0,
  uniques bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (grain, metric, period, dim)
);

-- The exact visitor (or session) sets behind `uniques`: a first insert increments the count, and a
-- unique over a range of several days or months is the distinct count of their sets.
CREATE TABLE traffic_visitors (
  grain "char" NOT NULL,
  period date NOT NULL,
  metric text NOT NULL,
  dim text NOT NULL DEFAULT '',
  visitor text NOT NULL,
  PRIMARY KEY (grain, metric, period, dim, visitor)
);

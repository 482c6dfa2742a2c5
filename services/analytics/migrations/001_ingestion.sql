-- Storefront events posted by browsers: page views, searches, reader and cart events.
CREATE TABLE ingested_events (
  id bigserial PRIMARY KEY,
  channel text NOT NULL,              -- 'store', 'reader' or 'cart'
  event_name text NOT NULL,
  session_id text NOT NULL,
  user_proxy text NOT NULL,
  path text,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  client_time timestamptz,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ingested_events_name_time ON ingested_events (event_name, received_at);

-- Every integration event of every service, as consumed from the bus.
CREATE TABLE domain_events (
  event_id uuid PRIMARY KEY,
  type text NOT NULL,
  source text NOT NULL,
  key text NOT NULL,
  occurred_at timestamptz NOT NULL,
  data jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX domain_events_type_time ON domain_events (type, occurred_at);

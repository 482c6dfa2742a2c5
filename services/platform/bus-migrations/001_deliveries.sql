-- The embedded event bus's queues: one row per event and consumer group that wants its type,
-- handled in `seq` order within each group and key, and deleted once handled.
CREATE TABLE bus_deliveries (
  seq bigserial PRIMARY KEY,
  consumer_group text NOT NULL,
  event_key text NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  envelope jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- Set while a worker has the row; a lease left by a killed process is cleared at the next start.
  leased_until timestamptz,
  -- A dead letter: failed too often, kept with its error until re-driven.
  dead_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A group's live rows by key in order: finds each key's head and the rows behind it.
CREATE INDEX bus_deliveries_live ON bus_deliveries (consumer_group, event_key, seq) WHERE dead_at IS NULL;
CREATE INDEX bus_deliveries_dead ON bus_deliveries (consumer_group, seq) WHERE dead_at IS NOT NULL;

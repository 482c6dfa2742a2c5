-- Events a consumer group of this service gave up on after its bus's delivery attempts, kept with
-- the last error until staff re-drive them (the System area) or the event is handled otherwise.
-- The envelope is the event as published: events never carry secrets.
CREATE TABLE dead_letters (
  id bigserial PRIMARY KEY,
  consumer_group text NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  event_key text NOT NULL,
  occurred_at timestamptz NOT NULL,
  envelope jsonb NOT NULL,
  error text NOT NULL,
  attempts integer NOT NULL,
  first_failed_at timestamptz NOT NULL DEFAULT now(),
  last_failed_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (consumer_group, event_id)
);

-- What staff did in the System area of this service (re-drives), newest first.
CREATE TABLE staff_actions (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id text NOT NULL,
  actor_email text,
  action text NOT NULL,
  target text NOT NULL
);
CREATE INDEX staff_actions_at ON staff_actions (at DESC);

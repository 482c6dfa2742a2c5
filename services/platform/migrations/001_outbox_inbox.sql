-- Every service database carries the platform's outbox and inbox.

-- Integration events written in the same transaction as the change they describe; the relay
-- publishes committed rows in `seq` order and marks them published.
CREATE TABLE outbox (
  seq bigserial PRIMARY KEY,
  id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  version integer NOT NULL,
  occurred_at timestamptz NOT NULL,
  source text NOT NULL,
  key text NOT NULL,
  data jsonb NOT NULL,
  published_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text
);
CREATE INDEX outbox_pending ON outbox (next_attempt_at, seq) WHERE published_at IS NULL;
CREATE INDEX outbox_published ON outbox (published_at) WHERE published_at IS NOT NULL;

-- Ids of events a consumer group has handled, written in the same transaction as its effect, so a
-- redelivered event has no second effect.
CREATE TABLE inbox (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  handled_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);

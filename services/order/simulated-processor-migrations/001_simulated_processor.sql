-- The embedded simulated card processor (services/order/src/drivers/payments/simulated/): its
-- payments, refunds and the events it delivers to the order service. Its own schema, applied only
-- when the simulated driver is picked, so the order service's own migrations hold no processor
-- tables; in the order database still, so a restart or the sweeper can reconcile with it as with
-- Stripe. Amounts in minor units.
CREATE SCHEMA IF NOT EXISTS simulated_processor;

CREATE TABLE simulated_processor.payments (
  id text PRIMARY KEY,
  -- One payment per key, whatever the concurrency: the unique index decides which call charges.
  idempotency_key text NOT NULL UNIQUE,
  -- sha256 of the request without its key: the same key with another request is refused.
  request_hash text NOT NULL,
  -- The answer to the first call, replayed to every repeat of it (Stripe's idempotency).
  first_result jsonb NOT NULL,
  purchase_id text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  method text NOT NULL CHECK (method IN ('Card', 'PayPal', 'GooglePay', 'ApplePay')),
  -- Never the card number: its brand and last four digits only.
  card_brand text,
  card_last4 text,
  status text NOT NULL CHECK (status IN ('succeeded', 'requires_action', 'processing', 'failed', 'canceled')),
  -- With requires_action: what authorising does (null: succeed; else the decline it ends in).
  decline_after_action jsonb,
  refund_fails boolean NOT NULL DEFAULT false,
  failure jsonb,
  return_url text NOT NULL,
  email text,
  amount_refunded bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (amount_refunded >= 0 AND amount_refunded <= amount)
);
CREATE INDEX payments_by_purchase ON simulated_processor.payments (purchase_id);

CREATE TABLE simulated_processor.refunds (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  request_hash text NOT NULL,
  payment_id text NOT NULL REFERENCES simulated_processor.payments (id),
  amount bigint NOT NULL CHECK (amount > 0),
  reason text,
  status text NOT NULL CHECK (status IN ('succeeded', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_by_payment ON simulated_processor.refunds (payment_id);

-- Webhook-like events, written in the transaction that changed the payment and delivered to the
-- order service at least once (retried with backoff until its handler succeeds).
CREATE TABLE simulated_processor.payment_events (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  payment_id text NOT NULL REFERENCES simulated_processor.payments (id),
  event jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  last_error text
);
CREATE INDEX payment_events_pending ON simulated_processor.payment_events (next_attempt_at) WHERE delivered_at IS NULL;

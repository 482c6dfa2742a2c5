-- The latest state of every cart, from cart.updated (version 2 carries the whole cart): what is in
-- carts now, for abandoned-cart and basket-size metrics. An older event never overwrites a newer one.
CREATE TABLE carts (
  cart_id text PRIMARY KEY,
  user_id text,
  units integer NOT NULL,
  total_cents bigint NOT NULL,
  currency text NOT NULL,
  items jsonb NOT NULL,
  last_reason text NOT NULL,
  changes integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL
);
CREATE INDEX carts_updated ON carts (updated_at);

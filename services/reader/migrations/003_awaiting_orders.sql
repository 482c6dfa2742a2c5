-- Digital items of orders placed but not completed yet (a pre-order before its release day, a
-- payment still being confirmed), for /mycomics/processing. An order leaves when it completes (its
-- items become entitlements) or is cancelled; a settled order is remembered, so an order.placed
-- that arrives after its settlement adds nothing.
CREATE TABLE awaiting_orders (
  order_id text NOT NULL,
  product_id bigint NOT NULL,
  user_id text NOT NULL,
  variant_id text,
  release_date timestamptz,
  placed_at timestamptz NOT NULL,
  PRIMARY KEY (order_id, product_id)
);
CREATE INDEX awaiting_orders_user ON awaiting_orders (user_id);

CREATE TABLE settled_orders (
  order_id text PRIMARY KEY,
  settled_at timestamptz NOT NULL
);

-- Commerce facts and rollups (issue 25, A2), kept from the bus in each event's transaction (the inbox
-- de-duplicates by event id, so every increment happens once). Days (`day`, `period`) are calendar
-- days in the reporting zone (REPORTING_TIME_ZONE); a monthly row's `period` is the month's first day.
-- `grain` is 'd' (day) or 'm' (month). Money in cents of the order's currency. No user id in clear:
-- people appear only as their anonymous token (platform erasedUserToken).

-- One row per placed order (order.placed), its state kept by the later order events.
CREATE TABLE commerce_orders (
  order_id text PRIMARY KEY,
  day date NOT NULL,
  placed_at timestamptz NOT NULL,
  user_token text,
  status text NOT NULL DEFAULT 'Placed',   -- 'Placed', 'Completed' or 'Cancelled'
  currency text NOT NULL,
  total_cents bigint NOT NULL,
  items integer NOT NULL,
  refunded_cents bigint NOT NULL DEFAULT 0,
  completed_at timestamptz,
  cancelled_at timestamptz
);
CREATE INDEX commerce_orders_day ON commerce_orders (day);

-- The lines of placed orders: what sold, at what unit price, and how much of it was refunded.
CREATE TABLE order_lines (
  order_id text NOT NULL,
  line integer NOT NULL,
  day date NOT NULL,
  product_id text NOT NULL,
  variant_id text NOT NULL,
  format text NOT NULL CHECK (format IN ('Digital', 'Print')),
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price_cents bigint NOT NULL,
  currency text NOT NULL,
  refunded_quantity integer NOT NULL DEFAULT 0,
  refunded_cents bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (order_id, line)
);
CREATE INDEX order_lines_day ON order_lines (day);
CREATE INDEX order_lines_product_day ON order_lines (product_id, day);

-- Refunds (order.refunded), on the day they were made: an order may be refunded in several parts.
CREATE TABLE order_refunds (
  refund_key text PRIMARY KEY,            -- the refund's id, else the event id
  order_id text NOT NULL,
  day date NOT NULL,
  refunded_at timestamptz NOT NULL,
  amount_cents bigint NOT NULL,
  currency text NOT NULL,
  product_ids text[] NOT NULL DEFAULT '{}',
  full_refund boolean NOT NULL DEFAULT false
);
CREATE INDEX order_refunds_day ON order_refunds (day);
CREATE INDEX order_refunds_order ON order_refunds (order_id);

-- Sales per day and per month: orders placed, items (digital/print), revenue, refunds (their day).
CREATE TABLE sales_rollups (
  grain "char" NOT NULL,
  period date NOT NULL,
  orders bigint NOT NULL DEFAULT 0,
  items bigint NOT NULL DEFAULT 0,
  digital_items bigint NOT NULL DEFAULT 0,
  print_items bigint NOT NULL DEFAULT 0,
  revenue_cents bigint NOT NULL DEFAULT 0,
  refunds bigint NOT NULL DEFAULT 0,
  refunded_cents bigint NOT NULL DEFAULT 0,
  cancelled_orders bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (grain, period)
);

-- Sales per product per day and per month (refunded units on the refund's day).
CREATE TABLE product_sales_rollups (
  grain "char" NOT NULL,
  period date NOT NULL,
  product_id text NOT NULL,
  units bigint NOT NULL DEFAULT 0,
  digital_units bigint NOT NULL DEFAULT 0,
  print_units bigint NOT NULL DEFAULT 0,
  orders bigint NOT NULL DEFAULT 0,
  revenue_cents bigint NOT NULL DEFAULT 0,
  refunded_units bigint NOT NULL DEFAULT 0,
  refunded_cents bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (grain, period, product_id)
);

-- The product dimension: the name from order events, the series asked of the catalog (gRPC) lazily
-- and again after product.changed / series.changed; `stale` rows are refreshed by a periodic job.
CREATE TABLE analytics_products (
  product_id text PRIMARY KEY,
  name text NOT NULL DEFAULT '',
  series_id text,
  series_title text,
  stale boolean NOT NULL DEFAULT true,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  refreshed_at timestamptz
);
CREATE INDEX analytics_products_stale ON analytics_products (next_attempt_at) WHERE stale;
CREATE INDEX analytics_products_series ON analytics_products (series_id);

-- Carts as the commerce rollups see them: content version (bumped on each change), when last
-- touched, the last order of its owner, and the version last counted as abandoned.
CREATE TABLE commerce_carts (
  cart_id text PRIMARY KEY,
  user_token text,
  units integer NOT NULL DEFAULT 0,
  total_cents bigint NOT NULL DEFAULT 0,
  currency text NOT NULL DEFAULT 'USD',
  version integer NOT NULL DEFAULT 0,
  touched_at timestamptz NOT NULL,
  ordered_at timestamptz,
  abandoned_version integer
);
CREATE INDEX commerce_carts_abandon ON commerce_carts (touched_at) WHERE units > 0;
CREATE INDEX commerce_carts_user ON commerce_carts (user_token);

-- A cart abandoned (items, untouched 24 h, no order since): once per content version, on the day
-- it became abandoned.
CREATE TABLE cart_abandonments (
  cart_id text NOT NULL,
  version integer NOT NULL,
  day date NOT NULL,
  value_cents bigint NOT NULL,
  currency text NOT NULL,
  PRIMARY KEY (cart_id, version)
);
CREATE INDEX cart_abandonments_day ON cart_abandonments (day);

-- Carts per day and per month: created (first item), add/remove changes, orders paid, abandoned.
CREATE TABLE cart_rollups (
  grain "char" NOT NULL,
  period date NOT NULL,
  carts_created bigint NOT NULL DEFAULT 0,
  add_to_cart bigint NOT NULL DEFAULT 0,
  remove_from_cart bigint NOT NULL DEFAULT 0,
  orders_paid bigint NOT NULL DEFAULT 0,
  abandoned_carts bigint NOT NULL DEFAULT 0,
  abandoned_value_cents bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (grain, period)
);

-- The carts that had something added in a period (the funnel's add-to-cart step counts them once).
CREATE TABLE cart_adders (
  grain "char" NOT NULL,
  period date NOT NULL,
  cart_id text NOT NULL,
  PRIMARY KEY (grain, period, cart_id)
);

-- Sign-ups per day and per month (account.created).
CREATE TABLE signup_rollups (
  grain "char" NOT NULL,
  period date NOT NULL,
  signups bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (grain, period)
);

-- Signed-in customers active in a period (an order, a cart, a reading session or page), as a set of
-- anonymous tokens, so a range counts each customer once; `customers` counts the set's members.
CREATE TABLE active_customers (
  grain "char" NOT NULL,
  period date NOT NULL,
  user_token text NOT NULL,
  PRIMARY KEY (grain, period, user_token)
);
CREATE TABLE active_customer_counts (
  grain "char" NOT NULL,
  period date NOT NULL,
  customers bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (grain, period)
);

-- Purchases and their orders (storefront spec §3 Purchase, Order, Order item). A purchase is the
-- durable state of one checkout: quoted from the cart as the catalog priced it, then paid once
-- (idempotency keys below), then completed or compensated. Amounts: item prices in whole minor
-- units; shipping, tax, coupon and totals in minor units at 4-decimal precision (numeric(18,4)).
CREATE TABLE purchases (
  id uuid PRIMARY KEY,
  cart_id uuid NOT NULL,
  user_id text,
  email text,
  state text NOT NULL DEFAULT 'Quoted'
    CHECK (state IN ('Quoted', 'Paying', 'RequiresAction', 'Paid', 'Completed', 'Failed', 'Compensated')),
  billing_address jsonb NOT NULL,
  shipping_address jsonb,
  coupon_code text,
  coupon_save_amount numeric(18, 4) NOT NULL DEFAULT 0,
  coupon_problem text,
  payment_method text,
  shipping_rates jsonb NOT NULL DEFAULT '[]',
  shipping_method jsonb,
  currency text NOT NULL,
  net_price bigint NOT NULL,
  full_price bigint NOT NULL,
  shipping_cost numeric(18, 4) NOT NULL DEFAULT 0,
  taxes numeric(18, 4) NOT NULL DEFAULT 0,
  total_price numeric(18, 4) NOT NULL,
  amount_due bigint NOT NULL,
  -- The cart lines the quote was made from, to tell at payment whether the cart changed.
  lines jsonb NOT NULL,
  notices jsonb NOT NULL DEFAULT '[]',
  -- The processor's payment for the current attempt, and its last known state.
  payment_id text,
  payment jsonb,
  -- The request made of the processor for the current attempt (with its idempotency key), so a
  -- crash before its answer was stored is resumed by asking again with the same key.
  payment_request jsonb,
  -- Completion steps done after the charge (so a retry or the sweeper does only what is left).
  cart_closed boolean NOT NULL DEFAULT false,
  coupon_redeemed boolean NOT NULL DEFAULT false,
  -- The sweeper's bookkeeping for purchases left between states.
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX purchases_by_user ON purchases (user_id, created_at DESC);
CREATE INDEX purchases_by_payment ON purchases (payment_id) WHERE payment_id IS NOT NULL;
CREATE INDEX purchases_unsettled ON purchases (next_attempt_at) WHERE state IN ('Paying', 'RequiresAction', 'Paid');

-- One row per Idempotency-Key of `POST /order/purchase`: the first request's hash and, once it is
-- decided, its answer, replayed to every repeat.
CREATE TABLE purchase_attempts (
  idempotency_key text PRIMARY KEY,
  purchase_id uuid NOT NULL REFERENCES purchases (id),
  request_hash text NOT NULL,
  status_code integer,
  answer jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE SEQUENCE order_accounting_ids START 1000;

CREATE TABLE orders (
  id uuid PRIMARY KEY,
  purchase_id uuid NOT NULL REFERENCES purchases (id),
  user_id text,
  email text,
  status text NOT NULL DEFAULT 'PendingPayment'
    CHECK (status IN ('PendingPayment', 'ConfirmedByClient', 'Scheduled', 'PendingProcessing', 'Processing', 'OnHold', 'Cancelled', 'Completed')),
  -- The release day of a pre-order order; null for what is available now.
  schedule_date timestamptz,
  is_pre_order boolean NOT NULL DEFAULT false,
  has_print boolean NOT NULL DEFAULT false,
  currency text NOT NULL,
  net_price bigint NOT NULL,
  full_price bigint NOT NULL,
  coupon_save_amount numeric(18, 4) NOT NULL DEFAULT 0,
  shipping_cost numeric(18, 4) NOT NULL DEFAULT 0,
  taxes numeric(18, 4) NOT NULL DEFAULT 0,
  total_price numeric(18, 4) NOT NULL,
  accounting_id bigint NOT NULL DEFAULT nextval('order_accounting_ids'),
  refund jsonb,
  order_date timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_by_purchase ON orders (purchase_id);
CREATE INDEX orders_by_user ON orders (user_id, order_date DESC);
CREATE INDEX orders_scheduled ON orders (schedule_date) WHERE status = 'Scheduled';

CREATE TABLE order_items (
  order_id uuid NOT NULL REFERENCES orders (id),
  position integer NOT NULL,
  product_id bigint NOT NULL,
  variant_id bigint NOT NULL,
  name text NOT NULL,
  thumbnail_url text,
  distribution_type text NOT NULL CHECK (distribution_type IN ('Digital', 'Print')),
  quantity integer NOT NULL CHECK (quantity > 0),
  price bigint NOT NULL,
  tax numeric(18, 4) NOT NULL DEFAULT 0,
  currency text NOT NULL,
  cart_id uuid NOT NULL,
  PRIMARY KEY (order_id, position)
);

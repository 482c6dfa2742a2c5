-- Coupon codes: percent or fixed amount off, optionally limited in time, use, subtotal and items.
CREATE TABLE coupons (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code = upper(code)),
  kind text NOT NULL CHECK (kind IN ('Percent', 'Fixed')),
  -- Percent: 0.01 to 100. Fixed: minor units.
  value numeric(14, 2) NOT NULL CHECK (value > 0),
  currency text NOT NULL DEFAULT 'USD',
  min_subtotal_cents bigint,
  starts_at timestamptz,
  ends_at timestamptz,
  usage_cap integer,
  times_used integer NOT NULL DEFAULT 0,
  product_ids bigint[] NOT NULL DEFAULT '{}',
  series_ids bigint[] NOT NULL DEFAULT '{}',
  disabled_at timestamptz,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'Percent' OR value <= 100)
);

-- A signed-in reader's claim of a code (POST /coupons/claim): once per account.
CREATE TABLE coupon_claims (
  coupon_id bigint NOT NULL REFERENCES coupons (id),
  account_id text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (coupon_id, account_id)
);

-- A use of a code in a completed purchase: counts against the usage cap, once per account.
CREATE TABLE coupon_redemptions (
  coupon_id bigint NOT NULL REFERENCES coupons (id),
  account_id text NOT NULL,
  order_id text NOT NULL,
  save_amount numeric(18, 4) NOT NULL,
  redeemed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (coupon_id, account_id)
);

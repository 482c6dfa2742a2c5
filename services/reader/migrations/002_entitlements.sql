-- Entitlements as facts that are only added, so events applied in any order and any number of
-- times own the same products (the rule is `ownedProducts` in src/domain/entitlements.ts).
-- A purchase is kept per order: refunding one order must not take a copy bought in another.
CREATE TABLE entitlement_purchases (
  user_id text NOT NULL,
  product_id bigint NOT NULL,
  order_id text NOT NULL,
  acquired_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, product_id, order_id)
);
CREATE INDEX entitlement_purchases_order ON entitlement_purchases (order_id, product_id);

-- Kept even when it arrives before the order it refunds (another topic), so that order grants nothing.
CREATE TABLE entitlement_refunds (
  order_id text NOT NULL,
  product_id bigint NOT NULL,
  refunded_at timestamptz NOT NULL,
  PRIMARY KEY (order_id, product_id)
);

-- Only the id of a deleted account stays, so an order of it that arrives late grants nothing.
CREATE TABLE deleted_accounts (
  user_id text PRIMARY KEY,
  deleted_at timestamptz NOT NULL
);

-- The old projection already dropped refunded copies, so what it holds are unrefunded purchases.
INSERT INTO entitlement_purchases (user_id, product_id, order_id, acquired_at)
  SELECT user_id, product_id, order_id, acquired_at FROM owned_publications;
DROP TABLE owned_publications;

-- The catalog's own projection of what each reader owns, fed by order.completed events, so product
-- answers can say isOwned, allow reading and geo access for owners, and filter isInUserLibrary.
CREATE TABLE owned_products (
  user_id text NOT NULL,
  product_id bigint NOT NULL,
  acquired_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, product_id)
);

-- Carts, keyed by the guest id the browser generates (a uuid: unguessable, so knowing it is the
-- guest's proof of ownership). A signed-in shopper's cart carries their account id.
CREATE TABLE carts (
  id uuid PRIMARY KEY,
  account_id text,
  status text NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Purchasing', 'Closed')),
  -- Set when this cart was merged into another one of the same account at sign-in.
  merged_into uuid REFERENCES carts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX carts_open_by_account ON carts (account_id) WHERE status = 'Open';

-- One row per product and variant; the answer expands it to one entry per unit (spec §3).
-- Prices are not kept: they come from the catalog whenever the cart is read or changed.
CREATE TABLE cart_lines (
  cart_id uuid NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  product_id bigint NOT NULL,
  variant_id bigint NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  -- Order of first addition, so lines keep their place in the popup.
  added_seq bigserial NOT NULL,
  PRIMARY KEY (cart_id, product_id, variant_id)
);

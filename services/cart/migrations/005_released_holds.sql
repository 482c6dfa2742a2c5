-- Checkout holds per payment attempt (proto inkwell/cart/v1/checkout.proto, hold_id): the attempt
-- holding a Purchasing cart, and the attempts already given back. A hold whose answer reached the
-- order service too late is released by it before it lands; the record here refuses it when it does.
ALTER TABLE carts ADD COLUMN hold_id uuid;

CREATE TABLE released_holds (
  hold_id uuid PRIMARY KEY,
  cart_id uuid NOT NULL,
  released_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX released_holds_by_age ON released_holds (released_at);

-- Each attempt at paying a purchase holds the cart under its own id (proto inkwell/cart/v1/checkout.proto,
-- hold_id), set when the purchase moves to Paying, so the cart can refuse a hold of an attempt that
-- was already given back. Null for purchases paid before this column existed: they hold by purchase.
ALTER TABLE purchases ADD COLUMN hold_id uuid;

-- The purchase holding a Purchasing cart (checkout's hold, proto inkwell/cart/v1/checkout.proto):
-- asking again for the same purchase answers the held cart; another purchase is refused.
ALTER TABLE carts ADD COLUMN held_by uuid;

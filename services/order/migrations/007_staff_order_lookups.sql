-- The staff orders list's lookups (issue 23): an order found by its accounting number (INK-000123),
-- sorted by total, and the list's "placed" test on the purchase's state without reading every purchase.
CREATE INDEX orders_by_accounting_id ON orders (accounting_id);
CREATE INDEX orders_by_total ON orders (total_price DESC, id);
CREATE INDEX purchases_by_state ON purchases (state, id);

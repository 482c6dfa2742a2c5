-- The staff orders list's text search (issue 23): a part of an email or a customer name, found by
-- trigram indexes instead of reading every order. The expressions are the ones store/staff-orders.ts
-- searches (lowercased, nulls blank), on the order's own columns and staff's copy of the billing
-- address, and on the purchase's billing address.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX orders_email_search ON orders USING gin (lower(coalesce(email, '')) gin_trgm_ops);
CREATE INDEX orders_customer_name_search ON orders USING gin (lower(coalesce(customer_name, '')) gin_trgm_ops) WHERE customer_name IS NOT NULL;
CREATE INDEX orders_billing_name_search ON orders USING gin (lower(coalesce(billing_address->>'firstName', '') || ' ' || coalesce(billing_address->>'surName', '')) gin_trgm_ops) WHERE billing_address IS NOT NULL;
CREATE INDEX orders_billing_email_search ON orders USING gin (lower(coalesce(billing_address->>'email', '')) gin_trgm_ops) WHERE billing_address IS NOT NULL;
CREATE INDEX purchases_billing_name_search ON purchases USING gin (lower(coalesce(billing_address->>'firstName', '') || ' ' || coalesce(billing_address->>'surName', '')) gin_trgm_ops);
CREATE INDEX purchases_billing_email_search ON purchases USING gin (lower(coalesce(billing_address->>'email', '')) gin_trgm_ops);

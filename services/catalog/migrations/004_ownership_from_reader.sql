-- Ownership is the reader's fact: the catalog asks it (gRPC Entitlements) instead of keeping a
-- projection of its own, which granted print copies and ignored refunds and deleted accounts.
DROP TABLE owned_products;

-- The relay publishes a row only when no earlier row of its key is unpublished; this index answers
-- that question (and finds the rows behind a claimed key) without scanning the pending rows.
CREATE INDEX outbox_pending_key ON outbox (key, seq) WHERE published_at IS NULL;

-- A staff reply sent twice with the same Idempotency-Key (a double click, a retried request) is one
-- reply: send-email finds the first by its key under the ticket's lock and answers it again.
ALTER TABLE ticket_messages ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX ticket_messages_idempotency ON ticket_messages (ticket_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

-- When an undo became owed (its first failed try), for the operations console (issue 21): the row's
-- updated_at moves with every retry, so it cannot say how long the compensation has been waiting.
ALTER TABLE purchase_steps ADD COLUMN undo_owed_since timestamptz;
UPDATE purchase_steps SET undo_owed_since = updated_at WHERE status = 'undo_pending';

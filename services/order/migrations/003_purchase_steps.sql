-- The checkout's flows as steps (services/order/src/flows): each step of a purchase's last attempt
-- with its outcome and what its undo needs, so a crash resumes or compensates from the last
-- recorded step. An undo that could not be done is 'undo_pending' and retried by the sweeper with
-- backoff until it is; its attempts and last error say what is still owed.
CREATE TABLE purchase_steps (
  purchase_id uuid NOT NULL REFERENCES purchases (id),
  step text NOT NULL,
  status text NOT NULL CHECK (status IN ('done', 'failed', 'undone', 'undo_pending')),
  output jsonb,
  error text,
  undo_attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (purchase_id, step)
);

CREATE INDEX purchase_steps_undo_due ON purchase_steps (next_attempt_at) WHERE status = 'undo_pending';

-- What these two flags kept is now the close-cart and redeem-coupon steps' records.
ALTER TABLE purchases DROP COLUMN cart_closed, DROP COLUMN coupon_redeemed;
DROP INDEX IF EXISTS purchases_unsettled;
CREATE INDEX purchases_unsettled ON purchases (next_attempt_at) WHERE state IN ('Paying', 'RequiresAction', 'Paid');

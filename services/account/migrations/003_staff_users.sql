-- Staff work on accounts (issue 23): a display name staff may set, the newsletter's pending
-- unsubscribe, notes on a user, and the audit trail of what staff did to whom.

-- Trigram indexes make the users list's "email or name contains" search (ILIKE '%x%') use an index
-- instead of reading every account. The catalogue's database creates the extension the same way.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE accounts
  ADD COLUMN name text,
  -- An unsubscribe staff marked pending (to be confirmed); `marketing_opt_out` is the unsubscribe itself.
  ADD COLUMN newsletter_pending boolean NOT NULL DEFAULT false;
CREATE INDEX accounts_email_trgm ON accounts USING gin (lower(email) gin_trgm_ops);
CREATE INDEX accounts_name_trgm ON accounts USING gin (lower(name) gin_trgm_ops);
CREATE INDEX accounts_by_created ON accounts (created_at DESC, id);
-- The last-admin rule reads the admins under lock.
CREATE INDEX accounts_admins ON accounts (id) WHERE 'admin' = ANY (roles);

-- Dashboard spec §3 User note. Deleted with the account (erasure).
CREATE TABLE user_notes (
  id bigserial PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  log_level text NOT NULL CHECK (log_level IN ('Info', 'Success', 'Error')),
  message text NOT NULL,
  author_id text NOT NULL,
  author_email text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_notes_by_account ON user_notes (account_id, created_at DESC);

-- Who did what to which account, and when. `changes` names each field changed; personal values
-- (the customer's email, name) are recorded as changed without their values. Kept after an
-- erasure: it names the account by id only.
CREATE TABLE staff_audit (
  id bigserial PRIMARY KEY,
  entity text NOT NULL,
  entity_id text NOT NULL,
  action text NOT NULL,
  actor_id text NOT NULL,
  actor_email text,
  changes jsonb NOT NULL DEFAULT '{}',
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_audit_by_entity ON staff_audit (entity, entity_id, at DESC);

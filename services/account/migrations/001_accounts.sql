-- Reader and staff accounts. Emails are compared case-insensitively; the stored spelling is the
-- owner's own.
CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  verified boolean NOT NULL DEFAULT false,
  roles text[] NOT NULL DEFAULT '{}',
  max_shown_rating text CHECK (max_shown_rating IN ('e', 'e7', 'pg', 't', 'm')),
  marketing_opt_out boolean NOT NULL DEFAULT false,
  verification_sent_at timestamptz,
  last_login_at timestamptz,
  login_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_email ON accounts (lower(email));

-- Refresh tokens, stored as SHA-256 hashes. Each sign-in starts a family; every use spends the
-- token and issues its successor in the same family. A spent token presented again means it was
-- copied, so the whole family is revoked.
CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash bytea NOT NULL UNIQUE,
  family_id uuid NOT NULL,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  spent_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_account ON refresh_tokens (account_id) WHERE revoked_at IS NULL;

-- One-time tokens carried by email links (verification, password reset, email change), hashed.
CREATE TABLE link_tokens (
  token_hash bytea PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('verify-email', 'reset-password', 'change-email')),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  new_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX link_tokens_account ON link_tokens (account_id, purpose);

-- Failed sign-ins per account and per client address, for lock-outs that hold across replicas.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  locked_until timestamptz
);

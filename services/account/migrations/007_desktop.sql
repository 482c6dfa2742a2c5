-- The desktop build (issue 26, storefront spec §4, §6, §7 "Account's desktop calls", §9; docs/desktop.md).
--
-- Encryption entries: the AES-GCM key the desktop app encrypts its stored tokens with is kept here,
-- never in the app. The app stores one with a platform ticket and its identity (the platform user
-- it runs for, e.g. a SteamID64) and gets the entry's identifier back; it asks for the key again
-- with a fresh ticket of the same identity and that identifier. The key is 32 random bytes.
CREATE TABLE desktop_encryption_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  platform text NOT NULL,
  identity text NOT NULL,
  aes_key bytea NOT NULL CHECK (octet_length(aes_key) = 32),
  -- The account signed in when the entry was stored, if any (the entry goes with the account).
  user_id uuid REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX desktop_encryption_entries_identity ON desktop_encryption_entries (platform, identity);

-- Which platform user an account uses the desktop app as: set when a signed-in account stores an
-- encryption entry with a valid ticket (the app stores its tokens right after logging in). One
-- platform user belongs to one account at a time; the latest sign-in wins.
CREATE TABLE desktop_links (
  platform text NOT NULL,
  platform_user_id text NOT NULL,
  user_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  linked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (platform, platform_user_id)
);
CREATE INDEX desktop_links_user ON desktop_links (user_id);

-- The embedded simulated platform's subscription state per platform user (its driver,
-- services/platform/src/desktop-platform/simulated.ts; unused with DESKTOP_PLATFORM_DRIVER=steam,
-- where the platform keeps it). Shaped like Steam's recurring agreements: Active or Canceled, paid
-- up to a day.
CREATE TABLE desktop_sim_agreements (
  platform_user_id text PRIMARY KEY,
  agreement_id bigserial UNIQUE,
  status text NOT NULL CHECK (status IN ('Active', 'Canceled')),
  paid_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Badges and their gift codes (issue 26, storefront spec §3 Badge, §5 claiming, §7 Badges). A
-- badge hands each account that claims it one code from its pool; the code is a cart coupon with
-- the badge's terms, made by the cart service for that account alone (event `badge.claimed`).
CREATE TABLE badges (
  id integer PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- The coupon a gift code becomes: Percent (0.01 to 100) or Fixed (minor units).
  coupon_kind text NOT NULL CHECK (coupon_kind IN ('Percent', 'Fixed')),
  coupon_value numeric(14, 2) NOT NULL CHECK (coupon_value > 0),
  currency text NOT NULL DEFAULT 'USD',
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (coupon_kind <> 'Percent' OR coupon_value <= 100)
);

-- A badge's pool of gift codes. A code is handed out once: claimed_at and holder_id are set in the
-- claim's transaction, on a row taken with FOR UPDATE SKIP LOCKED so concurrent claims never share one.
-- An erased account's code stays handed out (claimed_at), without its holder.
CREATE TABLE badge_gift_codes (
  id bigserial PRIMARY KEY,
  badge_id integer NOT NULL REFERENCES badges (id),
  code text NOT NULL UNIQUE CHECK (code = upper(code)),
  holder_id uuid REFERENCES accounts (id) ON DELETE SET NULL,
  claimed_at timestamptz,
  added_by text,
  added_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX badge_gift_codes_free ON badge_gift_codes (badge_id, id) WHERE claimed_at IS NULL;

-- The badges an account holds: one per badge, with the gift code it was handed (if the pool had one).
CREATE TABLE user_badges (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  badge_id integer NOT NULL REFERENCES badges (id),
  gift_code_id bigint UNIQUE REFERENCES badge_gift_codes (id),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, badge_id)
);

-- The campaigns' badges (spec §3: 2 is the convention badge, 3 the after-party badge; 1 is the
-- Anime Expo 2023 sign-up badge of /userbadge/claim/ax). Their pools are loaded by staff.
INSERT INTO badges (id, name, description, coupon_kind, coupon_value) VALUES
  (1, 'Anime Expo 2023', 'Signed up at the Anime Expo 2023 booth (/ax23-signup).', 'Percent', 15),
  (2, 'Comic-Con 2023', 'Signed up at the San Diego Comic-Con 2023 booth 5542 (/sdcc23-signup).', 'Percent', 20),
  (3, 'Worldwide After Party', 'Joined the anime finale worldwide after party, 5 to 8 November 2023 (/aot-worldwide-after-party).', 'Percent', 25);

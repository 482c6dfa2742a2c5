-- Newsletters, kept by the embedded email-marketing driver (NEWSLETTER_DRIVER=embedded, the
-- default): the lists the store offers and who is on them. With NEWSLETTER_DRIVER=listmonk these
-- tables stay empty except the lists, and listmonk keeps both.
CREATE TABLE newsletter_lists (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  description text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The store's lists: shipped with the store (not demo data), in the order the account page shows them.
INSERT INTO newsletter_lists (id, name, description, position) VALUES
  ('new-releases', 'New releases', 'The week''s new volumes and chapters, every Friday.', 1),
  ('manga', 'Manga', 'New manga series, simulpub chapters and manga news.', 2),
  ('deals', 'Deals and sales', 'Sales, coupons and bundle deals, at most twice a month.', 3);

-- One row per address and list. `unconfirmed` until the address follows the double opt-in link;
-- `unsubscribed` keeps the row (and when), so a signed link followed twice changes nothing.
-- The address is kept normalised (lower case); no account is needed to subscribe.
CREATE TABLE newsletter_subscriptions (
  email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  list_id text NOT NULL REFERENCES newsletter_lists (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('unconfirmed', 'confirmed', 'unsubscribed')),
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(attributes) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  PRIMARY KEY (email, list_id)
);
CREATE INDEX newsletter_subscriptions_list ON newsletter_subscriptions (list_id, status);

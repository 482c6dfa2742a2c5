-- Erased people (account.deleted, issue 23), by their anonymous token (platform erasedUserToken),
-- never the id in clear: an event about them that arrives after the erasure (account.deleted itself,
-- a late cart.updated) is stored with the person taken out.
CREATE TABLE erased_users (
  user_token text PRIMARY KEY,
  erased_at timestamptz NOT NULL DEFAULT now()
);

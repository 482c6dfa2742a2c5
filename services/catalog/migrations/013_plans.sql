-- Subscription plans (storefront spec §7 `/plan`): what the store offers to subscribers. Empty
-- until staff define one (`/api/dashboard/plans`): a plan is a business decision with a price, so
-- none is shipped or seeded (docs/plans.md).
CREATE TABLE plans (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
  -- Money in minor units (cents), as everywhere (spec §9).
  price bigint NOT NULL CHECK (price >= 0 AND price <= 100000000),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  billing_interval text NOT NULL CHECK (billing_interval IN ('month', 'year')),
  -- What it unlocks: items priced SubscriptionOnly (readable only with a plan) and PaidOrSubscription
  -- (bought, or read with a plan).
  unlocks_subscription_only boolean NOT NULL,
  unlocks_paid_or_subscription boolean NOT NULL,
  -- The plan the desktop build's platform subscription stands for (spec §6): at most one.
  desktop_subscription boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (unlocks_subscription_only OR unlocks_paid_or_subscription)
);
CREATE UNIQUE INDEX plans_one_desktop ON plans (desktop_subscription) WHERE desktop_subscription;

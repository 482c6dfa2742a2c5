-- Micro-transactions of the desktop build (issue 26, storefront spec §7 Desktop platform;
-- docs/desktop.md): a quoted purchase paid through the desktop platform instead of the card
-- processor. The purchase flow is the same (flows/place-purchase.ts); this row is what the platform
-- knows the payment by (its order id, a 64-bit number in Steam's API) and how far the shopper got.
CREATE SEQUENCE desktop_platform_order_ids START 100000;
CREATE TABLE desktop_transactions (
  purchase_id uuid PRIMARY KEY REFERENCES purchases (id),
  platform text NOT NULL,
  platform_order_id bigint NOT NULL UNIQUE DEFAULT nextval('desktop_platform_order_ids'),
  -- The platform's transaction id once InitTxn answered.
  trans_id text,
  platform_user_id text NOT NULL,
  user_id text NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  -- initiating: InitTxn asked; initiated: the shopper is asked to authorise in the platform's overlay;
  -- finalizing → finalized: authorised and FinalizeTxn asked / answered; cancelled: not authorised;
  -- failed: the platform refused.
  state text NOT NULL CHECK (state IN ('initiating', 'initiated', 'finalizing', 'finalized', 'cancelled', 'failed')),
  failure text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX desktop_transactions_user ON desktop_transactions (user_id);

-- The embedded simulated platform's micro-transactions (services/platform/src/desktop-platform/
-- simulated.ts; unused with DESKTOP_PLATFORM_DRIVER=steam), with Steam's statuses.
CREATE TABLE desktop_sim_transactions (
  order_id text PRIMARY KEY,
  trans_id text NOT NULL UNIQUE,
  steam_id text NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  items jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('Init', 'Approved', 'Succeeded', 'Failed', 'Refunded')),
  refunded bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

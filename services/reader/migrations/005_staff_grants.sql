-- Staff grants and removals (dashboard `users/products/add`, `compAdd`, `delete/{id}`; issue 23).
-- Like the other entitlement facts they are kept, not deleted: a removal marks its grant, and a
-- removed purchase gets a fact of its own beside its refunds, so `liveEntitlements`
-- (src/domain/entitlements.ts) stays the one rule of who owns what.

-- A product granted by staff: 'add' (a staff addition) or 'comp' (a complimentary copy).
CREATE TABLE entitlement_grants (
  id uuid PRIMARY KEY,
  user_id text NOT NULL,
  product_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('add', 'comp')),
  reason text NOT NULL,
  actor_id text NOT NULL,
  actor_email text,
  granted_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  removed_by_id text,
  removed_by_email text,
  removal_reason text,
  CHECK ((removed_at IS NULL) = (removed_by_id IS NULL))
);
CREATE INDEX entitlement_grants_user ON entitlement_grants (user_id, product_id);
-- At most one live grant of a product to a user.
CREATE UNIQUE INDEX entitlement_grants_live ON entitlement_grants (user_id, product_id) WHERE removed_at IS NULL;

-- A purchased product staff took away (its order's copy), with why and who; like a refund it
-- counts whenever its order arrives.
CREATE TABLE entitlement_removals (
  order_id text NOT NULL,
  product_id bigint NOT NULL,
  user_id text NOT NULL,
  reason text NOT NULL,
  actor_id text NOT NULL,
  actor_email text,
  removed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, product_id)
);
CREATE INDEX entitlement_removals_user ON entitlement_removals (user_id);

-- Who granted or removed what and when (dashboard, beyond the spec): one row per staff change,
-- written in the change's own transaction. entity_id is the user's id.
CREATE TABLE staff_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entity text NOT NULL,
  entity_id text NOT NULL,
  action text NOT NULL,
  actor_id text NOT NULL,
  actor_email text,
  changes jsonb NOT NULL DEFAULT '{}',
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_audit_item ON staff_audit (entity, entity_id, at DESC);

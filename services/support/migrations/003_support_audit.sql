-- Who changed which ticket or tag, and when (bulk edits, assignments, tag changes). Shaped like the
-- other services' staff_audit: `changes` names each field changed; no ticket contents or customer
-- addresses are recorded, only ids, statuses, tag ids and the assignee's user id.
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

-- Who changed what and when in the catalogue (dashboard, beyond the spec): one row per staff change,
-- written in the change's own transaction so a failed save leaves no entry.
CREATE TABLE staff_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entity text NOT NULL,
  entity_id bigint,
  action text NOT NULL,
  actor_id text NOT NULL,
  actor_email text,
  changes jsonb NOT NULL DEFAULT '{}',
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_audit_item ON staff_audit (entity, entity_id, at DESC);

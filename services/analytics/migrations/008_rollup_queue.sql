-- Issue 25 (speed): a batch of storefront events is acknowledged once its raw events are stored;
-- the traffic rollups follow behind (flows/rollup-applier.ts). Each stored event is queued here in
-- the same transaction, and the applier takes queued events, adds them to the rollups and deletes
-- them in one transaction of its own: nothing is counted twice or lost across a crash, and
-- replicas share the queue (FOR UPDATE SKIP LOCKED). The dashboard's traffic calls first apply
-- what was queued before they were asked, so their figures include every acknowledged event.
CREATE TABLE rollup_queue (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  day date NOT NULL,
  event_id uuid NOT NULL
);

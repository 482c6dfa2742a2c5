-- A group's live rows in publishing order: a claim walks them from the oldest and stops once it has
-- the heads it wants, instead of sorting the group's whole backlog on every claim.
CREATE INDEX bus_deliveries_claim ON bus_deliveries (consumer_group, seq) WHERE dead_at IS NULL;

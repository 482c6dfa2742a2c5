-- Sales campaigns as staff edit them (dashboard spec §3 Sales campaign and Sales product, §5, §7
-- "Sales campaigns"): a Draft may lack its dates (publishing needs both; the end is never before
-- the start when both are set), campaigns know when they were made and last saved, a sales product
-- has an id of its own, and a campaign remembers the series staff added whole.
ALTER TABLE sales_campaigns
  ALTER COLUMN start_date DROP NOT NULL,
  ALTER COLUMN end_date DROP NOT NULL,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- The next start or end of a published campaign is found from these (the read cache is dropped at
-- each such instant), and the storefront asks which campaigns run now.
CREATE INDEX sales_campaigns_published_start ON sales_campaigns (start_date) WHERE status = 4;
CREATE INDEX sales_campaigns_published_end ON sales_campaigns (end_date) WHERE status = 4;

-- A sales product's own id (the contract's SalesProduct.id); (campaign, product, variant type)
-- stays the key, variants being unique per product and type.
ALTER TABLE sales_products ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY UNIQUE;

CREATE TABLE sales_campaign_series (
  campaign_id bigint NOT NULL REFERENCES sales_campaigns(id) ON DELETE CASCADE,
  series_id bigint NOT NULL REFERENCES series(id) ON DELETE CASCADE,
  PRIMARY KEY (campaign_id, series_id)
);
CREATE INDEX sales_campaign_series_series ON sales_campaign_series (series_id);

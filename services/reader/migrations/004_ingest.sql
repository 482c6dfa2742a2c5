-- Comic ingestion jobs: staff upload an archive of page images for a product, the reader turns it
-- into the product's page set in the background, and the dashboard polls the job for its progress.
-- An upload's archive is kept in file storage as the product's master (`master_key`, under the
-- private pages/ folder) so its pages can be encoded again; a refused or failed upload keeps none.
CREATE TABLE ingest_jobs (
  id text PRIMARY KEY,
  product_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('upload', 'encode')),
  status text NOT NULL CHECK (status IN ('uploading', 'queued', 'working', 'completed', 'failed')),
  pages_done integer NOT NULL DEFAULT 0 CHECK (pages_done >= 0),
  pages_total integer NOT NULL DEFAULT 0 CHECK (pages_total >= 0),
  page_count integer,
  message text,
  -- The upload job whose archive this job reads (its own id for an upload).
  master_record text,
  -- Where that archive is stored; set on upload jobs while their archive is kept.
  master_key text,
  file_name text,
  actor_id text NOT NULL,
  actor_email text,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

CREATE INDEX ingest_jobs_product ON ingest_jobs (product_id, started_at DESC);

-- One job at a time per product: a second upload while one runs is refused (409).
CREATE UNIQUE INDEX ingest_jobs_one_running ON ingest_jobs (product_id) WHERE status IN ('uploading', 'queued', 'working');

-- Reports (issue 25, A3): the workbook jobs of `reports/asExcelFileSendEmail` and the key their
-- download links are signed with.

-- A workbook written in the background and mailed as a signed, expiring link. The recipients'
-- addresses are kept only until the mail event is written (then cleared: the count stays).
CREATE TABLE report_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  status text NOT NULL DEFAULT 'Queued' CHECK (status IN ('Queued', 'Running', 'Completed', 'Failed')),
  range_start date NOT NULL,
  range_end date NOT NULL,
  recipients text[] NOT NULL,
  recipient_count integer NOT NULL,
  requested_by_id text NOT NULL,
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  attempts integer NOT NULL DEFAULT 0,
  lease_token uuid,
  lease_expires_at timestamptz,
  file_key text,
  size_bytes bigint,
  error text,
  requested_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  expires_at timestamptz,
  file_deleted_at timestamptz
);
CREATE INDEX report_jobs_waiting ON report_jobs (requested_at) WHERE status IN ('Queued', 'Running');
CREATE INDEX report_jobs_requester ON report_jobs (requested_by_id, requested_at DESC);
CREATE INDEX report_jobs_expiring ON report_jobs (expires_at) WHERE file_key IS NOT NULL AND file_deleted_at IS NULL;

-- The HMAC key of the report download links: made once by the first replica to need it (random,
-- 32 bytes), shared by every replica through this table; no setting is needed. Deleting the row
-- ends every link given so far.
CREATE TABLE report_link_keys (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  secret bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

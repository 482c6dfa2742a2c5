-- Staff exports of the accounts (issue 23, dashboard spec §3 "User export job"): a queue of jobs a
-- background worker in any replica claims (FOR UPDATE SKIP LOCKED), streams to file storage and
-- keeps alive with a lease; a job whose lease ran out (its pod died) is claimed again.
CREATE TABLE user_exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  format text NOT NULL CHECK (format IN ('csv', 'json')),
  fields text[] NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
  -- The staff member who asked (their email is read from their account, so it goes when they do).
  requested_by_id text NOT NULL,
  rows_total integer NOT NULL DEFAULT 0,
  rows_done integer NOT NULL DEFAULT 0,
  error text,
  -- Claims so far; a job that keeps killing its worker fails after a few.
  attempts integer NOT NULL DEFAULT 0,
  -- The claim in force: only the worker holding this token may write progress or the outcome.
  lease_token uuid,
  lease_expires_at timestamptz,
  file_key text,
  file_bytes bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  -- When the download link stops working (finished_at + USER_EXPORT_LINK_TTL_SECONDS).
  expires_at timestamptz,
  -- The file was removed from storage once the link had expired.
  file_deleted_at timestamptz
);
CREATE INDEX user_exports_newest ON user_exports (created_at DESC, id DESC);
CREATE INDEX user_exports_queue ON user_exports (created_at) WHERE status IN ('pending', 'processing');
CREATE INDEX user_exports_expired_files ON user_exports (expires_at) WHERE file_key IS NOT NULL AND file_deleted_at IS NULL;

-- Submitted forms accepted per sender address and per client address (issue 24): a sliding hour,
-- kept here so every replica counts the same submissions. Keys are hashes (`email:` or `ip:` and
-- the value, SHA-256), so the table holds no address in the clear; rows older than an hour are
-- removed as keys are checked.
CREATE TABLE form_submission_hits (
  key_hash text NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX form_submission_hits_key ON form_submission_hits (key_hash, submitted_at);

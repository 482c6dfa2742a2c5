-- A link is requested in the change's transaction, and its token minted only when the support
-- service composes the mail (inkwell.account.v1.AccountLinks/IssueLink): account events carry the
-- link's id, never its token, because they outlive the change on topics and in analytics.
ALTER TABLE link_tokens DROP CONSTRAINT link_tokens_pkey;
ALTER TABLE link_tokens ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE link_tokens ADD PRIMARY KEY (id);
ALTER TABLE link_tokens ALTER COLUMN token_hash DROP NOT NULL;
ALTER TABLE link_tokens ADD CONSTRAINT link_tokens_token_hash_key UNIQUE (token_hash);
ALTER TABLE link_tokens ADD COLUMN issued_at timestamptz;
-- Links made before this migration were minted when they were requested.
UPDATE link_tokens SET issued_at = created_at;

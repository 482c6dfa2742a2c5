-- Search that forgives typos in a word typed alone (issue 11 item 4): each search document keeps its
-- title's and subtitle's words, and `search_terms` lists every such word once, so the Postgres
-- search driver can find the index words within a few typing mistakes of a query word
-- (fuzzystrmatch's levenshtein narrows them down) and then the documents holding them.
-- The words are PostgreSQL's own ('simple' configuration), as a query's words are split.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

-- A title or query as its lower-case words joined by single spaces, so an exact title or a title's
-- start is recognised whatever the punctuation ("Underdogs!: Zero" and "underdogs zero").
CREATE FUNCTION search_normal(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT trim(regexp_replace(lower($1), '[^[:alnum:]]+', ' ', 'g')) $$;

ALTER TABLE search_documents
  ADD COLUMN title_terms text[] GENERATED ALWAYS AS (tsvector_to_array(to_tsvector('simple', title))) STORED,
  ADD COLUMN subtitle_terms text[] GENERATED ALWAYS AS (tsvector_to_array(to_tsvector('simple', subtitle))) STORED,
  ADD COLUMN title_normal text GENERATED ALWAYS AS (search_normal(title)) STORED;
CREATE INDEX search_documents_title_terms ON search_documents USING gin (title_terms);
CREATE INDEX search_documents_subtitle_terms ON search_documents USING gin (subtitle_terms);

-- Only grows: a word whose documents are gone matches no document, and costs one row.
CREATE TABLE search_terms (term text PRIMARY KEY);
INSERT INTO search_terms (term)
  SELECT DISTINCT unnest(title_terms || subtitle_terms) FROM search_documents
  ON CONFLICT DO NOTHING;

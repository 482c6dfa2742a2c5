-- The Postgres search driver's ranking query as a function, so that it runs on a plan made once
-- per connection (plan_cache_mode = force_generic_plan for its own statement only). Sent as a
-- prepared statement, Postgres kept planning it again on every search: it judged the generic plan
-- dearer than custom ones, and planning (1–2 ms) cost several times the search itself (0.1–0.7 ms).
--
-- Arguments: the query text; the age ratings shown; the visitor's country ('' for none); one kind
-- or NULL; how many hits; and the index words the query's words may mean, as three parallel arrays
-- (query word number, index word, match quality 0–1, worked out by the driver: fuzzy.ts) with the
-- number of words in the query.
--
-- Ranking tiers, far apart so each only orders items within the tier above: an exact title (10),
-- then titles starting with the query (2); then the query's words, each by its best match in the
-- title (or at half weight in the subtitle: series title of a product, creators, other titles),
-- averaged over the query's words (0–1), plus 0.3 × the share of the title's words matched (so
-- "Eleven Lies" comes before "Eleven Lies, Vol. 3" for "eleven lise"); then 0.1 × the description's
-- words; then series before products, popularity and title.
CREATE FUNCTION search_catalog(
  p_query text, p_ratings text[], p_country text, p_kind text, p_limit int,
  p_tokens int[], p_terms text[], p_qualities float8[], p_token_count int)
RETURNS TABLE (kind text, item_id bigint, title text, readable_url text, display_type text, thumbnails jsonb, score float8)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  -- Candidates come from the word indexes (title and subtitle words, description words), and only
  -- they are scored, so a search costs what it finds rather than the size of the catalogue.
  RETURN QUERY
  WITH m AS (SELECT * FROM unnest(p_tokens, p_terms, p_qualities) AS m(token, term, quality)),
       q AS MATERIALIZED (SELECT websearch_to_tsquery('simple', p_query) AS words, search_normal(p_query) AS normal),
       found AS (
         SELECT d.kind, d.item_id, m.token, m.quality, cardinality(d.title_terms) AS title_words
           FROM m JOIN search_documents d ON d.title_terms @> ARRAY[m.term]
         UNION ALL
         SELECT d.kind, d.item_id, m.token, m.quality * 0.5, NULL
           FROM m JOIN search_documents d ON d.subtitle_terms @> ARRAY[m.term]),
       per_token AS (
         SELECT f.kind, f.item_id, f.token, max(f.quality) AS best, max(f.title_words) AS title_words
           FROM found f GROUP BY f.kind, f.item_id, f.token),
       words AS (
         SELECT t.kind, t.item_id,
                sum(t.best) / greatest(p_token_count, 1) + 0.3 * count(t.title_words)::float8 / greatest(max(t.title_words), 1) AS score
           FROM per_token t GROUP BY t.kind, t.item_id),
       candidates AS (
         SELECT w.kind, w.item_id, w.score FROM words w
         UNION ALL
         SELECT d.kind, d.item_id, 0 FROM search_documents d
          WHERE d.document @@ websearch_to_tsquery('simple', p_query)
            AND NOT EXISTS (SELECT 1 FROM words w WHERE w.kind = d.kind AND w.item_id = d.item_id))
  SELECT d.kind, d.item_id, d.title, d.readable_url, d.display_type, d.thumbnails,
         (CASE WHEN d.title_normal = q.normal THEN 10 ELSE 0 END
          + CASE WHEN q.normal <> '' AND starts_with(d.title_normal, q.normal) THEN 2 ELSE 0 END
          + c.score
          + CASE WHEN d.document @@ q.words THEN 0.1 * ts_rank(d.document, q.words) ELSE 0 END)::float8 AS score
    FROM candidates c JOIN search_documents d ON d.kind = c.kind AND d.item_id = c.item_id, q
   WHERE d.age_rating = ANY(p_ratings)
     AND NOT (upper(p_country) = ANY(d.restricted_territories))
     AND (p_kind IS NULL OR d.kind = p_kind)
   ORDER BY 7 DESC, d.kind = 'series' DESC, d.popularity DESC, d.title
   LIMIT p_limit;
END
$$;

-- Search order (issue 26): volumes of one series in order, and no titles found by a stop word alone.
--
-- The search documents learn which series an item belongs to (a series is its own group) and a
-- product's volume and chapter numbers, so results of equal relevance come grouped by series
-- (the group holding the most popular item first), then by volume and chapter number, instead of
-- "dragon" answering volumes 7, 2, 1, 9, 10, 5. Filled here from the catalogue for documents
-- already written; the indexer writes them from now on.
ALTER TABLE search_documents
  ADD COLUMN series_id bigint,
  ADD COLUMN volume_number numeric,
  ADD COLUMN chapter_number numeric;

UPDATE search_documents d SET series_id = d.item_id WHERE d.kind = 'series';
UPDATE search_documents d
   SET series_id = p.series_id, volume_number = p.volume_number, chapter_number = p.chapter_number
  FROM products p
 WHERE d.kind = 'product' AND p.id = d.item_id;

-- The ranking of 006, with two changes:
-- * p_required (parallel to p_tokens): whether a match can make an item a result. The driver
--   leaves stop words ("the", "of"; fuzzy.ts SEARCH_STOP_WORDS) out altogether when the query has
--   other words, so "feeed the dragon" no longer fills its list with "The Perfect Witness"; for a
--   query of stop words alone it passes them as required.
-- * Ties: relevance without the description's words first (rounded, so float noise is no
--   difference), then series before products, then the item's group (its series, or itself) by
--   the group's most popular item, then volume and chapter number, and only then the description's
--   words, popularity and title.
DROP FUNCTION search_catalog(text, text[], text, text, int, int[], text[], float8[], int);

CREATE FUNCTION search_catalog(
  p_query text, p_ratings text[], p_country text, p_kind text, p_limit int,
  p_tokens int[], p_terms text[], p_qualities float8[], p_required boolean[], p_token_count int)
RETURNS TABLE (kind text, item_id bigint, title text, readable_url text, display_type text, thumbnails jsonb, score float8)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH m AS (SELECT * FROM unnest(p_tokens, p_terms, p_qualities, p_required) AS m(token, term, quality, required)),
       q AS MATERIALIZED (SELECT websearch_to_tsquery('simple', p_query) AS words, search_normal(p_query) AS normal),
       found AS (
         SELECT d.kind, d.item_id, m.token, m.quality, m.required, cardinality(d.title_terms) AS title_words
           FROM m JOIN search_documents d ON d.title_terms @> ARRAY[m.term]
         UNION ALL
         SELECT d.kind, d.item_id, m.token, m.quality * 0.5, m.required, NULL
           FROM m JOIN search_documents d ON d.subtitle_terms @> ARRAY[m.term]),
       per_token AS (
         SELECT f.kind, f.item_id, f.token, max(f.quality) AS best, max(f.title_words) AS title_words, bool_or(f.required) AS required
           FROM found f GROUP BY f.kind, f.item_id, f.token),
       words AS (
         SELECT t.kind, t.item_id,
                sum(t.best) / greatest(p_token_count, 1) + 0.3 * count(t.title_words)::float8 / greatest(max(t.title_words), 1) AS score
           FROM per_token t GROUP BY t.kind, t.item_id
          HAVING bool_or(t.required)),
       candidates AS (
         SELECT w.kind, w.item_id, w.score FROM words w
         UNION ALL
         SELECT d.kind, d.item_id, 0 FROM search_documents d
          WHERE d.document @@ websearch_to_tsquery('simple', p_query)
            AND NOT EXISTS (SELECT 1 FROM words w WHERE w.kind = d.kind AND w.item_id = d.item_id)),
       scored AS (
         SELECT d.kind, d.item_id, d.title, d.readable_url, d.display_type, d.thumbnails, d.popularity,
                d.volume_number, d.chapter_number,
                COALESCE('s' || d.series_id, d.kind || d.item_id) AS series_group,
                round((CASE WHEN d.title_normal = q.normal THEN 10 ELSE 0 END
                       + CASE WHEN q.normal <> '' AND starts_with(d.title_normal, q.normal) THEN 2 ELSE 0 END
                       + c.score)::numeric, 6) AS relevance,
                CASE WHEN d.document @@ q.words THEN 0.1 * ts_rank(d.document, q.words) ELSE 0 END AS described
           FROM candidates c JOIN search_documents d ON d.kind = c.kind AND d.item_id = c.item_id, q
          WHERE d.age_rating = ANY(p_ratings)
            AND NOT (upper(p_country) = ANY(d.restricted_territories))
            AND (p_kind IS NULL OR d.kind = p_kind))
  SELECT s.kind, s.item_id, s.title, s.readable_url, s.display_type, s.thumbnails, (s.relevance + s.described)::float8 AS score
    FROM scored s
   ORDER BY s.relevance DESC, s.kind = 'series' DESC,
            max(s.popularity) OVER (PARTITION BY s.series_group) DESC, s.series_group,
            s.volume_number NULLS LAST, s.chapter_number NULLS LAST,
            s.described DESC, s.popularity DESC, s.title
   LIMIT p_limit;
END
$$;

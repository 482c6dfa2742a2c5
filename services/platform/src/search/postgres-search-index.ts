import type { Database } from '../db/database';
import { isSearchStopWord, matchQuality } from './fuzzy';
import { ratingsUpTo, type SearchDocument, type SearchHit, type SearchIndex, type SearchQuery } from './search-index';

type HitRow = {
  kind: 'series' | 'product';
  item_id: number;
  title: string;
  readable_url: string | null;
  display_type: string;
  thumbnails: SearchHit['thumbnails'];
  score: number;
};

type CandidateRow = { token: string; last: boolean; term: string; tokens: number };

/** Longer words are only matched exactly (levenshtein takes at most 255 letters, and no title word is this long). */
const MAX_FUZZY_LETTERS = 64;

/**
 * Search in the owning service's own Postgres, in its `search_documents` table (the catalog's
 * migrations create it, the catalog being the one service that searches). Each query word is
 * matched against the words of every title and subtitle (`search_terms`): exactly, as the start of
 * the last word still being typed, or within one typing mistake (two from 6 letters; see fuzzy.ts).
 * Ranking (the catalog's `search_catalog` function, migrations 006 and 014) puts an exact title
 * first, then titles starting with the query, then how well and how fully the words match; on equal
 * relevance series first, then by series and volume and chapter number, then the description's
 * words (a weighted tsvector), then popularity. A title found only by a stop word ("the") is left out.
 */
export class PostgresSearchIndex implements SearchIndex {
  readonly driver = 'postgres';

  constructor(private readonly db: Database) {}

  async upsert(document: SearchDocument): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO search_documents (kind, item_id, title, subtitle, readable_url, display_type, thumbnails, age_rating, restricted_territories, popularity, document,
                                       series_id, volume_number, chapter_number, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
                 setweight(to_tsvector('simple', $3), 'A') || setweight(to_tsvector('simple', $4), 'B') || setweight(to_tsvector('english', $11), 'C'),
                 $12, $13, $14, now())
         ON CONFLICT (kind, item_id) DO UPDATE SET
           title = EXCLUDED.title, subtitle = EXCLUDED.subtitle, readable_url = EXCLUDED.readable_url,
           display_type = EXCLUDED.display_type, thumbnails = EXCLUDED.thumbnails, age_rating = EXCLUDED.age_rating,
           restricted_territories = EXCLUDED.restricted_territories, popularity = EXCLUDED.popularity,
           document = EXCLUDED.document, series_id = EXCLUDED.series_id, volume_number = EXCLUDED.volume_number,
           chapter_number = EXCLUDED.chapter_number, updated_at = now()`,
        [
          document.kind,
          document.id,
          document.title,
          document.subtitle,
          document.readableUrl,
          document.displayType,
          JSON.stringify(document.thumbnails),
          document.ageRating,
          document.restrictedTerritories.map((code) => code.toUpperCase()),
          document.popularity,
          document.body,
          document.seriesId ?? (document.kind === 'series' ? document.id : null),
          document.volumeNumber ?? null,
          document.chapterNumber ?? null,
        ],
      );
      // Sorted, so two writers adding the same new words lock them in the same order.
      await tx.query(
        `INSERT INTO search_terms (term)
         SELECT DISTINCT term FROM search_documents, unnest(title_terms || subtitle_terms) AS term
          WHERE kind = $1 AND item_id = $2
          ORDER BY term
         ON CONFLICT DO NOTHING`,
        [document.kind, document.id],
      );
    });
  }

  async remove(kind: SearchDocument['kind'], id: number): Promise<void> {
    await this.db.query('DELETE FROM search_documents WHERE kind = $1 AND item_id = $2', [kind, id]);
  }

  async search(query: SearchQuery): Promise<SearchHit[]> {
    const text = query.text.trim().toLowerCase();
    if (text.length === 0) return [];
    const matches = await this.matchingTerms(text);
    // The catalog's search_catalog function (its migration 006 documents the ranking) runs on a
    // plan made once per connection; named, so the call is parsed once per connection too.
    const { rows } = await this.db.pool.query<HitRow>({
      name: 'catalog-search-v2',
      text: 'SELECT * FROM search_catalog($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
      values: [
        text,
        ratingsUpTo(query.maxAgeRating),
        query.country ?? '',
        query.kind ?? null,
        query.limit,
        matches.map((match) => match.token),
        matches.map((match) => match.term),
        matches.map((match) => match.quality),
        matches.map((match) => match.required),
        matches.tokens,
      ],
    });
    return rows.map((row) => ({
      kind: row.kind,
      id: row.item_id,
      title: row.title,
      readableUrl: row.readable_url,
      displayType: row.display_type,
      thumbnails: row.thumbnails,
      score: Number(row.score),
    }));
  }

  /**
   * The index words each query word may mean, with how well (fuzzy.ts): Postgres splits the query
   * into words as it split the titles, and narrows the index words down with levenshtein (a swap
   * is one mistake to us and two to levenshtein, hence twice the mistakes allowed); the exact
   * typing distance is measured here. The fuzziness by length in the SQL is `fuzzinessFor`'s.
   */
  private async matchingTerms(text: string): Promise<Array<{ token: number; term: string; quality: number; required: boolean }> & { tokens: number }> {
    const { rows } = await this.db.pool.query<CandidateRow>({
      name: 'catalog-search-terms',
      text: `WITH tokens AS (
              SELECT lexeme AS token, positions[1] AS position, length(lexeme) AS length,
                     CASE WHEN length(lexeme) < 3 THEN 0 WHEN length(lexeme) < 6 THEN 1 ELSE 2 END AS fuzziness
                FROM unnest(to_tsvector('simple', $1))),
            last AS (SELECT max(position) AS position, count(*)::int AS tokens FROM tokens)
       SELECT t.token, t.position = last.position AS last, s.term, last.tokens
         FROM tokens t CROSS JOIN last
         JOIN search_terms s ON s.term = t.token
           OR (t.position = last.position AND starts_with(s.term, t.token))
           OR CASE WHEN t.fuzziness > 0 AND t.length <= ${MAX_FUZZY_LETTERS} AND abs(length(s.term) - t.length) <= t.fuzziness AND length(s.term) <= ${MAX_FUZZY_LETTERS}
                   THEN levenshtein_less_equal(s.term, t.token, 2 * t.fuzziness) <= 2 * t.fuzziness
                   ELSE false END`,
      values: [text],
    });
    const positions = new Map<string, number>();
    const best = new Map<string, { token: number; term: string; quality: number; required: boolean }>();
    // Stop words ("the") neither find a title nor count towards how well it matches, unless the
    // query is nothing but stop words: "the cloouds tea" is about clouds and tea.
    const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
    const onlyStopWords = words.every((word) => isSearchStopWord(word));
    const stopTokens = onlyStopWords ? 0 : new Set(words.filter((word) => isSearchStopWord(word))).size;
    for (const row of rows) {
      if (!onlyStopWords && isSearchStopWord(row.token)) continue;
      if (!positions.has(row.token)) positions.set(row.token, positions.size);
      const quality = matchQuality(row.token, row.term, row.last);
      if (quality === undefined) continue;
      const key = `${row.token} ${row.term}`;
      const known = best.get(key);
      if (!known || known.quality < quality) best.set(key, { token: positions.get(row.token)!, term: row.term, quality, required: onlyStopWords || !isSearchStopWord(row.token) });
    }
    return Object.assign([...best.values()], { tokens: Math.max((rows[0]?.tokens ?? 0) - stopTokens, 0) });
  }

  async indexedIds(kind: SearchDocument['kind']): Promise<number[]> {
    const { rows } = await this.db.query<{ item_id: number }>('SELECT item_id FROM search_documents WHERE kind = $1 ORDER BY item_id', [kind]);
    return rows.map((row) => row.item_id);
  }

  async close(): Promise<void> {}
}

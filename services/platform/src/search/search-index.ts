/**
 * The search port. Drivers: `PostgresSearchIndex` (default: full-text search with trigram matching
 * for typos, in the database it is given) and `OpenSearchIndex` (chosen when `OPENSEARCH_URL` is
 * set); `createSearchIndex` in drivers.ts picks one. The index holds only what the storefront may
 * list; the catalog keeps it current from its events.
 */
export interface Thumbnail {
  url: string;
  width: number;
  height: number;
  color?: string;
}

export interface SearchDocument {
  kind: 'series' | 'product';
  id: number;
  title: string;
  /** Secondary words that should find the item: series title of a product, creators, alt titles. */
  subtitle: string;
  body: string;
  readableUrl: string | null;
  /** What the result list shows as its type, e.g. 'Series', 'Volume', 'Chapter'. */
  displayType: string;
  thumbnails: Thumbnail[];
  color?: string;
  ageRating: string;
  restrictedTerritories: string[];
  popularity: number;
  /**
   * The series the item belongs to (a series document: its own id), and a product's volume and
   * chapter numbers: results of equal relevance come grouped by series, then in volume and chapter
   * order. Left out (null) for an item outside any series or without numbers.
   */
  seriesId?: number | null;
  volumeNumber?: number | null;
  chapterNumber?: number | null;
}

export interface SearchQuery {
  text: string;
  limit: number;
  /** Visitor's country: items restricted there are left out. */
  country?: string;
  /** Highest age rating to show (ratings above it are left out). */
  maxAgeRating?: string;
  kind?: 'series' | 'product';
}

export interface SearchHit {
  kind: 'series' | 'product';
  id: number;
  title: string;
  readableUrl: string | null;
  displayType: string;
  thumbnails: Thumbnail[];
  score: number;
}

export interface SearchIndex {
  readonly driver: string;
  upsert(document: SearchDocument): Promise<void>;
  remove(kind: SearchDocument['kind'], id: number): Promise<void>;
  search(query: SearchQuery): Promise<SearchHit[]>;
  /** Ids currently in the index, for search maintenance (orphans, not uploaded). */
  indexedIds(kind: SearchDocument['kind']): Promise<number[]>;
  close(): Promise<void>;
}

export const AGE_RATINGS_IN_ORDER = ['e', 'e7', 'pg', 't', 'm'] as const;

/** Ratings at or below `max`, for filtering. */
export function ratingsUpTo(max: string | undefined): string[] {
  const index = max ? AGE_RATINGS_IN_ORDER.indexOf(max as (typeof AGE_RATINGS_IN_ORDER)[number]) : -1;
  return index < 0 ? [...AGE_RATINGS_IN_ORDER] : AGE_RATINGS_IN_ORDER.slice(0, index + 1);
}

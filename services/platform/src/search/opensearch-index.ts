import { Client, errors, type API, type Types } from '@opensearch-project/opensearch';
import type { Logger } from '../logger';
import { ratingsUpTo, type SearchDocument, type SearchHit, type SearchIndex, type SearchQuery } from './search-index';

export interface OpenSearchIndexOptions {
  url: string;
  username?: string;
  password?: string;
  indexName?: string;
  logger: Pick<Logger, 'info'>;
  /**
   * Make each write wait until searches see it. Production leaves this off and lets the index's
   * periodic refresh pick writes up within a second; tests turn it on to search straight after writing.
   */
  waitForRefresh?: boolean;
}

/** What the index stores per item: the search document without its colour, which no hit shows. */
type StoredDocument = Omit<SearchDocument, 'color'>;
type StoredHit = Pick<StoredDocument, 'kind' | 'id' | 'title' | 'readableUrl' | 'displayType' | 'thumbnails'>;

const HIT_FIELDS: Array<keyof StoredHit> = ['kind', 'id', 'title', 'readableUrl', 'displayType', 'thumbnails'];

/**
 * Ranking tiers added on top of relevance: an exact title first, then titles starting with the
 * query. Both are far above what BM25 gives a catalogue-sized index for a short query, so relevance
 * (and then popularity) only orders items within a tier.
 */
const EXACT_TITLE_BOOST = 1000;
const TITLE_PREFIX_BOOST = 100;

/** Page size when listing every id of a kind; the catalogue holds thousands of items at most. */
const ID_PAGE_SIZE = 1000;

const INDEX_BODY: API.Indices_Create_RequestBody = {
  settings: {
    analysis: {
      normalizer: {
        lowercase: { type: 'custom', filter: ['lowercase'] },
      },
      filter: {
        title_edge_ngram: { type: 'edge_ngram', min_gram: 1, max_gram: 20 },
      },
      analyzer: {
        // Indexes every leading part of each title word, so a query still being typed matches.
        title_prefix: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'title_edge_ngram'] },
        title_prefix_search: { type: 'custom', tokenizer: 'standard', filter: ['lowercase'] },
      },
    },
  },
  mappings: {
    // A field the mapping does not name is a bug in the driver, not something to guess a type for.
    dynamic: 'strict',
    properties: {
      kind: { type: 'keyword' },
      id: { type: 'long' },
      title: {
        type: 'text',
        analyzer: 'english',
        fields: {
          keyword: { type: 'keyword', normalizer: 'lowercase' },
          prefix: { type: 'text', analyzer: 'title_prefix', search_analyzer: 'title_prefix_search' },
        },
      },
      subtitle: { type: 'text' },
      body: { type: 'text', analyzer: 'english' },
      readableUrl: { type: 'keyword' },
      displayType: { type: 'keyword' },
      ageRating: { type: 'keyword' },
      restrictedTerritories: { type: 'keyword' },
      popularity: { type: 'integer' },
      thumbnails: { type: 'object', enabled: false },
    },
  },
};

/**
 * The search port on OpenSearch (chosen when `OPENSEARCH_URL` is set). Ranks like
 * `PostgresSearchIndex`: an exact title first, then titles starting with the query, then relevance
 * over title, subtitle and body, then popularity; fuzzy matching lets a one-letter typo still find a
 * title. Documents are keyed `${kind}-${id}`.
 */
export class OpenSearchIndex implements SearchIndex {
  readonly driver = 'opensearch';

  private readonly client: Client;
  private readonly indexName: string;
  private readonly logger: Pick<Logger, 'info'>;
  private readonly refresh: 'wait_for' | undefined;

  constructor(options: OpenSearchIndexOptions) {
    this.client = new Client({
      node: options.url,
      ...(options.username !== undefined ? { auth: { username: options.username, password: options.password ?? '' } } : {}),
    });
    this.indexName = options.indexName ?? 'inkwell-catalog';
    this.logger = options.logger;
    this.refresh = options.waitForRefresh ? 'wait_for' : undefined;
  }

  /** Creates the index with its mappings if it does not exist; an existing index is left as it is. */
  async ensureIndex(): Promise<void> {
    const { body: exists } = await this.client.indices.exists({ index: this.indexName });
    if (exists) return;
    try {
      await this.client.indices.create({ index: this.indexName, body: INDEX_BODY });
      this.logger.info({ index: this.indexName }, 'Created the OpenSearch search index');
    } catch (error) {
      // Another replica starting at the same moment created it first.
      if (!(error instanceof errors.ResponseError && error.body?.error?.type === 'resource_already_exists_exception')) throw error;
    }
  }

  async upsert(document: SearchDocument): Promise<void> {
    const stored: StoredDocument = {
      kind: document.kind,
      id: document.id,
      title: document.title,
      subtitle: document.subtitle,
      body: document.body,
      readableUrl: document.readableUrl,
      displayType: document.displayType,
      thumbnails: document.thumbnails,
      ageRating: document.ageRating,
      restrictedTerritories: document.restrictedTerritories.map((code) => code.toUpperCase()),
      popularity: document.popularity,
    };
    await this.client.index({ index: this.indexName, id: documentId(document.kind, document.id), body: stored, refresh: this.refresh });
  }

  async remove(kind: SearchDocument['kind'], id: number): Promise<void> {
    await this.client.delete({ index: this.indexName, id: documentId(kind, id), refresh: this.refresh }, { ignore: [404] });
  }

  async search(query: SearchQuery): Promise<SearchHit[]> {
    const text = query.text.trim();
    if (text.length === 0) return [];
    const lowered = text.toLowerCase();
    const filter: Types.Common_QueryDsl.QueryContainer[] = [{ terms: { ageRating: ratingsUpTo(query.maxAgeRating) } }];
    if (query.kind) filter.push({ term: { kind: query.kind } });
    const mustNot: Types.Common_QueryDsl.QueryContainer[] = query.country
      ? [{ term: { restrictedTerritories: query.country.toUpperCase() } }]
      : [];
    const { body } = await this.client.search({
      index: this.indexName,
      body: {
        size: query.limit,
        _source: HIT_FIELDS,
        query: {
          bool: {
            must: [
              {
                multi_match: {
                  query: text,
                  fields: ['title^3', 'title.prefix^2', 'subtitle^1.5', 'body'],
                  fuzziness: 'AUTO',
                },
              },
            ],
            // Constant scores, so a tier's bonus does not vary with how rare the title is.
            should: [
              { constant_score: { filter: { term: { 'title.keyword': lowered } }, boost: EXACT_TITLE_BOOST } },
              { constant_score: { filter: { prefix: { 'title.keyword': lowered } }, boost: TITLE_PREFIX_BOOST } },
            ],
            filter,
            must_not: mustNot,
          },
        },
        sort: [{ _score: { order: 'desc' } }, { popularity: { order: 'desc' } }],
      },
    });
    return body.hits.hits.flatMap((hit) => {
      // The client types every `_source` as `any`; the request above asked for exactly these fields.
      const source = hit._source as StoredHit | undefined;
      if (!source) return [];
      return [
        {
          kind: source.kind,
          id: source.id,
          title: source.title,
          readableUrl: source.readableUrl,
          displayType: source.displayType,
          thumbnails: source.thumbnails,
          score: hit._score ?? 0,
        },
      ];
    });
  }

  async indexedIds(kind: SearchDocument['kind']): Promise<number[]> {
    const ids: number[] = [];
    let after: Types.Common.SortResults | undefined;
    for (;;) {
      const { body } = await this.client.search({
        index: this.indexName,
        body: {
          size: ID_PAGE_SIZE,
          _source: ['id'],
          query: { term: { kind } },
          sort: [{ id: { order: 'asc' } }],
          ...(after ? { search_after: after } : {}),
        },
      });
      const hits = body.hits.hits;
      for (const hit of hits) {
        const source = hit._source as Pick<StoredDocument, 'id'> | undefined;
        if (source) ids.push(source.id);
      }
      after = hits.at(-1)?.sort;
      if (hits.length < ID_PAGE_SIZE || !after) return ids;
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

function documentId(kind: SearchDocument['kind'], id: number): string {
  return `${kind}-${id}`;
}

import { Client, errors, type API, type Types } from '@opensearch-project/opensearch';
import type { Logger } from '../logger';
import { isSearchStopWord } from './fuzzy';
import { ratingsUpTo, type SearchDocument, type SearchHit, type SearchIndex, type SearchQuery } from './search-index';

export interface OpenSearchIndexOptions {
  url: string;
  username?: string;
  password?: string;
  /** Base name of the index (default `inkwell-catalog`); the index itself adds the mappings' version (`physicalIndexName`). */
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
 * query (both whatever the case and punctuation). Both are far above what BM25 gives a
 * catalogue-sized index for a short query, so relevance (and then popularity) only orders items
 * within a tier.
 */
const EXACT_TITLE_BOOST = 1000;
const TITLE_PREFIX_BOOST = 100;

/** Page size when listing every id of a kind; the catalogue holds thousands of items at most. */
const ID_PAGE_SIZE = 1000;

/**
 * Version of the mappings below. A change to them goes into a new index, `<name>-v<version>`,
 * created next to the old one and filled from it (see ensureIndex); the old one is left for an
 * operator to delete once no replica of the previous release writes to it.
 * v1 (named `<name>`): words of the title stemmed, and their starts. v2: also the title's words
 * unstemmed for fuzzy matching, and the title without case or punctuation for the ranking tiers.
 * v3: the item's series and its volume and chapter numbers, which order results of equal score.
 */
export const SEARCH_INDEX_VERSION = 3;

const INDEX_BODY: API.Indices_Create_RequestBody = {
  settings: {
    analysis: {
      char_filter: {
        // Everything but letters and digits is a word break, as the Postgres driver splits titles.
        title_punctuation: { type: 'pattern_replace', pattern: '[^\\p{L}\\p{N}]+', replacement: ' ' },
      },
      normalizer: {
        lowercase: { type: 'custom', filter: ['lowercase'] },
        title_normal: { type: 'custom', char_filter: ['title_punctuation'], filter: ['lowercase', 'trim'] },
      },
      filter: {
        title_edge_ngram: { type: 'edge_ngram', min_gram: 1, max_gram: 20 },
      },
      analyzer: {
        // Indexes every leading part of each title word, so a query still being typed matches.
        title_prefix: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'title_edge_ngram'] },
        title_prefix_search: { type: 'custom', tokenizer: 'standard', filter: ['lowercase'] },
        // Whole words as typed (no stemming), which fuzzy matching compares letter by letter.
        title_words: { type: 'custom', tokenizer: 'standard', filter: ['lowercase'] },
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
          normal: { type: 'keyword', normalizer: 'title_normal' },
          prefix: { type: 'text', analyzer: 'title_prefix', search_analyzer: 'title_prefix_search' },
          words: { type: 'text', analyzer: 'title_words' },
        },
      },
      subtitle: { type: 'text' },
      body: { type: 'text', analyzer: 'english' },
      readableUrl: { type: 'keyword' },
      displayType: { type: 'keyword' },
      ageRating: { type: 'keyword' },
      restrictedTerritories: { type: 'keyword' },
      popularity: { type: 'integer' },
      seriesId: { type: 'long' },
      volumeNumber: { type: 'double' },
      chapterNumber: { type: 'double' },
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

  /** The index searched and written: the name given, with the mappings' version. */
  readonly physicalIndexName: string;
  private readonly client: Client;
  private readonly logger: Pick<Logger, 'info'>;
  private readonly refresh: 'wait_for' | undefined;
  /** The index of the mappings before this version (v1 had no version in its name). */
  private readonly previousIndexName: string;
  /** v1's index, named without a version: filled from when there is no index of the previous version. */
  private readonly firstIndexName: string;

  constructor(options: OpenSearchIndexOptions) {
    this.client = new Client({
      node: options.url,
      ...(options.username !== undefined ? { auth: { username: options.username, password: options.password ?? '' } } : {}),
    });
    const name = options.indexName ?? 'inkwell-catalog';
    this.physicalIndexName = `${name}-v${SEARCH_INDEX_VERSION}`;
    this.previousIndexName = SEARCH_INDEX_VERSION > 2 ? `${name}-v${SEARCH_INDEX_VERSION - 1}` : name;
    this.firstIndexName = name;
    this.logger = options.logger;
    this.refresh = options.waitForRefresh ? 'wait_for' : undefined;
  }

  /**
   * Creates the index with its mappings if it does not exist, and fills a new one from the index
   * of the previous mappings when there is one (a server-side reindex: the stored documents are
   * the same, only how they are indexed changed). An existing index is left as it is.
   */
  async ensureIndex(): Promise<void> {
    const { body: exists } = await this.client.indices.exists({ index: this.physicalIndexName });
    if (exists) return;
    try {
      await this.client.indices.create({ index: this.physicalIndexName, body: INDEX_BODY });
      this.logger.info({ index: this.physicalIndexName }, 'Created the OpenSearch search index');
    } catch (error) {
      // Another replica starting at the same moment created it first, and fills it.
      if (error instanceof errors.ResponseError && error.body?.error?.type === 'resource_already_exists_exception') return;
      throw error;
    }
    let source: string | undefined;
    for (const candidate of [this.previousIndexName, this.firstIndexName]) {
      const { body: found } = await this.client.indices.exists({ index: candidate });
      if (found) {
        source = candidate;
        break;
      }
    }
    if (!source) return;
    const copied = await this.copyFrom(source);
    this.logger.info(
      { index: this.physicalIndexName, from: source, documents: copied },
      'Filled the new search index from the previous version; delete the old index once no replica of the previous release runs',
    );
  }

  /**
   * Copies every stored document of `source` into this index, a page at a time (the stored
   * documents are the same in every version, only how they are indexed changes). Done here rather
   * than with `_reindex`, which a node without the reindex module does not offer. A document
   * already written here by a newer replica is newer than the copy and is kept.
   */
  private async copyFrom(source: string): Promise<number> {
    let copied = 0;
    let after: Types.Common.SortResults | undefined;
    for (;;) {
      const { body } = await this.client.search({
        index: source,
        body: { size: ID_PAGE_SIZE, sort: [{ kind: { order: 'asc' } }, { id: { order: 'asc' } }], ...(after ? { search_after: after } : {}) },
      });
      const hits = body.hits.hits;
      if (hits.length > 0) {
        const { body: written } = await this.client.bulk({
          refresh: true,
          body: hits.flatMap((hit) => [{ create: { _index: this.physicalIndexName, _id: hit._id } }, hit._source as StoredDocument]),
        });
        const failed = written.items.filter((item) => item.create?.error && item.create.status !== 409);
        if (failed.length > 0) throw new Error(`copying the search index from ${source} failed: ${JSON.stringify(failed[0]?.create?.error)}`);
        copied += written.items.filter((item) => item.create?.status === 201).length;
      }
      after = hits.at(-1)?.sort;
      if (hits.length < ID_PAGE_SIZE || !after) return copied;
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
      seriesId: document.seriesId ?? (document.kind === 'series' ? document.id : null),
      volumeNumber: document.volumeNumber ?? null,
      chapterNumber: document.chapterNumber ?? null,
    };
    await this.client.index({ index: this.physicalIndexName, id: documentId(document.kind, document.id), body: stored, refresh: this.refresh });
  }

  async remove(kind: SearchDocument['kind'], id: number): Promise<void> {
    await this.client.delete({ index: this.physicalIndexName, id: documentId(kind, id), refresh: this.refresh }, { ignore: [404] });
  }

  async search(query: SearchQuery): Promise<SearchHit[]> {
    const text = query.text.trim();
    if (text.length === 0) return [];
    // The prefix query is not normalized by the field's normalizer, so it gets the same treatment here.
    const normal = normalTitle(text);
    // Stop words ("the") find nothing by themselves: the word queries below use the other words,
    // unless the query has nothing else (the exact-title tiers still see the whole query).
    const words = normal.split(' ').filter((word) => word !== '');
    const meaningful = words.filter((word) => !isSearchStopWord(word));
    const wordsText = meaningful.length > 0 ? meaningful.join(' ') : text;
    const filter: Types.Common_QueryDsl.QueryContainer[] = [{ terms: { ageRating: ratingsUpTo(query.maxAgeRating) } }];
    if (query.kind) filter.push({ term: { kind: query.kind } });
    const mustNot: Types.Common_QueryDsl.QueryContainer[] = query.country
      ? [{ term: { restrictedTerritories: query.country.toUpperCase() } }]
      : [];
    const { body } = await this.client.search({
      index: this.physicalIndexName,
      body: {
        size: query.limit,
        _source: HIT_FIELDS,
        query: {
          bool: {
            must: [
              {
                // The best of the fields, not their sum: a product's subtitle repeats its series'
                // title, and must not lift the product over the series for the series' words.
                dis_max: {
                  queries: [
                    // Each word exactly or within a few typing mistakes (AUTO: one from 3 letters,
                    // two from 6; a swap of adjacent letters is one), on the unstemmed title words,
                    // or as the start of a word still being typed.
                    {
                      bool: {
                        should: [
                          { match: { 'title.words': { query: wordsText, fuzziness: 'AUTO', boost: 3 } } },
                          { match: { 'title.prefix': { query: wordsText, boost: 2 } } },
                        ],
                      },
                    },
                    { match: { subtitle: { query: wordsText, fuzziness: 'AUTO', boost: 1.5 } } },
                    { match: { body: { query: text } } },
                  ],
                },
              },
            ],
            // Constant scores, so a tier's bonus does not vary with how rare the title is.
            should: [
              { constant_score: { filter: { term: { 'title.normal': normal } }, boost: EXACT_TITLE_BOOST } },
              ...(normal ? [{ constant_score: { filter: { prefix: { 'title.normal': normal } }, boost: TITLE_PREFIX_BOOST } }] : []),
            ],
            filter,
            must_not: mustNot,
          },
        },
        // Equal scores (the volumes of a series score alike): series first, then by series, volume
        // and chapter number, then popularity.
        sort: [
          { _score: { order: 'desc' } },
          { kind: { order: 'desc' } },
          { seriesId: { order: 'asc', missing: '_last' } },
          { volumeNumber: { order: 'asc', missing: '_last' } },
          { chapterNumber: { order: 'asc', missing: '_last' } },
          { popularity: { order: 'desc' } },
        ],
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
        index: this.physicalIndexName,
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

/** Lower case, every run of characters other than letters and digits one space, trimmed: the `title_normal` normalizer. */
function normalTitle(text: string): string {
  return text.replace(/[^\p{L}\p{N}]+/gu, ' ').toLowerCase().trim();
}

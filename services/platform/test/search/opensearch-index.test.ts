import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Client } from '@opensearch-project/opensearch';
import { createLogger } from '@inkwell/platform';
import { skipBecause } from '@inkwell/platform/testing';
import { OpenSearchIndex, SEARCH_INDEX_VERSION } from '../../src/search/opensearch-index';
import type { SearchDocument, SearchHit } from '../../src/search/search-index';

const SKIP_REASON = 'TEST_OPENSEARCH_URL not set and no Docker engine for testcontainers: the OpenSearch index was not tested in this run (scripts/infra.sh opensearch start runs a node)';
const TEST_TIMEOUT_MS = 60_000;
/** Bound on the wait for the node to serve an index: it may still be starting when the run begins. */
const READY_TIMEOUT_MS = 120_000;
/** Bound on each request the test itself sends, so a stuck node fails the run instead of hanging it. */
const REQUEST_TIMEOUT_MS = 15_000;

/** Unique per run, so an index left on a shared OpenSearch never meets another run's. */
const RUN_ID = randomUUID().slice(0, 8);
const INDEX_NAME = `inkwell-catalog-test-${RUN_ID}`;

const url = process.env.TEST_OPENSEARCH_URL?.trim() ?? '';

describe('OpenSearchIndex', { skip: skipBecause(url ? false : SKIP_REASON) }, () => {
  let admin: Client;
  let index: OpenSearchIndex;

  const fixtures = {
    tidewater: searchDocument({ kind: 'series', id: 1, title: 'Tidewater', popularity: 10 }),
    tidewaterVol1: searchDocument({ kind: 'product', id: 11, title: 'Tidewater Vol. 1', subtitle: 'Tidewater', displayType: 'Volume', popularity: 50 }),
    // The most popular of the three, yet ranked after the exact and the prefix match.
    beyondTidewater: searchDocument({ kind: 'series', id: 2, title: 'Beyond Tidewater', popularity: 900 }),
    emberCrown: searchDocument({ kind: 'series', id: 3, title: 'Ember Crown', ageRating: 'pg', restrictedTerritories: ['de'] }),
    nightShift: searchDocument({ kind: 'series', id: 4, title: 'Night Shift', ageRating: 'm' }),
  };

  const titles = (hits: SearchHit[]): string[] => hits.map((hit) => hit.title);

  beforeAll(
    async () => {
      admin = new Client({ node: url, requestTimeout: REQUEST_TIMEOUT_MS, maxRetries: 0 });
      await waitForCluster(admin, READY_TIMEOUT_MS);
      index = new OpenSearchIndex({ url, indexName: INDEX_NAME, logger: createLogger('opensearch-index-test', 'silent'), waitForRefresh: true });
      await index.ensureIndex();
      for (const document of Object.values(fixtures)) await index.upsert(document);
    },
    READY_TIMEOUT_MS + TEST_TIMEOUT_MS,
  );

  afterAll(async () => {
    await index?.close();
    await admin?.indices.delete({ index: `${INDEX_NAME}*` }, { ignore: [404] });
    await admin?.close();
  });

  it('creates the index with explicit mappings under a versioned name, and leaves an existing index as it is', { timeout: TEST_TIMEOUT_MS }, async () => {
    await index.ensureIndex();
    assert.equal(index.physicalIndexName, `${INDEX_NAME}-v${SEARCH_INDEX_VERSION}`);
    const { body } = await admin.indices.getMapping({ index: index.physicalIndexName });
    const properties = body[index.physicalIndexName]?.mappings.properties ?? {};
    assert.deepEqual(properties['title'], {
      type: 'text',
      analyzer: 'english',
      fields: {
        keyword: { type: 'keyword', normalizer: 'lowercase' },
        normal: { type: 'keyword', normalizer: 'title_normal' },
        prefix: { type: 'text', analyzer: 'title_prefix', search_analyzer: 'title_prefix_search' },
        words: { type: 'text', analyzer: 'title_words' },
      },
    });
    assert.deepEqual(properties['thumbnails'], { type: 'object', enabled: false });
    assert.deepEqual(properties['restrictedTerritories'], { type: 'keyword' });
    assert.deepEqual(properties['popularity'], { type: 'integer' });
  });

  it('ranks an exact title first, then titles starting with the query, then other matches', { timeout: TEST_TIMEOUT_MS }, async () => {
    const hits = await index.search({ text: 'tidewater', limit: 10 });
    assert.deepEqual(titles(hits), ['Tidewater', 'Tidewater Vol. 1', 'Beyond Tidewater']);
    assert.deepEqual(hits[0], {
      kind: 'series',
      id: 1,
      title: 'Tidewater',
      readableUrl: 'tidewater',
      displayType: 'Series',
      thumbnails: fixtures.tidewater.thumbnails,
      score: hits[0]?.score,
    });
    assert.ok(hits.every((hit) => typeof hit.score === 'number' && hit.score > 0));
  });

  it('finds titles by the start of a word still being typed', { timeout: TEST_TIMEOUT_MS }, async () => {
    assert.equal((await index.search({ text: 'Emb', limit: 10 }))[0]?.title, 'Ember Crown');
    assert.deepEqual(titles(await index.search({ text: 'tidew', limit: 10 })).slice(0, 2), ['Tidewater', 'Tidewater Vol. 1']);
  });

  it('finds a title despite a one-letter typo', { timeout: TEST_TIMEOUT_MS }, async () => {
    assert.equal((await index.search({ text: 'Embr Crown', limit: 10 }))[0]?.title, 'Ember Crown');
    assert.ok(titles(await index.search({ text: 'Tidewatr', limit: 10 })).includes('Tidewater'));
  });

  it('finds a title by one of its words typed alone with a typo: dropped, added, replaced or swapped letters', { timeout: TEST_TIMEOUT_MS }, async () => {
    for (const text of ['Embr', 'Emberr', 'Enber', 'Emebr']) assert.equal((await index.search({ text, limit: 10 }))[0]?.title, 'Ember Crown', text);
    // Two mistakes in a word of 8 letters or more.
    assert.equal((await index.search({ text: 'Tdiewatr', limit: 10 }))[0]?.title, 'Tidewater');
  });

  it('ranks an exact title first whatever its case and punctuation', { timeout: TEST_TIMEOUT_MS }, async () => {
    assert.equal((await index.search({ text: 'tidewater vol 1', limit: 10 }))[0]?.title, 'Tidewater Vol. 1');
  });

  it('fills a new version of the index from the previous one (v1 was named without a version)', { timeout: TEST_TIMEOUT_MS }, async () => {
    const base = `${INDEX_NAME}-upgrade`;
    // The v1 index as it was, holding one document (stored without its colour, as the driver stores them).
    await admin.indices.create({ index: base, body: { mappings: { properties: { kind: { type: 'keyword' }, id: { type: 'long' }, title: { type: 'text', analyzer: 'english' }, thumbnails: { type: 'object', enabled: false } } } } });
    const { color: _color, ...stored } = fixtures.tidewater;
    await admin.index({ index: base, id: 'series-1', body: stored, refresh: true });
    const upgraded = new OpenSearchIndex({ url, indexName: base, logger: createLogger('opensearch-index-test', 'silent'), waitForRefresh: true });
    try {
      await upgraded.ensureIndex();
      assert.equal(upgraded.physicalIndexName, `${base}-v${SEARCH_INDEX_VERSION}`);
      assert.deepEqual(await upgraded.indexedIds('series'), [1]);
      assert.equal((await upgraded.search({ text: 'Tidewatr', limit: 10 }))[0]?.title, 'Tidewater');
    } finally {
      await upgraded.close();
      await admin.indices.delete({ index: `${base}*` }, { ignore: [404] });
    }
  });

  it('returns no more hits than the limit, and nothing for a blank query', { timeout: TEST_TIMEOUT_MS }, async () => {
    assert.deepEqual(titles(await index.search({ text: 'tidewater', limit: 1 })), ['Tidewater']);
    assert.deepEqual(await index.search({ text: '   ', limit: 10 }), []);
  });

  it('leaves out items rated above the highest age rating asked for', { timeout: TEST_TIMEOUT_MS }, async () => {
    assert.deepEqual(titles(await index.search({ text: 'Night Shift', limit: 10 })), ['Night Shift']);
    assert.deepEqual(await index.search({ text: 'Night Shift', limit: 10, maxAgeRating: 't' }), []);
    assert.deepEqual(titles(await index.search({ text: 'Ember Crown', limit: 10, maxAgeRating: 'pg' })), ['Ember Crown']);
  });

  it("leaves out items restricted in the visitor's country, whatever its case", { timeout: TEST_TIMEOUT_MS }, async () => {
    assert.deepEqual(await index.search({ text: 'Ember Crown', limit: 10, country: 'de' }), []);
    assert.deepEqual(await index.search({ text: 'Ember Crown', limit: 10, country: 'DE' }), []);
    assert.deepEqual(titles(await index.search({ text: 'Ember Crown', limit: 10, country: 'FR' })), ['Ember Crown']);
  });

  it('keeps to one kind when asked', { timeout: TEST_TIMEOUT_MS }, async () => {
    const products = await index.search({ text: 'tidewater', limit: 10, kind: 'product' });
    assert.deepEqual(products.map((hit) => [hit.kind, hit.title]), [['product', 'Tidewater Vol. 1']]);
    const series = await index.search({ text: 'tidewater', limit: 10, kind: 'series' });
    assert.deepEqual(titles(series), ['Tidewater', 'Beyond Tidewater']);
  });

  it('replaces a document written again under the same kind and id', { timeout: TEST_TIMEOUT_MS }, async () => {
    const draft = searchDocument({ kind: 'product', id: 90, title: 'Paper Lantern' });
    await index.upsert(draft);
    await index.upsert({ ...draft, title: 'Paper Moon' });
    try {
      assert.deepEqual(titles(await index.search({ text: 'paper', limit: 10 })), ['Paper Moon']);
    } finally {
      await index.remove('product', 90);
    }
  });

  it('removes a document, and removing a missing one is not an error', { timeout: TEST_TIMEOUT_MS }, async () => {
    await index.upsert(searchDocument({ kind: 'series', id: 91, title: 'Glass Harbour' }));
    assert.deepEqual(titles(await index.search({ text: 'Glass Harbour', limit: 10 })), ['Glass Harbour']);
    await index.remove('series', 91);
    assert.deepEqual(await index.search({ text: 'Glass Harbour', limit: 10 }), []);
    await index.remove('series', 91);
    assert.ok(!(await index.indexedIds('series')).includes(91));
  });

  it('lists the ids of one kind', { timeout: TEST_TIMEOUT_MS }, async () => {
    const expected = (kind: SearchDocument['kind']) =>
      Object.values(fixtures)
        .filter((document) => document.kind === kind)
        .map((document) => document.id)
        .sort((a, b) => a - b);
    assert.deepEqual(await index.indexedIds('series'), expected('series'));
    assert.deepEqual(await index.indexedIds('product'), expected('product'));
  });
});

/** A listed item as the indexer would write it; `overrides` set what a case is about. */
function searchDocument(overrides: Partial<SearchDocument> & Pick<SearchDocument, 'kind' | 'id' | 'title'>): SearchDocument {
  const slug = overrides.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return {
    subtitle: '',
    body: `${overrides.title} is a story told in panels.`,
    readableUrl: slug,
    displayType: overrides.kind === 'series' ? 'Series' : 'Volume',
    thumbnails: [{ url: `https://cdn.example.test/${slug}.jpg`, width: 300, height: 450, color: '#203040' }],
    ageRating: 't',
    restrictedTerritories: [],
    popularity: 0,
    ...overrides,
  };
}

/** Waits until the cluster answers and can serve an index (status yellow or better). */
async function waitForCluster(client: Client, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await client.cluster.health({ wait_for_status: 'yellow', timeout: '5s' });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`OpenSearch was not ready within ${timeoutMs} ms: ${String(error)}`, { cause: error });
      // Polling interval while the node boots, not an assertion.
      await delay(1000);
    }
  }
}

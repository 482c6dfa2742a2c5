import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { PostgresSearchIndex } from '@inkwell/platform';
import { buildTestService, type TestService } from '@inkwell/platform/testing';
import { catalogService } from '../src';
import { SearchIndexer } from '../src/drivers/search-indexer';
import { createProduct, createSeries } from './factories';

type Hit = { type: string; displayType: string; content: { id: number; title: string; formats?: Array<{ type: string; price: number; isFree: boolean; isOnSale: boolean }> } };

/**
 * Issue 26, search: on equal relevance a series' volumes and chapters come in order (not by
 * popularity); titles sharing no word with the query, found only by "the", are left out; each
 * product answers with its formats and prices. Demo-like data: a series with volumes and chapters
 * whose popularity is shuffled, and unrelated titles starting with "The".
 */
describe('search order and non-matches', () => {
  let service: TestService;
  const VOLUME_ORDER_BY_POPULARITY = [7, 2, 1, 9, 10, 5];
  const CHAPTER_ORDER_BY_POPULARITY = [1, 2, 4, 3, 5, 7, 6];

  beforeAll(async () => {
    service = await buildTestService(catalogService);
    const { db } = service.context;
    const dragon = await createSeries(db, { title: 'Feed the Dragon', readableUrl: 'feed-the-dragon', description: 'A cook and a dragon.' });
    // The most popular first: popularity alone would give the shuffled order of the issue.
    for (const [rank, volume] of VOLUME_ORDER_BY_POPULARITY.entries()) {
      await createProduct(db, {
        name: `Feed the Dragon, Vol. ${volume}`,
        seriesId: dragon,
        volumeNumber: volume,
        popularity: 1000 - rank,
        // Descriptions that mention the dragon more or less often must not reorder equal titles.
        description: 'The dragon eats. '.repeat(rank + 1),
        variants: [{ type: 'Digital', priceCents: 999 }, { type: 'Print', priceType: 'Print', priceCents: 1399 }],
      });
    }
    for (const [rank, chapter] of CHAPTER_ORDER_BY_POPULARITY.entries()) {
      await createProduct(db, {
        name: `Feed the Dragon, Chapter ${chapter}`,
        seriesId: dragon,
        type: 'Chapter',
        chapterNumber: chapter,
        popularity: 500 - rank,
        variants: [{ type: 'Digital', priceType: 'Free', priceCents: 0 }],
      });
    }
    const witness = await createSeries(db, { title: 'The Perfect Witness', readableUrl: 'the-perfect-witness' });
    await createProduct(db, { name: 'The Perfect Witness, Vol. 1', seriesId: witness, volumeNumber: 1, popularity: 5000 });
    await createSeries(db, { title: 'The Quiet Orbit', readableUrl: 'the-quiet-orbit' });
    await createSeries(db, { title: 'Dragon Post', readableUrl: 'dragon-post' });
    const clouds = await createSeries(db, { title: 'Clouds and Tea', readableUrl: 'clouds-and-tea' });
    await createProduct(db, { name: 'Clouds and Tea, Vol. 1', seriesId: clouds, volumeNumber: 1, popularity: 1 });
    await createSeries(db, { title: 'When the Sea Wakes', readableUrl: 'when-the-sea-wakes' });
    await new SearchIndexer(db, new PostgresSearchIndex(db)).all();
  });

  afterAll(() => service?.close());

  const search = async (query: string): Promise<Hit[]> => {
    const response = await service.app.inject(`/api/search/V3?query=${encodeURIComponent(query)}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json().response as Hit[];
  };
  const numbers = (hits: Hit[], word: 'Vol.' | 'Chapter') =>
    hits.map((hit) => hit.content.title).filter((title) => title.startsWith('Feed the Dragon, ' + word)).map((title) => Number(title.split(' ').at(-1)));

  it('lists the volumes and the chapters of one series in number order, whatever their popularity', async () => {
    const hits = await search('dragon');
    assert.deepEqual(numbers(hits, 'Vol.'), [1, 2, 5, 7, 9, 10]);
    assert.deepEqual(numbers(hits, 'Chapter'), [1, 2, 3, 4, 5, 6, 7]);
    // Each series' items together: no other title in between the volumes (or the chapters).
    const titles = hits.map((hit) => hit.content.title);
    const volumes = titles.flatMap((title, index) => (title.startsWith('Feed the Dragon, Vol.') ? [index] : []));
    assert.equal(volumes.at(-1)! - volumes[0]!, volumes.length - 1, titles.join(' | '));
  });

  it('keeps the order with a typo and a stop word, and leaves out titles found only by "the"', async () => {
    const hits = await search('feeed the dragon');
    const titles = hits.map((hit) => hit.content.title);
    assert.ok(titles.length > 0);
    assert.equal(titles[0], 'Feed the Dragon');
    assert.ok(!titles.some((title) => title.startsWith('The Perfect Witness') || title === 'The Quiet Orbit'), titles.join(' | '));
    assert.ok(titles.every((title) => /dragon|feed/i.test(title)), titles.join(' | '));
    assert.deepEqual(numbers(hits, 'Vol.'), [1, 2, 5, 7, 9, 10]);
  });

  it('ranks a title sharing a real word over one sharing only a near miss and a stop word', async () => {
    const titles = (await search('the cloouds tea')).map((hit) => hit.content.title);
    assert.equal(titles[0], 'Clouds and Tea', titles.join(' | '));
    assert.ok(titles.indexOf('Clouds and Tea, Vol. 1') < titles.indexOf('When the Sea Wakes'), titles.join(' | '));
  });

  it('still finds titles by a stop word when the query is nothing else', async () => {
    const titles = (await search('the')).map((hit) => hit.content.title);
    assert.ok(titles.includes('The Quiet Orbit'), titles.join(' | '));
  });

  it('finds nothing for a query none of whose words is in a title', async () => {
    assert.deepEqual(await search('the zzzqx'), []);
  });

  it('answers each product with its formats and prices, a series without', async () => {
    const hits = await search('feed the dragon vol 7');
    const volume = hits.find((hit) => hit.content.title === 'Feed the Dragon, Vol. 7');
    assert.ok(volume);
    assert.equal(volume.displayType, 'Volume');
    assert.deepEqual(
      volume.content.formats?.map((format) => [format.type, format.price, format.isFree]),
      [
        ['Digital', 999, false],
        ['Print', 1399, false],
      ],
    );
    const chapter = (await search('dragon chapter 3')).find((hit) => hit.content.title === 'Feed the Dragon, Chapter 3');
    assert.deepEqual(chapter?.content.formats?.map((format) => [format.type, format.price, format.isFree]), [['Digital', 0, true]]);
    const series = (await search('feed the dragon')).find((hit) => hit.type === 'series');
    assert.equal(series?.content.formats, undefined);
  });

  it("browse takes the search page's term for the rest, forgiving a typo", async () => {
    const response = await service.app.inject(`/api/discover/v2?seriesTitleSearchTerm=${encodeURIComponent('feeed the dragon')}&count=100`);
    assert.equal(response.statusCode, 200, response.body);
    const names = (response.json().response as Array<{ name: string }>).map((item) => item.name);
    assert.equal(names.filter((name) => name.startsWith('Feed the Dragon, ')).length, VOLUME_ORDER_BY_POPULARITY.length + CHAPTER_ORDER_BY_POPULARITY.length);
    assert.ok(!names.some((name) => name.startsWith('The Perfect Witness')), names.join(' | '));
    const exact = await service.app.inject('/api/discover/v2?seriesTitleSearchTerm=witness&count=100');
    assert.deepEqual((exact.json().response as Array<{ name: string }>).map((item) => item.name), ['The Perfect Witness, Vol. 1']);
  });

  it('answers 400 naming the field for a query too long, and an empty list for one letter', async () => {
    const long = await service.app.inject(`/api/search/V3?query=${'a'.repeat(201)}`);
    assert.equal(long.statusCode, 400);
    assert.match(long.body, /query/);
    assert.deepEqual(await search('d'), []);
  });
});

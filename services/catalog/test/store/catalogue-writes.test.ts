import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { BadRequestError, type EventEnvelope } from '@inkwell/platform';
import { buildTestService, type TestService } from '@inkwell/platform/testing';
import { catalogService } from '../../src';
import { READABLE_URL_DIGITS_ONLY_MESSAGE, SERIES_NO_GENRES_MESSAGE, PRODUCT_NEEDS_SERIES_MESSAGE } from '../../src/domain';
import { BUNDLE_NEEDS_DESCRIPTION_MESSAGE, BUNDLE_NEEDS_THUMBNAIL_MESSAGE } from '../../src/domain/staff-catalogue-rules';
import {
  addHomeEntry,
  createBundle,
  createCarousel,
  createCreator,
  createGenre,
  createNewsArticle,
  createProduct,
  createPublisher,
  createSalesCampaign,
  createSeries,
  setProductThumbnails,
  type CatalogueChange,
  type NewProduct,
} from '../../src/store';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('catalogue writes: each record with its events, in one transaction', () => {
  let service: TestService;
  const events: EventEnvelope[] = [];
  const change = <T>(work: (change: CatalogueChange) => Promise<T>) => service.context.db.transaction((tx) => work({ tx, outbox: service.context.outbox }));
  const delivered = async () => {
    await service.relay.drain();
    // The bus keeps order within a key only: put what arrived back in the order it was written.
    const received = events.splice(0);
    const { rows } = await service.context.db.query<{ id: string }>('SELECT id FROM outbox WHERE id = ANY($1::uuid[]) ORDER BY seq', [received.map((event) => event.id)]);
    const written = new Map(rows.map(({ id }, index) => [id, index]));
    return received.sort((a, b) => written.get(a.id)! - written.get(b.id)!).map((event) => [event.type, event.key, event.data]);
  };
  const get = async (url: string): Promise<Json> => (await service.app.inject({ method: 'GET', url })).json();
  let genreId: number;
  let seriesId: number;

  const volume = (overrides: Partial<NewProduct> = {}): NewProduct => ({
    name: 'Harbor Lights, Vol. 1',
    description: 'The storm season begins.',
    type: 'Volume',
    readableUrl: 'harbor-lights-volume-1',
    status: 'Published',
    publishDate: new Date(Date.now() - 86_400_000),
    seriesId,
    volumeNumber: 1,
    issueNumber: 1,
    ageRating: 't',
    ingestCompleted: true,
    variants: [
      { type: 'Digital', priceType: 'Paid', priceCents: 799 },
      { type: 'Print', priceType: 'Paid', priceCents: 1299, cartLimit: 3, stock: { weight: 0.6, height: 7.5, width: 5, length: 0.6, delayExpected: false } },
    ],
    ...overrides,
  });

  beforeAll(async () => {
    service = await buildTestService(catalogService);
    await service.bus.subscribe({ group: 'test.recorder', types: ['product.created', 'product.changed', 'series.changed', 'bundle.changed', 'sales-campaign.changed', 'home.changed', 'news.changed'], handler: async (event) => void events.push(event) });
    await service.bus.start();
    genreId = await change(({ tx }) => createGenre(tx, { name: 'Slice of Life' }));
  });
  afterAll(() => service?.close());

  it('creates a series with its genres and credits, writes series.changed, and search finds it from the event', async () => {
    const creatorId = await change(({ tx }) => createCreator(tx, { name: 'Mina Aoki' }));
    const publisher = await change(({ tx }) => createPublisher(tx, { name: 'Lantern Press', imprints: ['Lantern Nights'] }));
    seriesId = await change((c) =>
      createSeries(c, {
        title: 'Harbor Lights',
        description: 'A lighthouse keeper’s daughter and the storm season.',
        readableUrl: 'harbor-lights',
        status: 'Published',
        ageRating: 't',
        publisherId: publisher.id,
        imprintId: publisher.imprints.get('Lantern Nights')!,
        genreIds: [genreId],
        creators: [{ creatorId, title: 'Story & Art' }],
      }),
    );
    assert.deepEqual(await delivered(), [['series.changed', `series:${seriesId}`, { seriesId: String(seriesId) }]]);
    const page = await get('/api/series/V2/harbor-lights');
    assert.equal(page.response.title, 'Harbor Lights');
    assert.deepEqual(page.response.genres.map((genre: Json) => genre.name), ['Slice of Life']);
    const search = await get('/api/search/V3?query=harbor');
    assert.equal(search.response[0].content.title, 'Harbor Lights');
  });

  it('creates a product with its variants and writes product.created', async () => {
    const id = await change((c) => createProduct(c, volume()));
    assert.deepEqual(await delivered(), [['product.created', String(id), { productId: String(id) }]]);
    const product = await get(`/api/product/${id}`);
    assert.equal(product.response.name, 'Harbor Lights, Vol. 1');
    const { rows } = await service.context.db.query<{ type: string; price_cents: number; cart_limit: number | null }>('SELECT type, price_cents, cart_limit FROM variants WHERE product_id = $1 ORDER BY type', [id]);
    assert.deepEqual(rows, [{ type: 'Digital', price_cents: 799, cart_limit: null }, { type: 'Print', price_cents: 1299, cart_limit: 3 }]);
  });

  it('refuses a record that breaks a rule with a 400 listing the problems, and writes neither it nor an event', async () => {
    const refusal = async (work: (c: CatalogueChange) => Promise<unknown>) => {
      const error = await change(work).then(() => undefined, (failure: unknown) => failure);
      assert.ok(error instanceof BadRequestError, String(error));
      return error.message;
    };
    assert.match(await refusal((c) => createSeries(c, { title: 'Tidewater', description: 'A port town.', status: 'Published', ageRating: 'e', genreIds: [] })), new RegExp(SERIES_NO_GENRES_MESSAGE));
    assert.match(await refusal((c) => createProduct(c, volume({ readableUrl: '2024' }))), new RegExp(READABLE_URL_DIGITS_ONLY_MESSAGE.slice(0, 30)));
    const { seriesId: _none, ...standalone } = volume({ readableUrl: 'standalone-volume' });
    assert.match(await refusal((c) => createProduct(c, standalone)), new RegExp(PRODUCT_NEEDS_SERIES_MESSAGE));
    assert.match(await refusal((c) => createProduct(c, volume({ readableUrl: 'two-digitals', variants: [{ type: 'Digital', priceType: 'Free' }, { type: 'Digital', priceType: 'Paid', priceCents: 1 }] }))), /one Digital variant/);
    // A published bundle is held to the staff rule: a name, a description and a default thumbnail.
    const bundle = { name: 'Tidewater pack', description: '', status: 'Published', priceCents: 999, items: [] } as const;
    assert.match(await refusal((c) => createBundle(c, bundle)), new RegExp(`${BUNDLE_NEEDS_DESCRIPTION_MESSAGE}; ${BUNDLE_NEEDS_THUMBNAIL_MESSAGE}`));
    // A refusal after a write in the same transaction takes the write and its event back too.
    await refusal(async (c) => {
      await createProduct(c, volume({ readableUrl: 'rolled-back', status: 'Draft' }));
      await createProduct(c, volume({ readableUrl: '99' }));
    });
    assert.equal((await service.context.db.query("SELECT 1 FROM products WHERE readable_url = 'rolled-back'")).rowCount, 0);
    assert.deepEqual(await delivered(), []);
  });

  it('saves an incomplete Draft, which publish rules judge only when it is published', async () => {
    const id = await change((c) => createProduct(c, volume({ readableUrl: 'draft-volume', description: '', status: 'Draft', ingestCompleted: false, variants: [] })));
    assert.deepEqual(await delivered(), [['product.created', String(id), { productId: String(id) }]]);
    assert.equal((await service.app.inject({ method: 'GET', url: `/api/product/${id}` })).statusCode, 404, 'a draft is not in the storefront');
  });

  it('creates bundles, sales, home entries, carousels and news with their events, and drops cached answers', async () => {
    const first = await change((c) => createProduct(c, volume({ name: 'Harbor Lights, Vol. 2', readableUrl: 'harbor-lights-volume-2', volumeNumber: 2 })));
    await delivered();
    const cachedNews = await get('/api/news?maxItemCount=3');
    assert.equal(cachedNews.response.length, 0);
    const bundleId = await change((c) => createBundle(c, { name: 'Harbor Lights starter pack', description: 'Two volumes.', readableUrl: 'harbor-lights-starter-pack', status: 'Published', defaultThumbnail: { url: '/media/pack.webp', width: 500, height: 625 }, priceCents: 1299, items: [{ productId: first, priceCents: 650 }] }));
    const campaignId = await change((c) =>
      createSalesCampaign(c, { name: 'Spring sale', description: '', startDate: new Date(Date.now() - 86_400_000), endDate: new Date(Date.now() + 86_400_000), status: 'Published', products: [{ productId: first, variantType: 'Digital', discountPriceCents: 399 }] }),
    );
    await change((c) => addHomeEntry(c, { seriesId, tagline: 'The storm season', ordinal: 0 }));
    await change((c) => createCarousel(c, { title: 'On sale now', filter: { isOnSale: true, sort: 0 }, ordinal: 0 }));
    const articleId = await change((c) => createNewsArticle(c, { title: 'Harbor Lights returns', readableUrl: 'harbor-lights-returns', summary: 'Volume 2 is out.', bodyHtml: '<p>Out now.</p>', pageType: 'News', status: 'Published', publishedAt: new Date(Date.now() - 3_600_000), seriesId }));
    assert.deepEqual(await delivered(), [
      ['bundle.changed', `bundle:${bundleId}`, { bundleId: String(bundleId) }],
      ['sales-campaign.changed', `sales-campaign:${campaignId}`, { campaignId: String(campaignId) }],
      ['home.changed', 'home', {}],
      ['home.changed', 'home', {}],
      ['news.changed', `news:${articleId}`, { articleId: String(articleId) }],
    ]);
    const news = await get('/api/news?maxItemCount=3');
    assert.deepEqual(news.response.map((article: Json) => article.title), ['Harbor Lights returns'], 'the cached empty answer was dropped');
    const onSale = await get('/api/discover/v2?isOnSale=true');
    assert.deepEqual(onSale.response.map((product: Json) => product.id), [first]);
    const home = await get('/api/home/V2');
    assert.equal(home.response.spotlight[0].title, 'Harbor Lights');
  });

  it('records thumbnails with product.changed only when they change', async () => {
    const id = await change((c) => createProduct(c, volume({ name: 'Harbor Lights, Vol. 3', readableUrl: 'harbor-lights-volume-3', volumeNumber: 3 })));
    await delivered();
    const covers = [{ url: '/media/covers/p-250.webp', fallbackUrl: '/media/covers/p-250.jpg', width: 250, height: 313, role: 'cover', color: '#2f6fde' }];
    assert.equal(await change((c) => setProductThumbnails(c, id, covers)), true);
    assert.equal(await change((c) => setProductThumbnails(c, id, covers)), false);
    assert.deepEqual(await delivered(), [['product.changed', String(id), { productId: String(id) }]]);
    const search = await get('/api/search/V3?query=harbor%20lights%20vol.%203');
    const hit = search.response.find((result: Json) => result.content.id === id);
    assert.equal(hit.content.thumbnails[0].url, covers[0]!.url, 'search shows the cover from the event');
  });
});

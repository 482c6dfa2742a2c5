import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CATALOG, createGrpcClient, GrpcCallError, type CatalogService, type GrpcClient } from '@inkwell/platform';
import { buildTestService, type TestService } from '@inkwell/platform/testing';
import { catalogService } from '../../src';
import { MAX_PRODUCTS_PER_CALL } from '../../src/grpc/catalog-server';
import { createProduct, createSeries, putOnSale } from '../factories';

describe('catalog gRPC: GetProducts and GetSeriesProducts', () => {
  let service: TestService;
  let client: GrpcClient<CatalogService>;
  let ids: Record<string, number>;

  beforeAll(async () => {
    service = await buildTestService(catalogService);
    const port = await service.grpc.listen('127.0.0.1', 0);
    client = createGrpcClient<CatalogService>(CATALOG.proto, CATALOG.service, `127.0.0.1:${port}`);
    const db = service.context.db;
    const series = await createSeries(db, { title: 'Harbor Nights', readableUrl: 'harbor-nights', restrictedTerritories: ['de'] });
    ids = {
      series,
      vol2: await createProduct(db, { name: 'Harbor Nights Vol. 2', readableUrl: 'harbor-nights-vol-2', seriesId: series, volumeNumber: 2, restrictedTerritories: ['KR'] }),
      vol1: await createProduct(db, {
        name: 'Harbor Nights Vol. 1', readableUrl: 'harbor-nights-vol-1', seriesId: series, volumeNumber: 1, publishDate: new Date('2025-02-01T00:00:00Z'),
        variants: [{ type: 'Digital', priceType: 'FreeToReadAndPurchaseble', priceCents: 599 }, { type: 'Print', priceType: 'Print', priceCents: 1299, enabled: false }],
      }),
      ch0: await createProduct(db, { name: 'Harbor Nights Chapter 0', seriesId: series, type: 'Chapter', chapterNumber: 0, status: 'Draft', variants: [{ priceType: 'Free', priceCents: 0 }] }),
      ch1: await createProduct(db, { name: 'Harbor Nights Chapter 1', seriesId: series, type: 'Chapter', chapterNumber: 1, variants: [{ priceType: 'FreeForRegistered', priceCents: 0 }] }),
      loose: await createProduct(db, { name: 'Standalone', readableUrl: 'standalone', type: 'OneShot' }),
    };
    await db.query('UPDATE products SET page_count = 180, reverse_read_order = true, thumbnails = $2 WHERE id = $1', [
      ids.vol1,
      JSON.stringify([
        { url: '/media/covers/p-250.webp', width: 250, height: 313, role: 'cover' },
        { url: '/media/covers/p-500.webp', width: 500, height: 625, role: 'cover' },
        { url: '/media/covers/hero.webp', width: 1200, height: 400, role: 'hero' },
      ]),
    ]);
    await putOnSale(db, ids.vol1!, 299);
  });

  afterAll(async () => {
    client?.close();
    await service?.close();
  });

  it('answers the reading facts of a publication', async () => {
    const { products } = await client.getProducts({ ids: [String(ids.vol1)], country: '' });
    assert.equal(products.length, 1);
    const [vol1] = products;
    assert.deepEqual({ ...vol1, variants: undefined }, {
      id: String(ids.vol1),
      name: 'Harbor Nights Vol. 1',
      readableUrl: 'harbor-nights-vol-1',
      seriesId: String(ids.series),
      category: 'Publication',
      thumbnailUrl: '/media/covers/p-500.webp',
      variants: undefined,
      ageRating: 'e',
      restrictedTerritories: ['DE'],
      status: 'Published',
      subCategory: 'Volume',
      seriesTitle: 'Harbor Nights',
      seriesReadableUrl: 'harbor-nights',
      seriesStatus: 'Published',
      volumeNumber: { value: 1 },
      chapterNumber: null,
      pageCount: 180,
      reverseReadOrder: true,
      publishDate: '2025-02-01T00:00:00.000Z',
      readingPriceType: 'FreeToReadAndPurchaseble',
    });
    assert.deepEqual(vol1!.variants.map((variant) => [variant.type, variant.priceType, variant.priceCents]), [['Digital', 'FreeToReadAndPurchaseble', '299']], 'the disabled print variant is left out; the sale price is the current price');
    assert.deepEqual(vol1!.variants.map((variant) => [variant.fullPriceCents, variant.isOnSale]), [['599', true]], 'the full price beside the sale price, for the cart');
  });

  it('answers a variant not on sale with its full price twice', async () => {
    const { products } = await client.getProducts({ ids: [String(ids.vol2)], country: '' });
    assert.deepEqual(products[0]!.variants.map((variant) => [variant.priceCents, variant.fullPriceCents, variant.isOnSale]), [['799', '799', false]]);
  });

  it('finds products by id and by readable url, in the order asked, each once, leaving out unknown ones', async () => {
    const { products } = await client.getProducts({ ids: [String(ids.loose), '999999', String(ids.vol2), 'not-an-id'], readableUrls: ['harbor-nights-vol-1', 'no-such-product', 'standalone'], country: 'US' });
    assert.deepEqual(products.map((product) => product.name), ['Standalone', 'Harbor Nights Vol. 2', 'Harbor Nights Vol. 1']);
  });

  it('joins product and series restrictions, and keeps chapter 0 apart from no chapter number', async () => {
    const { products } = await client.getProducts({ ids: [String(ids.vol2), String(ids.ch0), String(ids.loose)], country: '' });
    const [vol2, ch0, loose] = products;
    assert.deepEqual(vol2!.restrictedTerritories, ['KR', 'DE']);
    assert.deepEqual(ch0!.chapterNumber, { value: 0 });
    assert.equal(ch0!.status, 'Draft');
    assert.equal(ch0!.volumeNumber, null);
    assert.equal(loose!.chapterNumber, null);
    assert.equal(loose!.seriesId, '');
    assert.equal(loose!.seriesStatus, '');
  });

  it('lists a series: volumes by number, then chapters by number, whatever their status', async () => {
    const { products } = await client.getSeriesProducts({ seriesId: String(ids.series) });
    assert.deepEqual(products.map((product) => product.name), ['Harbor Nights Vol. 1', 'Harbor Nights Vol. 2', 'Harbor Nights Chapter 0', 'Harbor Nights Chapter 1']);
    assert.deepEqual((await client.getSeriesProducts({ seriesId: '424242' })).products, []);
    assert.deepEqual((await client.getSeriesProducts({ seriesId: 'harbor-nights' })).products, []);
  });

  it('refuses more products than one call may ask', async () => {
    const tooMany = Array.from({ length: MAX_PRODUCTS_PER_CALL + 1 }, (_, index) => String(index + 1));
    await assert.rejects(client.getProducts({ ids: tooMany, country: '' }), (error) => error instanceof GrpcCallError && error.code === 'INVALID_ARGUMENT');
  });
});

import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import sharp from 'sharp';
import { createProduct, createSeries } from '../../catalog/test/factories';
import type { PageSource } from '../src/drivers/page-source';
import { startReader, type Json, type ReaderHarness } from './support/harness';

/** A page source like the demo's, drawing each page as a plain panel; counts what it draws. */
function plainPages(): PageSource & { drawn: number[] } {
  const drawn: number[] = [];
  return {
    drawn,
    pageSize: { width: 1200, height: 1800 },
    async draw(_publication, pageNumber) {
      drawn.push(pageNumber);
      return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1800"><rect width="1200" height="1800" fill="#2f6fde"/><rect x="${pageNumber * 100}" y="100" width="80" height="80"/></svg>`);
    },
  };
}

describe('drawn page sets (DEMO_DATA with a page source): drawn on first read, only the pages read', () => {
  const source = plainPages();
  let harness: ReaderHarness;
  let productId: number;

  const storedImages = async () => {
    const { rows } = await harness.context.db.query<{ storage_prefix: string }>('SELECT storage_prefix FROM page_sets WHERE product_id = $1', [productId]);
    const prefix = rows[0]!.storage_prefix;
    const files = harness.context.files;
    const present: string[] = [];
    for (const page of [1, 2, 3]) for (const width of [500, 800, 1200]) for (const extension of ['webp', 'jpg']) {
      if (await files.exists(`pages/${prefix}/${page}-${width}.${extension}`)) present.push(`${page}-${width}.${extension}`);
    }
    return present;
  };

  beforeAll(async () => {
    harness = await startReader({ drawnPages: source });
    const series = await createSeries(harness.catalogDb, { title: 'The Reservoir Below' });
    productId = await createProduct(harness.catalogDb, { name: 'The Reservoir Below Chapter 1', seriesId: series, type: 'Chapter', chapterNumber: 1, variants: [{ priceType: 'Free', priceCents: 0 }] });
    await harness.catalogDb.query('UPDATE products SET page_count = 3, reverse_read_order = true WHERE id = $1', [productId]);
  });

  afterAll(() => harness?.close());

  it('makes the page set from the catalog on first request, with sizes but no images yet', async () => {
    const { status, body } = await harness.request('GET', `/api/comic/${productId}/pages`);
    assert.equal(status, 200);
    assert.equal(body.response.pageCount, 3);
    assert.deepEqual(body.response.pages.map((page: Json) => [page.pageNumber, page.width, page.height]), [[1, 1200, 1800], [2, 1200, 1800], [3, 1200, 1800]]);
    assert.deepEqual(await storedImages(), []);
    assert.deepEqual((await harness.request('GET', `/api/comic/${productId}/pages`)).body.response.pages, body.response.pages, 'the same set the second time');
  });

  it('draws a page when one of its images is first asked for, stores every width of it, and only that page', async () => {
    const page = (await harness.request('GET', `/api/comic/${productId}/pages/2`)).body.response;
    const [first, second] = await Promise.all([harness.request('GET', page.sources[1].webp), harness.request('GET', page.sources[1].webp)]);
    assert.equal(first.status, 200);
    assert.deepEqual(second.body, first.body, 'two requests at once are served by one drawing');
    const image = await sharp(first.body as Buffer).metadata();
    assert.deepEqual([image.format, image.width, image.height], ['webp', 800, 1200]);
    assert.deepEqual(await storedImages(), ['2-500.webp', '2-500.jpg', '2-800.webp', '2-800.jpg', '2-1200.webp', '2-1200.jpg']);
    assert.deepEqual(source.drawn, [2], 'the source drew that page once');
    const jpeg = await harness.request('GET', page.url);
    assert.equal(jpeg.headers['content-type'], 'image/jpeg');
    assert.equal((await sharp(jpeg.body as Buffer).metadata()).width, 1200);
  });
});

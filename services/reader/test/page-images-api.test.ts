import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import sharp from 'sharp';
import { TEST_MEDIA_URL_SECRET } from '@inkwell/platform/testing';
import { createProduct } from '../../catalog/test/factories';
import { pageImagePath, signPageLink } from '../src/domain';
import { startReader, type Json, type ReaderHarness } from './support/harness';

describe('page images: GET /reader/pages/... by signed link', () => {
  let harness: ReaderHarness;
  let productId: number;
  let page: Json;

  const nowSeconds = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    harness = await startReader();
    productId = await createProduct(harness.catalogDb, { name: 'Paper Moons', variants: [{ priceType: 'Free', priceCents: 0 }] });
    await harness.ingestPages(productId, 2);
    page = (await harness.request('GET', `/api/comic/${productId}/pages/1`)).body.response;
  });

  afterAll(() => harness?.close());

  it('serves each width as WebP and as JPEG, cacheable by browsers and CDNs until the link expires', async () => {
    const ttl = harness.context.config.media.urlTtlSeconds;
    for (const source of page.sources) {
      for (const [link, contentType, format] of [[source.webp, 'image/webp', 'webp'], [source.jpeg, 'image/jpeg', 'jpeg']] as const) {
        const answer = await harness.request('GET', link);
        assert.equal(answer.status, 200, link);
        assert.equal(answer.headers['content-type'], contentType);
        const maxAge = Number(/^public, max-age=(\d+), immutable$/.exec(String(answer.headers['cache-control']))?.[1]);
        assert.ok(maxAge >= ttl - 5 && maxAge <= ttl * 2, `max-age ${maxAge} lasts until the link's expiry`);
        const image = await sharp(answer.body as Buffer).metadata();
        assert.equal(image.format, format);
        assert.equal(image.width, source.width);
      }
    }
  });

  it('refuses an expired link, even one correctly signed', async () => {
    const path = pageImagePath(String(productId), 1, 500, 'webp');
    const answer = await harness.request('GET', signPageLink(path, nowSeconds() - 1, TEST_MEDIA_URL_SECRET));
    assert.equal(answer.status, 403);
    assert.deepEqual(answer.body, { status: { type: 'Forbidden', message: 'This page link has expired. Open the comic again to get a fresh one.' }, response: null });
  });

  it('refuses altered and forged links', async () => {
    const link: string = page.sources[0].webp;
    const [path, query] = link.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const exp = params.get('exp')!;
    const sig = params.get('sig')!;
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const forged = [
      `${path}?exp=${exp}&sig=${flipped}`,
      `${path.replace(`/${productId}/1/`, `/${productId}/2/`)}?${query}`,
      `${path.replace('/500.webp', '/800.webp')}?${query}`,
      `${path.replace('.webp', '.jpg')}?${query}`,
      `${path.replace(`/${productId}/`, `/0${productId}/`)}?${query}`,
      `${path}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `${path}?exp=${exp}`,
      `${path}?sig=${sig}`,
      path,
      signPageLink(path, Number(exp), 'another-secret-of-at-least-32-characters'),
    ];
    for (const attempt of forged) {
      const answer = await harness.request('GET', attempt);
      assert.equal(answer.status, 403, attempt);
      assert.deepEqual(answer.body, { status: { type: 'Forbidden', message: 'This page link is not valid.' }, response: null }, attempt);
    }
  });

  it('answers NotFound for a correctly signed link to an image that does not exist', async () => {
    const exp = nowSeconds() + 600;
    for (const path of [pageImagePath(String(productId), 3, 500, 'webp'), pageImagePath(String(productId), 1, 1600, 'webp'), pageImagePath('987654', 1, 500, 'jpeg')]) {
      const answer = await harness.request('GET', signPageLink(path, exp, TEST_MEDIA_URL_SECRET));
      assert.equal(answer.status, 404, path);
      assert.equal(answer.body.status.type, 'NotFound');
    }
  });

  it('answers a page set ingested again with its new images, not the ones read before', async () => {
    const other = await createProduct(harness.catalogDb, { name: 'Paper Moons Redrawn', variants: [{ priceType: 'Free', priceCents: 0 }] });
    const firstLink = async () => (await harness.request('GET', `/api/comic/${other}/pages/1`)).body.response.sources[0].webp as string;
    const heightOf = async (link: string) => (await sharp((await harness.request('GET', link)).body as Buffer).metadata()).height;
    await harness.ingestPages(other, 1, { width: 1200, height: 1800 });
    const before = await firstLink();
    assert.equal(await heightOf(before), 750);
    assert.equal(await heightOf(before), 750, 'read again (now from memory)');
    await harness.ingestPages(other, 1, { width: 1000, height: 1000 });
    assert.equal(await heightOf(await firstLink()), 500, 'the page as ingested now');
  });

  it('answers malformed image paths with 400 envelopes', async () => {
    for (const path of [`/api/reader/pages/${productId}/1/500.png`, `/api/reader/pages/${productId}/one/500.webp`, '/api/reader/pages/paper-moons/1/500.webp', `/api/reader/pages/${productId}/1/500.webp?exp=${'9'.repeat(30)}&sig=x`]) {
      const answer = await harness.request('GET', path);
      assert.equal(answer.status, 400, path);
      assert.equal(answer.body.status.type, 'BadRequest');
    }
  });
});

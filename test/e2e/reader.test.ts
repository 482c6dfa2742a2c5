import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import sharp from 'sharp';
import { READER_DENIED_BODY } from '@inkwell/catalog/domain';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { startTestStack, type TestStack } from '../support/stack';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (response: Response): Promise<any> => response.json();

/**
 * The reader behind the gateway, as `npm start` runs it: the reader asks the catalog over gRPC,
 * page images come through the gateway by their signed links, and a real account keeps its place.
 */
describe('the reader through the gateway', () => {
  let stack: TestStack;
  let freeId: number;
  let paidId: number;
  let token: string;

  const api = (path: string, init: RequestInit = {}) => fetch(stack.url + path, init);
  const send = (method: string, path: string, body: unknown) =>
    api(path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    stack = await startTestStack();
    const catalogDb = stack.service('catalog').context.db;
    const series = await createSeries(catalogDb, { title: 'Signal Fires', readableUrl: 'signal-fires' });
    freeId = await createProduct(catalogDb, { name: 'Signal Fires Chapter 1', readableUrl: 'signal-fires-chapter-1', seriesId: series, type: 'Chapter', chapterNumber: 1, variants: [{ priceType: 'Free', priceCents: 0 }] });
    paidId = await createProduct(catalogDb, { name: 'Signal Fires Chapter 2', seriesId: series, type: 'Chapter', chapterNumber: 2 });
    const pages = await Promise.all([0, 1, 2].map((n) => sharp({ create: { width: 900, height: 1350, channels: 3, background: { r: 40 * n, g: 90, b: 160 } } }).png().toBuffer()));
    for (const id of [freeId, paidId]) await stack.service('reader').exposed.pages.ingest(String(id), pages);

    const email = `reader-e2e-${process.pid}@example.com`;
    const password = 'a reader password';
    const signup = await api('/api/account/signupCustomerV2', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: Buffer.from(email).toString('base64'), password: Buffer.from(password).toString('base64') }),
    });
    assert.equal(signup.status, 200);
    const login = await api('/api/account/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: email, Password: password }) });
    token = (await json(login)).response.access_token;
  });

  afterAll(() => stack?.stop());

  it('lists the pages of a free comic with its catalog facts, and serves an image by its signed link', async () => {
    const list = await api('/api/comic/signal-fires-chapter-1/pages');
    assert.equal(list.status, 200);
    assert.equal(list.headers.get('cache-control'), 'private, no-store');
    const comic = (await json(list)).response;
    assert.deepEqual([comic.comicID, comic.seriesTitle, comic.chapterNumber, comic.pageCount, comic.next?.id], [String(freeId), 'Signal Fires', 1, 3, String(paidId)]);
    const source = comic.pages[1].sources[1];
    assert.equal(source.width, 800);

    const image = await api(source.webp);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/webp');
    assert.match(image.headers.get('cache-control') ?? '', /^public, max-age=\d+, immutable$/);
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    assert.deepEqual([metadata.format, metadata.width], ['webp', 800]);

    const jpeg = await api(comic.pages[1].url);
    assert.equal(jpeg.headers.get('content-type'), 'image/jpeg');

    const altered = await api(source.webp.replace(`/${freeId}/2/`, `/${paidId}/2/`));
    assert.equal(altered.status, 403);
    assert.equal((await json(altered)).status.message, 'This page link is not valid.');
  });

  it('refuses the pages of a paid comic', async () => {
    const list = await api(`/api/comic/${paidId}/pages`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(list.status, 403);
    assert.deepEqual(await json(list), { status: { type: 'Forbidden', message: READER_DENIED_BODY }, response: null });
  });

  it('keeps a signed-in reader’s place and puts the comic on their shelf', async () => {
    const saved = await send('PATCH', `/api/mycomics/${freeId}`, { ReadingProgress: 1 });
    assert.equal(saved.status, 200);
    assert.equal((await json(saved)).response.readingProgress, 1);
    const resumed = await api(`/api/comic/${freeId}/pages`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal((await json(resumed)).response.readingProgress, 1);
    const shelf = await api('/api/mycomics', { headers: { authorization: `Bearer ${token}` } });
    const body = await json(shelf);
    assert.equal(body.status.fullCount, 1);
    assert.deepEqual(body.response.map((item: { name: string; readingProgress: number }) => [item.name, item.readingProgress]), [['Signal Fires Chapter 1', 1]]);
  });
});

import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import sharp from 'sharp';
import { grantAdmin } from '@inkwell/account';
import { multipartBody, zip } from '../../services/reader/test/support/zip';
import { startTestStack, type TestStack } from '../support/stack';

// Answers are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const DAY_MS = 86_400_000;

/**
 * Issue 14 through the gateway, as staff work: a series and a product with a Digital and a Print
 * variant are made, publishing is refused with the spec's messages until the fields are filled and
 * a CBZ is ingested (the upload streams through the gateway to the reader), then the product is on
 * the storefront, in search and in the reader without a restart; a product scheduled for tomorrow
 * stays hidden. Everything the storefront sees follows from catalog events.
 */
describe('staff catalogue journey through the gateway', () => {
  let stack: TestStack;
  let token: string;
  let genreId: number;

  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(stack.url + url, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const visitor = async (url: string) => {
    const response = await fetch(stack.url + url);
    return { status: response.status, body: (await response.json().catch(() => null)) as Json };
  };
  /** Polls until `check` holds: the storefront follows staff changes through events, a moment later. */
  const eventually = async (what: string, check: () => Promise<boolean>) => {
    for (let attempt = 0; attempt < 150; attempt += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail(`${what} did not happen`);
  };

  beforeAll(async () => {
    stack = await startTestStack();
    const admin = await grantAdmin(stack.service('account').context.db, `catalogue-staff-${process.pid}@example.com`);
    assert.ok(admin.created);
    const login = await fetch(`${stack.url}/api/account/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ UserName: admin.email, Password: admin.password }),
    });
    token = ((await login.json()) as Json).response.access_token;
    // Genres have no staff call in the spec; the catalogue's own list is seeded as the demo data does.
    const { rows } = await stack.service('catalog').context.db.query<{ id: number }>("INSERT INTO genres (name, readable_url) VALUES ('Mystery', 'mystery') RETURNING id");
    genreId = Number(rows[0]!.id);
  }, 120_000);

  afterAll(() => stack?.stop());

  it('takes a product from nothing to the storefront, search and the reader', async () => {
    // A series: refused while it has no description or genre, published once it has.
    const series = await call('POST', '/api/dashboard/series/new', { title: 'Lamplight Detective', readableUrl: 'lamplight-detective', ageRating: 'e' });
    assert.equal(series.status, 200, JSON.stringify(series.body));
    const seriesId = series.body.response.id as number;
    const refusedSeries = await call('POST', `/api/dashboard/series/publish?id=${seriesId}`);
    assert.equal(refusedSeries.status, 400);
    assert.deepEqual(refusedSeries.body.status.problems, [
      { field: 'description', message: 'Missing Series Information' },
      { field: 'genreIds', message: 'No genres selected. A published series must belong to at least one genre' },
    ]);
    const altered = await call('POST', '/api/dashboard/series/alter', [{ id: seriesId, description: 'A detective who only works by lamplight.', genreIds: [genreId] }]);
    assert.equal(altered.status, 200, JSON.stringify(altered.body));
    assert.equal((await call('POST', `/api/dashboard/series/publish?id=${seriesId}`)).status, 200);

    // A product with a Digital and a Print variant, saved incomplete as a Draft.
    const created = await call('POST', '/api/dashboard/product/new', {
      name: 'Lamplight Detective Vol. 1',
      category: 'Publication',
      subCategory: 'Volume',
      readableUrl: '12345',
      variants: [
        { type: 'Digital', enabled: true, priceType: 'Paid' },
        { type: 'Print', enabled: true, priceType: 'Print', price: 1499 },
      ],
    });
    assert.equal(created.status, 400, 'a readable url of digits only is refused at save');
    assert.match(created.body.status.message, /^readableUrl/, 'the refusal names the field');
    assert.ok(created.body.status.message.includes( 'readable URL must be text. The URL field cannot be just a number. It needs to be text or a combination of text and numbers'), created.body.status.message);

    const saved = await call('POST', '/api/dashboard/product/new', {
      name: 'Lamplight Detective Vol. 1',
      category: 'Publication',
      subCategory: 'Volume',
      readableUrl: 'lamplight-detective-vol-1',
      variants: [
        { type: 'Digital', enabled: true, priceType: 'Paid' },
        { type: 'Print', enabled: true, priceType: 'Print', price: 1499 },
      ],
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const product = saved.body.response.product;
    assert.equal(product.status, 'Draft');

    const refused = await call('POST', `/api/dashboard/product/publish?id=${product.id}`);
    assert.equal(refused.status, 400);
    // Each problem names the field the editor shows it beside, in the spec's words.
    const problems = refused.body.status.problems as Array<{ field: string; message: string }>;
    const has = (field: string, message: string) => assert.ok(problems.some((problem) => problem.field === field && problem.message.includes(message)), `${field}: "${message}" in ${JSON.stringify(problems)}`);
    has('description', 'Description');
    has('seriesId', 'This product cannot be published without an attached Series');
    has('downloadable.ingestCompleted', 'Comic has not been ingested');
    has('issueNumber', 'Sorting (must be non-zero)');
    has('variants.0', 'Variation Digital has missing data. Either disable this or fill in the missing fields.');
    has('variants.1', 'Variation Print has missing data. Either disable this or fill in the missing fields.');
    assert.equal((await visitor('/api/product/lamplight-detective-vol-1')).status, 404, 'a draft is not on the storefront');

    // The fields filled in.
    const filled = await call('POST', '/api/dashboard/product/alter', {
      id: product.id,
      name: 'Lamplight Detective Vol. 1',
      description: 'The first case: a lamp that goes out at the same minute every night.',
      category: 'Publication',
      subCategory: 'Volume',
      readableUrl: 'lamplight-detective-vol-1',
      seriesId,
      issueNumber: 1,
      volumeNumber: 1,
      variants: [
        { type: 'Digital', enabled: true, priceType: 'Free', price: 0 },
        { type: 'Print', enabled: true, priceType: 'Print', price: 1499, stockInfo: { weight: 0.9, height: 7.5, width: 5, length: 0.6, delayExpected: false, inventoryId: null, description: null, delayedUntilDate: null, delayMessage: null } },
      ],
    });
    assert.equal(filled.status, 200, JSON.stringify(filled.body));
    const stillRefused = await call('POST', `/api/dashboard/product/publish?id=${product.id}`);
    assert.equal(stillRefused.status, 400);
    assert.ok((stillRefused.body.status.problems as Array<{ field: string; message: string }>).some((problem) => problem.field === 'downloadable.ingestCompleted' && problem.message.includes('Comic has not been ingested')));

    // The comic file, streamed through the gateway to the reader; progress until it completes.
    const pages = await Promise.all([0, 1, 2].map((n) => sharp({ create: { width: 900, height: 1350, channels: 3, background: { r: 40 + 60 * n, g: 90, b: 120 } } }).png().toBuffer()));
    const archive = zip(pages.map((data, index) => ({ name: `page-${index + 1}.png`, data, deflate: false })));
    const upload = multipartBody(archive, 'lamplight-1.cbz');
    const started = await fetch(`${stack.url}/api/dashboard/ingest/upload/${product.id}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...upload.headers }, body: upload.body });
    const startedBody = (await started.json()) as Json;
    assert.equal(started.status, 202, JSON.stringify(startedBody));
    const jobId = startedBody.response.id as string;
    let job: Json;
    await eventually('the ingest job to finish', async () => {
      job = (await call('GET', `/api/dashboard/ingest/jobs/${jobId}`)).body.response;
      return job.status === 'completed' || job.status === 'failed';
    });
    assert.equal(job.status, 'completed', job.message);
    assert.equal(job.pagesTotal, 3);
    assert.equal(job.pageCount, 3);
    await eventually('the catalog to learn of the ingestion', async () => {
      const stored = (await call('GET', `/api/dashboard/product/${product.id}`)).body.response;
      return stored.downloadable?.ingestCompleted === true && stored.pageCount === 3;
    });

    // Published: on the storefront, in search and in the reader.
    const published = await call('POST', `/api/dashboard/product/publish?id=${product.id}`);
    assert.equal(published.status, 200, JSON.stringify(published.body));
    await eventually('the product page to show it', async () => (await visitor('/api/product/lamplight-detective-vol-1')).status === 200);
    await eventually('search to find it', async () => {
      const found = await visitor('/api/search/V3?query=lamplight');
      return JSON.stringify(found.body?.response ?? []).includes('Lamplight Detective Vol. 1');
    });
    const pageList = await visitor(`/api/comic/${product.id}/pages`);
    assert.equal(pageList.status, 200, JSON.stringify(pageList.body));
    assert.equal(pageList.body.response.pages.length, 3);

    // Staff see who did what.
    const trail = await call('GET', `/api/dashboard/product/${product.id}/audit`);
    const actions = (trail.body.response as Json[]).map((entry) => entry.action);
    for (const action of ['created', 'ingested', 'published']) assert.ok(actions.includes(action), `${action} in ${actions.join(', ')}`);
  });

  it('keeps a product scheduled for tomorrow off the storefront and out of search', async () => {
    const saved = await call('POST', '/api/dashboard/product/new', {
      name: 'Moonlit Recipes',
      description: 'Cooking by moonlight.',
      category: 'Publication',
      subCategory: 'Book',
      readableUrl: 'moonlit-recipes',
      issueNumber: 1,
      variants: [{ type: 'Print', enabled: true, priceType: 'Print', price: 2499, stockInfo: { weight: 1.2, height: 9, width: 7, length: 0.8, delayExpected: false, inventoryId: null, description: null, delayedUntilDate: null, delayMessage: null } }],
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const id = saved.body.response.product.id as number;
    // A Print-only Book still needs its pages ingested (spec §5: digital content ingested unless a Chapter).
    await stack.service('catalog').context.db.query('UPDATE products SET ingest_completed = true WHERE id = $1', [id]);

    const past = await call('POST', `/api/dashboard/product/publish?id=${id}&publishStatus=Scheduled&publishDate=${encodeURIComponent(new Date(Date.now() - DAY_MS).toISOString())}`);
    assert.equal(past.status, 400, 'a schedule date in the past is refused');
    assert.match(past.body.status.message, /publishDate/);

    const tomorrow = new Date(Date.now() + DAY_MS).toISOString();
    const scheduled = await call('POST', `/api/dashboard/product/publish?id=${id}&publishStatus=Scheduled&publishDate=${encodeURIComponent(tomorrow)}`);
    assert.equal(scheduled.status, 200, JSON.stringify(scheduled.body));
    const stored = (await call('GET', `/api/dashboard/product/${id}`)).body.response;
    assert.equal(stored.status, 'Scheduled');

    // Give the events time to land, then check it is still hidden.
    await stack.service('catalog').relay.drain();
    assert.equal((await visitor('/api/product/moonlit-recipes')).status, 404);
    const search = await visitor('/api/search/V3?query=moonlit');
    assert.ok(!JSON.stringify(search.body?.response ?? []).includes('Moonlit Recipes'));
  });
});

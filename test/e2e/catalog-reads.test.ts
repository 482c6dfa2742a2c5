import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { anonymousReadCacheKey, TokenSigner, type ServiceContext } from '@inkwell/platform';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { startTestStack, type TestStack } from '../support/stack';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * Anonymous catalog reads answered by the gateway from the catalog's shared read cache, as `npm start`
 * runs it: only what the catalog itself answered to that class of visitor, never for a request with
 * a token, and gone as soon as a catalog event changes the catalogue.
 */
describe('catalog reads through the gateway', () => {
  let stack: TestStack;
  let catalog: ServiceContext;
  let catalogRequests = 0;
  let draftId: number;
  let restrictedId: number;
  let adminToken: string;
  let readerToken: string;

  const get = async (path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Json; text: string; headers: Headers }> => {
    const response = await fetch(stack.url + path, { headers });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text), text, headers: response.headers };
  };
  const names = (body: Json): string[] => body.response.map((item: { name?: string; title?: string }) => item.name ?? item.title);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const eventsDelivered = () => stack.eventsDelivered();

  beforeAll(async () => {
    stack = await startTestStack();
    const running = stack.services.find((service) => service.name === 'catalog')!;
    catalog = running.context;
    running.app.server.on('request', () => (catalogRequests += 1));
    const series = await createSeries(catalog.db, { title: 'Lantern Road', readableUrl: 'lantern-road' });
    await createProduct(catalog.db, { name: 'Lantern Road Vol. 1', readableUrl: 'lantern-road-vol-1', seriesId: series, volumeNumber: 1 });
    draftId = await createProduct(catalog.db, { name: 'Lantern Road Vol. 2', readableUrl: 'lantern-road-vol-2', seriesId: series, volumeNumber: 2, issueNumber: 2, ingestCompleted: true, status: 'Draft' });
    restrictedId = await createProduct(catalog.db, { name: 'Northern Ferry', readableUrl: 'northern-ferry', restrictedTerritories: ['DE'] });
    const { privateKeyPem, issuer, audience } = catalog.config.auth;
    const signer = new TokenSigner(privateKeyPem!, issuer, audience, 3_600);
    adminToken = (await signer.sign({ userId: 'staff-e2e', email: 'staff@inkwell.test', roles: ['admin'], verified: true })).token;
    readerToken = (await signer.sign({ userId: 'reader-e2e', email: 'reader@inkwell.test', roles: [], verified: true })).token;
  });

  afterAll(() => stack?.stop());

  it('finds what the catalog answered an anonymous visitor under the key the gateway looks up', async () => {
    const path = `/api/product/${restrictedId}`;
    assert.equal(await catalog.cache.getText(anonymousReadCacheKey(path, undefined)), undefined);
    const first = await get(path);
    assert.equal(first.status, 200);
    assert.equal(await catalog.cache.getText(anonymousReadCacheKey(path, undefined)), first.text);
    const again = await get(path);
    assert.equal(again.text, first.text);
    assert.equal(again.headers.get('content-type'), first.headers.get('content-type'));
    assert.equal(again.headers.get('x-content-type-options'), 'nosniff', 'security headers as on every answer');
  });

  it('answers anonymous reads the catalog has answered without asking it again, and leaves every request with a token to it', async () => {
    const path = '/api/product/lantern-road-vol-1';
    const before = catalogRequests;
    const real = await get(path);
    assert.equal(real.status, 200);
    assert.equal(catalogRequests, before + 1);
    assert.equal((await get(path)).text, real.text);
    assert.equal((await get(path)).text, real.text);
    assert.equal(catalogRequests, before + 1, 'answered by the gateway');

    const signedIn = await get(path, bearer(readerToken));
    assert.equal(signedIn.status, 200);
    assert.equal(catalogRequests, before + 2, 'a signed-in read is answered by the catalog');
    const badToken = await get(path, bearer('not-a-token'));
    assert.equal(badToken.status, 401, 'an invalid token is refused, not answered from the anonymous copy');
    assert.equal((await get(`${path}?widths=250`)).status, 200);
    assert.equal(catalogRequests, before + 4, 'another URL is another answer');
  });

  it("keeps each visitor class apart: a country where the product is restricted gets the catalog's refusal", async () => {
    const path = `/api/product/${restrictedId}`;
    assert.equal((await get(path)).status, 200);
    const fromGermany = await get(path, { 'cf-ipcountry': 'DE' });
    assert.equal(fromGermany.status, 403);
    assert.equal(fromGermany.body.status.geoRestriction, 'Restricted');
    assert.equal((await get(path)).status, 200);
  });

  it('shows a published product in browse, search and by link at once, and drops it when unpublished', async () => {
    const browse = '/api/discover/v2?count=100&sort=9';
    const search = '/api/search/V3?query=lantern';
    const shown = async () => ({
      browse: names((await get(browse)).body).includes('Lantern Road Vol. 2'),
      search: (await get(search)).body.response.some((result: { content: { title: string } }) => result.content.title === 'Lantern Road Vol. 2'),
      link: (await get('/api/product/lantern-road-vol-2')).status,
    });
    const hidden = { browse: false, search: false, link: 404 };
    assert.deepEqual(await shown(), hidden);
    const before = catalogRequests;
    assert.deepEqual(await shown(), hidden);
    assert.equal(catalogRequests, before + 1, 'browse and search answered from the cache; the 404 is not cached');

    const publish = await fetch(`${stack.url}/api/dashboard/product/publish?id=${draftId}`, { method: 'POST', headers: bearer(adminToken) });
    assert.equal(publish.status, 200);
    await eventsDelivered();
    assert.deepEqual(await shown(), { browse: true, search: true, link: 200 }, 'the cached answers were dropped');

    const unpublish = await fetch(`${stack.url}/api/dashboard/product/unpublish?id=${draftId}`, { method: 'POST', headers: bearer(adminToken) });
    assert.equal(unpublish.status, 200);
    await eventsDelivered();
    assert.deepEqual(await shown(), hidden);
  });
});

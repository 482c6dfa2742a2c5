import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test, vi } from 'vitest';
import { api, API_VERSION, ApiError, buildApiUrl, type RequestOptions } from './api-client';
import { TOKEN_KEYS } from './storage';

describe('buildApiUrl', () => {
  test('§7 and §9: every call carries api-version, 1.4 by default', () => assert.equal(API_VERSION, '1.4'));

  const cases: Array<[name: string, path: string, query: RequestOptions['query'], url: string]> = [
    ['no query', '/genre', undefined, '/api/genre?api-version=1.4'],
    ['a path without its slash', 'genre', {}, '/api/genre?api-version=1.4'],
    ['values are written as text', '/discover/v2', { sort: 0, includeSeries: false, fromIndex: 24 }, '/api/discover/v2?sort=0&includeSeries=false&fromIndex=24&api-version=1.4'],
    ['undefined and null are left out', '/discover/v2', { genreIds: undefined, isOnSale: null, count: 24 }, '/api/discover/v2?count=24&api-version=1.4'],
    ['arrays repeat the key', '/discover/v2', { widths: [250, 500] }, '/api/discover/v2?widths=250&widths=500&api-version=1.4'],
    ['values are encoded', '/search/V3', { query: 'fox & hound' }, '/api/search/V3?query=fox+%26+hound&api-version=1.4'],
    ['an explicit api-version is kept', '/home/V2', { 'api-version': '1.3' }, '/api/home/V2?api-version=1.3'],
  ];
  for (const [name, path, query, url] of cases) test(name, () => assert.equal(buildApiUrl(path, query), url));
});

describe('ApiError', () => {
  const cases: Array<[httpStatus: number, type: string, notFound: boolean, clientError: boolean]> = [
    [404, 'Http404', true, true],
    [200, 'NotFound', true, false],
    [400, 'BadRequest', false, true],
    [401, 'Unauthorized', false, true],
    [408, 'Http408', false, false],
    [429, 'TooManyRequests', false, false],
    [500, 'Error', false, false],
    [0, 'NetworkError', false, false],
  ];
  for (const [httpStatus, type, notFound, clientError] of cases) {
    test(`${httpStatus} ${type}: ${notFound ? 'not found' : 'found'}, ${clientError ? 'will not change by asking again' : 'worth asking again'}`, () => {
      const error = new ApiError(httpStatus, type, 'message');
      assert.equal(error.isNotFound, notFound);
      assert.equal(error.isClientError, clientError);
    });
  }
});

describe('a call with headers of its own', () => {
  const success = (response: unknown) => new Response(JSON.stringify({ status: { type: 'Success' }, response }), { status: 200 });
  let calls: Array<{ url: string; method: string; headers: Headers }>;
  let answers: Response[];
  let stored: Map<string, string>;

  beforeEach(() => {
    calls = [];
    answers = [];
    stored = new Map();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
        removeItem: (key: string) => void stored.delete(key),
      },
    });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers) });
      const answer = answers.shift();
      if (!answer) throw new Error(`no answer left for ${url}`);
      return answer;
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  test('sends them beside the client’s own', async () => {
    stored.set(TOKEN_KEYS.accessToken, 'access');
    answers.push(success({ id: 'p1' }));
    const { data } = await api.post<{ id: string }>('/order/purchase', { cartId: 'c1' }, { query: { platform: 'web' }, headers: { 'Idempotency-Key': 'key-1' } });
    assert.deepEqual(data, { id: 'p1' });
    assert.equal(calls.length, 1);
    const [call] = calls;
    assert.equal(call!.url, '/api/order/purchase?platform=web&api-version=1.4');
    assert.equal(call!.method, 'POST');
    assert.equal(call!.headers.get('Idempotency-Key'), 'key-1');
    assert.equal(call!.headers.get('Accept'), 'application/json');
    assert.equal(call!.headers.get('Content-Type'), 'application/json');
    assert.equal(call!.headers.get('Authorization'), 'Bearer access');
  });

  test('cannot replace Accept, Content-Type or the token', async () => {
    answers.push(success(null));
    await api.post('/order/purchase', {}, { headers: { Accept: 'text/html', 'Content-Type': 'text/plain', Authorization: 'Bearer forged' } });
    const [call] = calls;
    assert.equal(call!.headers.get('Accept'), 'application/json');
    assert.equal(call!.headers.get('Content-Type'), 'application/json');
    assert.equal(call!.headers.get('Authorization'), null, 'no token stored, so none is sent');
  });

  test('are sent again when the call is retried after a token renewal, and never with the renewal', async () => {
    stored.set(TOKEN_KEYS.accessToken, 'old');
    stored.set(TOKEN_KEYS.refreshToken, 'refresh');
    answers.push(new Response(JSON.stringify({ status: { type: 'Unauthorized' }, response: null }), { status: 401 }));
    answers.push(success({ access_token: 'new' }));
    answers.push(success({ id: 'p1' }));
    await api.post('/order/purchase', { cartId: 'c1' }, { headers: { 'Idempotency-Key': 'key-1' } });
    assert.deepEqual(
      calls.map((call) => [call.url.split('?')[0], call.headers.get('Authorization'), call.headers.get('Idempotency-Key')]),
      [
        ['/api/order/purchase', 'Bearer old', 'key-1'],
        ['/api/account/token', null, null],
        ['/api/order/purchase', 'Bearer new', 'key-1'],
      ],
    );
  });

  test('a call without them sends only the client’s', async () => {
    answers.push(success([]));
    await api.get('/genre');
    assert.deepEqual([...calls[0]!.headers.keys()], ['accept']);
  });
});

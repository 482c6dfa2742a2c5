import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { API_VERSION, ApiError, buildApiUrl, type RequestOptions } from './api-client';

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

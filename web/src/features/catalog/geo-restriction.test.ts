import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { ApiError, type ApiResult, type EnvelopeStatus } from '@inkwell/ui-kit/api-client';
import { GeoRestriction, isGeoRestrictedError, isNotFoundError, readGeoGated, UNKNOWN_GEO_RESTRICTION_MESSAGE } from './geo-restriction';

const series = { id: 3, title: 'Iron Moon' };

function answered(geoRestriction?: string): Promise<ApiResult<typeof series>> {
  const status: EnvelopeStatus = geoRestriction === undefined ? { type: 'Success' } : { type: 'Success', geoRestriction };
  return Promise.resolve({ data: series, status });
}

/** A refusal as the API client raises it: HTTP status, envelope status and whatever response came along. */
function refused(geoRestriction: string | undefined, response: unknown, httpStatus = 403): ApiError {
  const status: EnvelopeStatus = geoRestriction === undefined ? { type: 'Forbidden' } : { type: 'Forbidden', geoRestriction };
  return new ApiError(httpStatus, 'Forbidden', 'Not available in your region', status, response);
}

describe('readGeoGated (§4)', () => {
  const resolving: Array<[name: string, call: () => Promise<ApiResult<typeof series>>, restriction: GeoRestriction]> = [
    ['no restriction given', () => answered(), GeoRestriction.NotRestricted],
    ['an empty restriction', () => answered(''), GeoRestriction.NotRestricted],
    ['NotRestricted returns the data', () => answered('NotRestricted'), GeoRestriction.NotRestricted],
    ['RestrictedButAdmin returns the data', () => answered('RestrictedButAdmin'), GeoRestriction.RestrictedButAdmin],
    ['RestrictedButOwned returns the data', () => answered('RestrictedButOwned'), GeoRestriction.RestrictedButOwned],
    ['RestrictedWithData as an error carrying the data', () => Promise.reject(refused('RestrictedWithData', series)), GeoRestriction.RestrictedWithData],
    ['RestrictedButOwned as an error carrying the data', () => Promise.reject(refused('RestrictedButOwned', series)), GeoRestriction.RestrictedButOwned],
  ];
  for (const [name, call, restriction] of resolving) {
    test(name, async () => assert.deepEqual(await readGeoGated(call()), { item: series, geoRestriction: restriction }));
  }

  const restricted = refused('Restricted', null);
  const noData = refused('RestrictedWithData', undefined);
  const nullData = refused('RestrictedButAdmin', null);
  const notFound = new ApiError(404, 'NotFound', 'Object does not exist in backend', { type: 'NotFound' });
  const network = new TypeError('fetch failed');
  const rejecting: Array<[name: string, error: unknown]> = [
    ['Restricted is an error with no data', restricted],
    ['a restriction whose data is missing', noData],
    ['a restriction whose data is null', nullData],
    ['an error without a restriction', notFound],
    ['an error that is not the API client\'s', network],
  ];
  for (const [name, error] of rejecting) {
    test(`${name} rejects with that error`, async () => {
      await assert.rejects(readGeoGated(Promise.reject(error)), (thrown) => thrown === error);
    });
  }

  test("any other value is the error 'Unknown GeoRestrictionStatus'", async () => {
    assert.equal(UNKNOWN_GEO_RESTRICTION_MESSAGE, 'Unknown GeoRestrictionStatus');
    await assert.rejects(readGeoGated(answered('Blocked')), { message: 'Unknown GeoRestrictionStatus' });
    await assert.rejects(readGeoGated(Promise.reject(refused('restricted', series))), { message: 'Unknown GeoRestrictionStatus' });
  });
});

describe('what an error means to a page', () => {
  const cases: Array<[name: string, error: unknown, geoRestricted: boolean, notFound: boolean]> = [
    ['Restricted', refused('Restricted', null), true, false],
    ['RestrictedWithData', refused('RestrictedWithData', series), false, false],
    ['NotFound status', new ApiError(200, 'NotFound', 'Object does not exist in backend'), false, true],
    ['HTTP 404', new ApiError(404, 'Http404', 'Not found'), false, true],
    ['another error', new Error('Restricted'), false, false],
  ];
  for (const [name, error, geoRestricted, notFound] of cases) {
    test(name, () => {
      assert.equal(isGeoRestrictedError(error), geoRestricted);
      assert.equal(isNotFoundError(error), notFound);
    });
  }
});

import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import {
  DIGITAL_PURCHASES_UNAVAILABLE_MESSAGE,
  GEO_RESTRICTION_STATUSES,
  UNKNOWN_GEO_RESTRICTION_STATUS,
  digitalPurchaseAllowed,
  effectiveRestrictedTerritories,
  geoRestrictionStatus,
  geoResultCarriesData,
  isRestrictedIn,
  normalizeCountry,
  parseGeoRestrictionStatus,
  type GeoQuestion,
  type GeoRestrictionStatus,
} from '@inkwell/contracts/catalog-rules/geo-restriction';

function question(overrides: Partial<GeoQuestion> = {}): GeoQuestion {
  return { restrictedTerritories: ['JP', 'KR'], country: 'JP', isAdmin: false, owns: false, withData: false, ...overrides };
}

describe('geo restriction', () => {
  const countries: ReadonlyArray<readonly [string | undefined, string | undefined]> = [
    ['JP', 'JP'],
    ['jp', 'JP'],
    [' Jp ', 'JP'],
    ['', undefined],
    ['JPN', undefined],
    ['J', undefined],
    ['1P', undefined],
    [undefined, undefined],
  ];
  for (const [input, expected] of countries) {
    it(`normalises country ${JSON.stringify(input)} to ${expected}`, () => assert.equal(normalizeCountry(input), expected));
  }

  it('restricts a product wherever it or its series is restricted, each territory once', () => {
    assert.deepEqual(effectiveRestrictedTerritories(['jp', 'KR'], ['KR', 'cn']), ['JP', 'KR', 'CN']);
    assert.deepEqual(effectiveRestrictedTerritories(['US']), ['US']);
    assert.deepEqual(effectiveRestrictedTerritories([], ['de']), ['DE']);
    assert.deepEqual(effectiveRestrictedTerritories([], []), []);
  });

  const restrictedIn: ReadonlyArray<readonly [readonly string[], string | undefined, boolean]> = [
    [['JP'], 'JP', true],
    [['JP'], 'jp', true],
    [['jp'], 'JP', true],
    [['JP'], 'US', false],
    [[], 'JP', false],
    [['JP'], undefined, false],
    [['JP'], '', false],
    [['JP'], 'JPN', false],
  ];
  for (const [territories, country, expected] of restrictedIn) {
    it(`[${territories.join(',')}] restricts ${JSON.stringify(country)}: ${expected}`, () => assert.equal(isRestrictedIn(territories, country), expected));
  }

  const statuses: ReadonlyArray<readonly [string, Partial<GeoQuestion>, GeoRestrictionStatus]> = [
    ['outside the territories', { country: 'US' }, 'NotRestricted'],
    ['no restrictions', { restrictedTerritories: [] }, 'NotRestricted'],
    ['unknown country', { country: undefined }, 'NotRestricted'],
    ['unreadable country', { country: 'Japan' }, 'NotRestricted'],
    ['inside', {}, 'Restricted'],
    ['inside, lower-case country', { country: 'kr' }, 'Restricted'],
    ['inside, with data', { withData: true }, 'RestrictedWithData'],
    ['inside, owner', { owns: true }, 'RestrictedButOwned'],
    ['inside, owner, with data', { owns: true, withData: true }, 'RestrictedButOwned'],
    ['inside, admin', { isAdmin: true }, 'RestrictedButAdmin'],
    ['inside, admin who owns it, with data', { isAdmin: true, owns: true, withData: true }, 'RestrictedButAdmin'],
    ['outside, admin', { isAdmin: true, country: 'US' }, 'NotRestricted'],
    ['outside, owner, with data', { owns: true, withData: true, country: 'US' }, 'NotRestricted'],
  ];
  for (const [label, overrides, expected] of statuses) {
    it(`${label}: ${expected}`, () => assert.equal(geoRestrictionStatus(question(overrides)), expected));
  }

  for (const status of GEO_RESTRICTION_STATUSES) {
    it(`parses ${status}`, () => assert.equal(parseGeoRestrictionStatus(status), status));
  }

  for (const value of ['restricted', 'Unrestricted', '', ' NotRestricted', 0, null, undefined, {}]) {
    it(`refuses ${JSON.stringify(value)} with 'Unknown GeoRestrictionStatus'`, () => {
      assert.throws(() => parseGeoRestrictionStatus(value), { name: 'Error', message: 'Unknown GeoRestrictionStatus' });
    });
  }

  it('quotes the spec exactly', () => {
    assert.equal(UNKNOWN_GEO_RESTRICTION_STATUS, 'Unknown GeoRestrictionStatus');
    assert.equal(DIGITAL_PURCHASES_UNAVAILABLE_MESSAGE, 'Digital purchases are not available in Japan.');
  });

  const carries: ReadonlyArray<readonly [GeoRestrictionStatus, boolean]> = [
    ['NotRestricted', true],
    ['Restricted', false],
    ['RestrictedButAdmin', true],
    ['RestrictedButOwned', true],
    ['RestrictedWithData', true],
  ];
  it('covers every status', () => assert.deepEqual(carries.map(([status]) => status), [...GEO_RESTRICTION_STATUSES]));
  for (const [status, expected] of carries) {
    it(`${status} ${expected ? 'carries' : 'does not carry'} data`, () => assert.equal(geoResultCarriesData(status), expected));
  }

  const japan: ReadonlyArray<readonly [string | undefined, boolean]> = [
    ['JP', false],
    ['jp', false],
    [' jP ', false],
    ['US', true],
    ['KR', true],
    [undefined, true],
    ['', true],
  ];
  for (const [country, allowed] of japan) {
    it(`digital purchase from ${JSON.stringify(country)}: ${allowed ? 'allowed' : 'not allowed'}`, () => assert.equal(digitalPurchaseAllowed(country), allowed));
  }
});

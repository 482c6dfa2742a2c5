import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { isOutForReading, readingVerdict, type ReadingFacts } from '../../src/domain';

const now = new Date('2025-06-01T00:00:00Z');
const facts = (overrides: Partial<ReadingFacts> = {}): ReadingFacts => ({
  status: 'Published',
  seriesStatus: 'Published',
  publishDate: '2025-01-01T00:00:00Z',
  readingPriceType: 'Free',
  restrictedTerritories: [],
  ...overrides,
});
const visitor = { signedIn: false, isAdmin: false, owns: false, country: undefined };

describe('isOutForReading', () => {
  it('opens published and OnGoing items, and scheduled ones once their date has come', () => {
    assert.equal(isOutForReading(facts(), false, now), true);
    assert.equal(isOutForReading(facts({ status: 'OnGoing' }), false, now), true);
    for (const status of ['Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon']) {
      assert.equal(isOutForReading(facts({ status, publishDate: '2025-05-31T23:59:59Z' }), false, now), true, status);
      assert.equal(isOutForReading(facts({ status, publishDate: '2025-06-02T00:00:00Z' }), false, now), false, status);
      assert.equal(isOutForReading(facts({ status, publishDate: null }), false, now), false, status);
    }
  });

  it('keeps drafts, removed and unknown statuses closed, and items of a hidden series', () => {
    for (const status of ['Draft', 'Removed', 'Ended', 'New', '', 'Archived']) assert.equal(isOutForReading(facts({ status }), false, now), false, status);
    assert.equal(isOutForReading(facts({ seriesStatus: 'Draft' }), false, now), false);
    assert.equal(isOutForReading(facts({ seriesStatus: 'ScheduledComingSoon' }), false, now), true, 'a coming-soon series shows its published chapters');
    assert.equal(isOutForReading(facts({ seriesStatus: null }), false, now), true, 'no series');
  });

  it('lets owners keep what was withdrawn after they bought it, but not read a release that has not come', () => {
    for (const status of ['Draft', 'Removed', 'Ended']) assert.equal(isOutForReading(facts({ status }), true, now), true, status);
    assert.equal(isOutForReading(facts({ seriesStatus: 'Removed' }), true, now), true);
    assert.equal(isOutForReading(facts({ status: 'ScheduledPreOrder', publishDate: '2025-07-01T00:00:00Z' }), true, now), false);
    assert.equal(isOutForReading(facts({ status: 'New' }), true, now), false);
  });
});

describe('readingVerdict', () => {
  it('applies the price type rule of storefront spec §5', () => {
    assert.deepEqual(readingVerdict(facts(), visitor, now), { readable: true, geo: 'NotRestricted' });
    assert.deepEqual(readingVerdict(facts({ readingPriceType: 'FreeForRegistered' }), visitor, now), { readable: false, reason: 'login-required' });
    assert.deepEqual(readingVerdict(facts({ readingPriceType: 'FreeForRegistered' }), { ...visitor, signedIn: true }, now), { readable: true, geo: 'NotRestricted' });
    assert.deepEqual(readingVerdict(facts({ readingPriceType: 'Paid' }), { ...visitor, signedIn: true }, now), { readable: false, reason: 'purchase-required' });
    assert.deepEqual(readingVerdict(facts({ readingPriceType: 'NotForSale' }), { ...visitor, signedIn: true }, now), { readable: false, reason: 'not-available' });
    assert.deepEqual(readingVerdict(facts({ readingPriceType: 'Paid' }), { ...visitor, signedIn: true, owns: true }, now), { readable: true, geo: 'NotRestricted' });
  });

  it('treats an unknown price type as not for sale, and staff like any reader', () => {
    assert.deepEqual(readingVerdict(facts({ readingPriceType: 'Bartered' }), { ...visitor, signedIn: true }, now), { readable: false, reason: 'not-available' });
    assert.deepEqual(readingVerdict(facts({ readingPriceType: 'Paid' }), { ...visitor, signedIn: true, isAdmin: true }, now), { readable: false, reason: 'purchase-required' });
  });

  it('checks the territory first, letting staff and owners through', () => {
    const restricted = facts({ restrictedTerritories: ['DE'], status: 'Draft' });
    assert.deepEqual(readingVerdict(restricted, { ...visitor, country: 'DE' }, now), { readable: false, reason: 'geo-restricted' }, 'before saying it is not out');
    assert.deepEqual(readingVerdict(restricted, { ...visitor, country: 'US' }, now), { readable: false, reason: 'not-released' });
    assert.deepEqual(readingVerdict(facts({ restrictedTerritories: ['DE'] }), { ...visitor, country: 'DE', signedIn: true, owns: true }, now), { readable: true, geo: 'RestrictedButOwned' });
    assert.deepEqual(readingVerdict(facts({ restrictedTerritories: ['DE'] }), { ...visitor, country: 'DE', signedIn: true, isAdmin: true }, now), { readable: true, geo: 'RestrictedButAdmin' });
  });
});

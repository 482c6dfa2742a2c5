import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import {
  PUBLISH_STATUS_CODES,
  canTransition,
  isPublishedStatus,
  isScheduledStatus,
  needsScheduling,
  publishActionFor,
  publishStatusCode,
  publishStatusFromCode,
  storefrontVisibility,
  type CodedPublishStatus,
  type PublishAction,
  type PublishStatus,
  type StorefrontVisibility,
} from '@inkwell/contracts/catalog-rules/publish-status';

const ALL_STATUSES: readonly PublishStatus[] = ['New', 'Draft', 'Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon', 'Published', 'OnGoing', 'Removed', 'Ended'];

describe('publish statuses', () => {
  const codes: ReadonlyArray<readonly [CodedPublishStatus, number]> = [
    ['Draft', 0],
    ['Scheduled', 1],
    ['ScheduledPreOrder', 2],
    ['ScheduledComingSoon', 3],
    ['Published', 4],
    ['Removed', 5],
    ['Ended', 6],
  ];
  it('has exactly the codes of the spec', () => assert.deepEqual(Object.entries(PUBLISH_STATUS_CODES), codes));
  for (const [status, code] of codes) {
    it(`${status} is ${code} both ways`, () => {
      assert.equal(publishStatusCode(status), code);
      assert.equal(publishStatusFromCode(code), status);
    });
  }
  for (const code of [-1, 7, 1.5, Number.NaN]) {
    it(`code ${code} is no status`, () => assert.equal(publishStatusFromCode(code), undefined));
  }

  it('treats Published and OnGoing as published, nothing else', () => {
    assert.deepEqual(ALL_STATUSES.filter(isPublishedStatus), ['Published', 'OnGoing']);
  });

  it('knows the three scheduled statuses', () => {
    assert.deepEqual(ALL_STATUSES.filter(isScheduledStatus), ['Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon']);
  });
});

describe('storefront visibility', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const past = '2025-05-01T00:00:00Z';
  const future = '2025-07-01T00:00:00Z';
  const atNow = new Date(now);
  const justAfter = new Date(now.getTime() + 1);

  // [status, publish date, listed, unlisted]
  const table: ReadonlyArray<readonly [PublishStatus, Date | string | null, StorefrontVisibility, StorefrontVisibility]> = [
    ['New', past, 'hidden', 'hidden'],
    ['Draft', past, 'hidden', 'hidden'],
    ['Removed', past, 'hidden', 'hidden'],
    ['Ended', past, 'hidden', 'hidden'],
    ['Published', past, 'listed', 'direct-only'],
    ['Published', future, 'listed', 'direct-only'],
    ['Published', null, 'listed', 'direct-only'],
    ['OnGoing', past, 'listed', 'direct-only'],
    ['ScheduledPreOrder', future, 'listed', 'direct-only'],
    ['ScheduledPreOrder', null, 'listed', 'direct-only'],
    ['ScheduledComingSoon', future, 'listed', 'direct-only'],
    ['Scheduled', future, 'hidden', 'hidden'],
    ['Scheduled', justAfter, 'hidden', 'hidden'],
    ['Scheduled', atNow, 'listed', 'direct-only'],
    ['Scheduled', past, 'listed', 'direct-only'],
    ['Scheduled', null, 'hidden', 'hidden'],
    ['Scheduled', 'not a date', 'hidden', 'hidden'],
  ];
  for (const [status, publishDate, listed, unlisted] of table) {
    it(`${status} dated ${String(publishDate)}: ${listed}, unlisted ${unlisted}`, () => {
      assert.equal(storefrontVisibility({ status, unlisted: false, publishDate, now }), listed);
      assert.equal(storefrontVisibility({ status, unlisted: true, publishDate, now }), unlisted);
    });
  }

  it('covers every status', () => assert.deepEqual([...new Set(table.map(([status]) => status))].sort(), [...ALL_STATUSES].sort()));
});

describe('status transitions', () => {
  const allowed: ReadonlyArray<readonly [PublishStatus, PublishStatus, PublishAction]> = [
    ['Draft', 'Published', 'publish'],
    ['Scheduled', 'Published', 'publish'],
    ['ScheduledPreOrder', 'Published', 'publish'],
    ['ScheduledComingSoon', 'Published', 'publish'],
    ['Draft', 'Scheduled', 'schedule'],
    ['Draft', 'ScheduledPreOrder', 'schedule'],
    ['Draft', 'ScheduledComingSoon', 'schedule'],
    ['Scheduled', 'ScheduledPreOrder', 'schedule'],
    ['Scheduled', 'ScheduledComingSoon', 'schedule'],
    ['ScheduledPreOrder', 'Scheduled', 'schedule'],
    ['ScheduledPreOrder', 'ScheduledComingSoon', 'schedule'],
    ['ScheduledComingSoon', 'Scheduled', 'schedule'],
    ['ScheduledComingSoon', 'ScheduledPreOrder', 'schedule'],
    ['Published', 'Draft', 'unpublish'],
    ['OnGoing', 'Draft', 'unpublish'],
    ['Removed', 'Draft', 'restore'],
    ['New', 'Draft', 'create'],
    ...ALL_STATUSES.filter((from) => from !== 'Removed').map((from) => [from, 'Removed', 'remove'] as const),
  ];

  for (const [from, to, action] of allowed) {
    it(`${from} → ${to} is ${action}`, () => {
      assert.equal(publishActionFor(from, to), action);
      assert.equal(canTransition(from, to), true);
    });
  }

  it('allows no other move between any two statuses', () => {
    const allowedPairs = new Set(allowed.map(([from, to]) => `${from}→${to}`));
    for (const from of ALL_STATUSES) {
      for (const to of ALL_STATUSES) {
        if (allowedPairs.has(`${from}→${to}`)) continue;
        assert.equal(canTransition(from, to), false, `${from} → ${to}`);
        assert.equal(publishActionFor(from, to), undefined, `${from} → ${to}`);
      }
    }
  });

  it('spot-checks moves the spec does not allow', () => {
    assert.equal(canTransition('Published', 'Scheduled'), false);
    assert.equal(canTransition('Removed', 'Published'), false);
    assert.equal(canTransition('Ended', 'Published'), false);
    assert.equal(canTransition('Scheduled', 'Draft'), false);
    assert.equal(canTransition('Draft', 'Draft'), false);
    assert.equal(canTransition('Removed', 'Removed'), false);
    assert.equal(canTransition('Published', 'OnGoing'), false);
  });
});

describe('needs scheduling', () => {
  const date = '2025-07-01T00:00:00Z';
  const later = '2025-07-02T00:00:00Z';
  const table: ReadonlyArray<readonly [string, { status: PublishStatus; publishDate: string | Date | null }, { status: PublishStatus; publishDate: string | Date | null }, boolean]> = [
    ['newly scheduled', { status: 'Scheduled', publishDate: date }, { status: 'Draft', publishDate: date }, true],
    ['scheduled kind changed', { status: 'ScheduledPreOrder', publishDate: date }, { status: 'Scheduled', publishDate: date }, true],
    ['date moved', { status: 'Scheduled', publishDate: later }, { status: 'Scheduled', publishDate: date }, true],
    ['date set', { status: 'Scheduled', publishDate: date }, { status: 'Scheduled', publishDate: null }, true],
    ['unchanged', { status: 'Scheduled', publishDate: date }, { status: 'Scheduled', publishDate: date }, false],
    ['same instant, other form', { status: 'ScheduledComingSoon', publishDate: new Date(date) }, { status: 'ScheduledComingSoon', publishDate: date }, false],
    ['not a scheduled status', { status: 'Published', publishDate: later }, { status: 'Draft', publishDate: date }, false],
    ['draft with a new date', { status: 'Draft', publishDate: later }, { status: 'Draft', publishDate: date }, false],
  ];
  for (const [label, edited, original, expected] of table) {
    it(`${label}: ${expected}`, () => assert.equal(needsScheduling(edited, original), expected));
  }
});

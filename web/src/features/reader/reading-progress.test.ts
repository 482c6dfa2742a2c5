import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { isCompleted, parseUnsentProgress, parseVisitorProgress, resumePage, withoutUnsent, withUnsent, withVisitorProgress } from './reading-progress';

describe('resumePage', () => {
  test('the stored page', () => assert.equal(resumePage(7, 32), 7));
  test('nothing stored: the first page', () => {
    assert.equal(resumePage(null, 32), 0);
    assert.equal(resumePage(undefined, 32), 0);
  });
  test('a comic read to its end opens at its start', () => {
    assert.equal(resumePage(31, 32), 0);
    assert.equal(resumePage(40, 32), 0);
  });
  test('nonsense counts as nothing', () => {
    assert.equal(resumePage(-3, 32), 0);
    assert.equal(resumePage(2.5, 32), 0);
  });
});

describe('isCompleted: progress reaches page count − 1 (§4)', () => {
  test('last page', () => assert.equal(isCompleted(31, 32), true));
  test('one before', () => assert.equal(isCompleted(30, 32), false));
  test('an empty comic is never read', () => assert.equal(isCompleted(0, 0), false));
});

describe('visitor progress', () => {
  const now = new Date('2025-01-02T03:04:05.000Z');
  test('reads what was stored and drops the rest', () => {
    const stored = JSON.stringify({ a: { page: 3, updatedAt: 'x' }, b: { page: -1, updatedAt: 'x' }, c: 'nope', d: { page: 2 } });
    assert.deepEqual(parseVisitorProgress(stored), { a: { page: 3, updatedAt: 'x' } });
  });
  test('unreadable storage counts as none', () => {
    assert.deepEqual(parseVisitorProgress('{'), {});
    assert.deepEqual(parseVisitorProgress('[1]'), {});
    assert.deepEqual(parseVisitorProgress(null), {});
  });
  test('sets a comic', () => assert.deepEqual(withVisitorProgress({}, '12', 4, now), { 12: { page: 4, updatedAt: now.toISOString() } }));
  test('keeps the 200 most recently read', () => {
    const many = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [String(i), { page: 1, updatedAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString() }]));
    const next = withVisitorProgress(many, 'new', 2, now);
    assert.equal(Object.keys(next).length, 200);
    assert.ok('new' in next);
    assert.ok(!('0' in next));
  });
});

describe('unsent saves', () => {
  const first = { userId: 'u', comicId: '1', page: 3, updatedAt: '2025-01-01T00:00:00.000Z' };
  const later = { ...first, page: 5, updatedAt: '2025-01-01T00:01:00.000Z' };
  test('a later save of the same comic replaces the earlier one', () => assert.deepEqual(withUnsent([first], later), [later]));
  test('saves of other readers stay', () => assert.deepEqual(withUnsent([first], { ...later, userId: 'v' }), [first, { ...later, userId: 'v' }]));
  test('confirming an old save keeps the newer one', () => assert.deepEqual(withoutUnsent([later], first), [later]));
  test('confirming the save removes it', () => assert.deepEqual(withoutUnsent([later], later), []));
  test('parses only well-formed entries', () => assert.deepEqual(parseUnsentProgress(JSON.stringify([first, { comicId: 1 }, null])), [first]));
});

import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { splitReleaseDays } from './release-days';
import { releaseDayView } from './test-factories';

describe('splitReleaseDays', () => {
  const today = '2026-11-04';
  const days = [
    releaseDayView('2026-11-03T00:00:00.000Z'),
    releaseDayView('2026-11-11T00:00:00.000Z', 2),
    releaseDayView('2026-11-04T00:00:00.000Z'),
    releaseDayView('2026-10-28T00:00:00.000Z'),
    releaseDayView('2026-11-06T00:00:00.000Z', 0),
    releaseDayView('2026-11-05T00:00:00.000Z'),
    releaseDayView('2026-10-21T00:00:00.000Z', 0),
  ];
  const { upcoming, recent } = splitReleaseDays(days, today);

  test('from today on, soonest first', () => assert.deepEqual(upcoming.map((day) => day.date.slice(0, 10)), ['2026-11-04', '2026-11-05', '2026-11-11']));
  test('the days just gone, most recent first', () => assert.deepEqual(recent.map((day) => day.date.slice(0, 10)), ['2026-11-03', '2026-10-28']));
  test('days without products are left out', () => assert.equal(upcoming.length + recent.length, 5));
  test('days as plain YYYY-MM-DD split the same way', () => {
    const split = splitReleaseDays([releaseDayView('2026-11-04'), releaseDayView('2026-11-03')], today);
    assert.deepEqual([split.upcoming.map((day) => day.date), split.recent.map((day) => day.date)], [['2026-11-04'], ['2026-11-03']]);
  });
  test('nothing to show', () => assert.deepEqual(splitReleaseDays([], today), { upcoming: [], recent: [] }));
});

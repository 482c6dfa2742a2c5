import { describe, expect, it } from 'vitest';
import { parseDate } from '@internationalized/date';
import { lengthInDays, percentChange, presetOf, presetRange, previousPeriod, rangeFromParams, rangeProblem, rangeToParams } from './range';

const now = parseDate('2026-03-15');

describe('analytics ranges', () => {
  it('counts each preset back from today, both days included', () => {
    expect(presetRange('today', now)).toEqual({ start: '2026-03-15', end: '2026-03-15' });
    expect(presetRange('last7', now)).toEqual({ start: '2026-03-09', end: '2026-03-15' });
    expect(presetRange('last30', now)).toEqual({ start: '2026-02-14', end: '2026-03-15' });
    expect(presetRange('last90', now)).toEqual({ start: '2025-12-16', end: '2026-03-15' });
    expect(presetRange('thisMonth', now)).toEqual({ start: '2026-03-01', end: '2026-03-15' });
    expect(presetRange('lastMonth', now)).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(presetRange('thisYear', now)).toEqual({ start: '2026-01-01', end: '2026-03-15' });
    expect(presetRange('last12Months', now)).toEqual({ start: '2025-04-01', end: '2026-03-15' });
    expect(lengthInDays(presetRange('last90', now))).toBe(90);
  });

  it('names the preset a range is, else custom', () => {
    expect(presetOf({ start: '2026-03-09', end: '2026-03-15' }, now)).toBe('last7');
    expect(presetOf({ start: '2026-03-08', end: '2026-03-15' }, now)).toBe('custom');
  });

  it('compares with the period of the same length immediately before', () => {
    expect(previousPeriod({ start: '2026-03-01', end: '2026-03-10' })).toEqual({ start: '2026-02-19', end: '2026-02-28' });
    expect(previousPeriod({ start: '2026-03-15', end: '2026-03-15' })).toEqual({ start: '2026-03-14', end: '2026-03-14' });
    expect(previousPeriod({ start: '2024-03-01', end: '2024-03-31' })).toEqual({ start: '2024-01-30', end: '2024-02-29' });
  });

  it('reads the range from the URL, falling back to the last 30 days for what is missing, not a day or out of order', () => {
    const read = (query: string) => rangeFromParams(new URLSearchParams(query), now);
    expect(read('start=2026-01-01&end=2026-01-31&timespan=monthly&compare=1')).toEqual({ start: '2026-01-01', end: '2026-01-31', timespan: 'monthly', compare: true });
    expect(read('')).toEqual({ start: '2026-02-14', end: '2026-03-15', timespan: 'daily', compare: false });
    expect(read('start=2026-02-30&end=2026-03-01').start).toBe('2026-02-14');
    expect(read('start=2026-03-10&end=2026-03-01').start).toBe('2026-02-14');
    expect(read('start=<script>&end=2026-03-01&timespan=hourly').timespan).toBe('daily');
    expect(rangeToParams(read('start=2026-01-01&end=2026-01-31&compare=1'))).toEqual({ start: '2026-01-01', end: '2026-01-31', timespan: 'daily', compare: '1' });
  });

  it('says what is wrong with a typed range in the API’s words', () => {
    expect(rangeProblem({ start: '2026-03-10', end: '2026-03-01' })).toBe('end must not be before start.');
    expect(rangeProblem({ start: '2015-01-01', end: '2026-03-01' })).toMatch(/^A range covers at most \d+ days\.$/);
    expect(rangeProblem({ start: '2026-03-01', end: '2026-03-01' })).toBeUndefined();
  });

  it('tells the change in per cent, and nothing to compare with as null', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(3, 0)).toBeNull();
  });
});

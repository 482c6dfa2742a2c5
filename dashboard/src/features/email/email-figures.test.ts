import { describe, expect, it } from 'vitest';
import type { DeliveryStatisticsPoint } from '@inkwell/contracts/dashboard-support';
import { fillHtml, fillText, placeholdersIn } from './components/placeholders';
import { busySteps, byDay, timelineRange } from './email-figures';

const point = (timestamp: string, counts: Partial<DeliveryStatisticsPoint> = {}): DeliveryStatisticsPoint => ({
  timestamp,
  deliveryAttempts: 0,
  deliveries: 0,
  bounces: 0,
  complaints: 0,
  rejects: 0,
  ...counts,
});

describe('the template preview fills placeholders as the support service does', () => {
  it('finds each placeholder once, in order, spaces inside the braces allowed', () => {
    expect(placeholdersIn('Hi {{ name }}', '<p>{{name}} ordered {{order.number}}</p>', '{{1bad}} {{tracking-url}}')).toEqual(['name', 'order.number', 'tracking-url']);
  });

  it('escapes values in HTML and leaves them as they are in text', () => {
    expect(fillHtml('<p>Hello {{name}}</p>', { name: '<b>Ada</b> & "co"' })).toBe('<p>Hello &lt;b&gt;Ada&lt;/b&gt; &amp; &quot;co&quot;</p>');
    expect(fillText('Hello {{name}}', { name: '<b>Ada</b>' })).toBe('Hello <b>Ada</b>');
  });

  it('shows a placeholder without a sample value as itself (escaped in HTML)', () => {
    expect(fillText('Hello {{name}}', {})).toBe('Hello {{name}}');
    expect(fillHtml('<p>{{ name }}</p>', { name: '' })).toBe('<p>{{ name }}</p>');
  });
});

describe('the provider statistics per day', () => {
  it('sums the 15-minute points of each UTC day, oldest first', () => {
    const days = byDay([
      point('2026-11-27T00:15:00.000Z', { deliveryAttempts: 2, bounces: 1 }),
      point('2026-11-26T23:45:00.000Z', { deliveryAttempts: 1, complaints: 1 }),
      point('2026-11-27T23:45:00.000Z', { deliveryAttempts: 3, rejects: 2 }),
    ]);
    expect(days).toEqual([
      { date: '2026-11-26', deliveryAttempts: 1, bounces: 0, complaints: 1, rejects: 0 },
      { date: '2026-11-27', deliveryAttempts: 5, bounces: 1, complaints: 0, rejects: 2 },
    ]);
  });

  it('is empty without points', () => {
    expect(byDay([])).toEqual([]);
  });
});

describe('the sent-email timeline range', () => {
  it('ends on the step boundary after now and covers the span', () => {
    const now = Date.parse('2026-11-27T07:22:10.000Z');
    expect(timelineRange(86_400_000, now)).toEqual({ start: '2026-11-26T07:30:00.000Z', end: '2026-11-27T07:30:00.000Z' });
  });

  it('includes the current step when now is on a boundary', () => {
    const now = Date.parse('2026-11-27T07:30:00.000Z');
    expect(timelineRange(3_600_000, now)).toEqual({ start: '2026-11-27T06:45:00.000Z', end: '2026-11-27T07:45:00.000Z' });
  });

  it('lists only the steps with any email in the table', () => {
    const steps = [point('2026-11-27T07:00:00.000Z'), point('2026-11-27T07:15:00.000Z', { deliveries: 1 }), point('2026-11-27T07:30:00.000Z', { rejects: 1 })];
    expect(busySteps(steps).map((step) => step.timestamp)).toEqual(['2026-11-27T07:15:00.000Z', '2026-11-27T07:30:00.000Z']);
  });
});

import { describe, expect, it } from 'vitest';
import type { DeadLetter, DeadLetterList, SystemStatus } from '@inkwell/contracts/dashboard-system';
import { ApiError } from '@/lib/staff-api';
import { afterRedrive, formatDuration, formatLatency, OUTBOX_STALE_SECONDS, serviceHealth, serviceTotals } from './system-health';

const status = (overrides: Partial<SystemStatus> = {}): SystemStatus => ({
  service: 'support',
  version: '0.1.0',
  startedAt: '2026-11-26T20:00:00.000Z',
  uptimeSeconds: 3600,
  ready: true,
  checks: [
    { name: 'database', ok: true, error: null, latencyMs: 2 },
    { name: 'cache', ok: true, error: null, latencyMs: 1 },
  ],
  drivers: { store: 'postgres', events: 'kafka' },
  outbox: { backlog: 0, oldestAgeSeconds: null },
  consumers: [
    { group: 'support.account-emails', types: ['account.created'], lag: 0, retries: 0, deadLetters: 0 },
    { group: 'support.order-emails', types: ['order.completed'], lag: 3, retries: 2, deadLetters: 0 },
  ],
  lastErrors: [],
  lastActions: [],
  ...overrides,
});

const deadLetter = (id: number, overrides: Partial<DeadLetter> = {}): DeadLetter => ({
  id,
  group: 'support.order-emails',
  eventId: `event-${id}`,
  eventType: 'order.completed',
  key: `order-${id}`,
  occurredAt: '2026-11-26T20:10:00.000Z',
  error: 'template missing',
  attempts: 5,
  firstFailedAt: '2026-11-26T20:10:01.000Z',
  lastFailedAt: '2026-11-26T20:12:00.000Z',
  ...overrides,
});

describe('a service’s health in the console', () => {
  it('is healthy when ready, every check passes and no events pile up', () => {
    expect(serviceHealth(status(), null)).toEqual({ label: 'Healthy', tone: 'success', attention: null });
  });

  it('is unreachable when its status call failed, in the error’s words', () => {
    const error = new ApiError(503, 'ServiceUnavailable', 'The support service is not answering.');
    expect(serviceHealth(undefined, error)).toEqual({ label: 'Unreachable', tone: 'danger', attention: 'The support service is not answering.' });
  });

  it('is still being asked before its first answer', () => {
    expect(serviceHealth(undefined, null)).toMatchObject({ label: 'Checking…', tone: 'muted' });
  });

  it('keeps the last answer when a later read fails (the card does not flip to unreachable while figures are on screen)', () => {
    expect(serviceHealth(status(), new Error('timeout')).label).toBe('Healthy');
  });

  it('is not ready when a check fails, naming the failing checks', () => {
    const failing = status({ ready: false, checks: [{ name: 'database', ok: false, error: 'connection refused', latencyMs: 5000 }, { name: 'cache', ok: true, error: null, latencyMs: 1 }] });
    expect(serviceHealth(failing, null)).toEqual({ label: 'Not ready', tone: 'danger', attention: 'Failing: database.' });
    expect(serviceHealth(status({ ready: false }), null)).toEqual({ label: 'Not ready', tone: 'danger', attention: 'The service says it is not ready.' });
  });

  it('is degraded with dead letters or an outbox the relay is behind on, saying which', () => {
    const consumers = status().consumers.map((group) => ({ ...group, deadLetters: 1 }));
    expect(serviceHealth(status({ consumers }), null)).toEqual({ label: 'Degraded', tone: 'warning', attention: '2 dead letters to re-drive.' });
    const behind = status({ outbox: { backlog: 40, oldestAgeSeconds: 150 }, consumers: [{ ...consumers[0]!, deadLetters: 1 }] });
    expect(serviceHealth(behind, null).attention).toBe('1 dead letter to re-drive, outbox 2 min behind.');
    expect(serviceHealth(status({ outbox: { backlog: 4, oldestAgeSeconds: OUTBOX_STALE_SECONDS - 1 } }), null).label).toBe('Healthy');
  });

  it('adds up dead letters, failing checks and lag (an unknown lag counts as none)', () => {
    const consumers = [...status().consumers, { group: 'support.x', types: [], lag: null, retries: 0, deadLetters: 4 }];
    expect(serviceTotals(status({ consumers }))).toEqual({ deadLetters: 4, failingChecks: 0, lag: 3 });
  });
});

describe('durations', () => {
  it('reads at a glance, from seconds to days', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(59.9)).toBe('59 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(formatDuration(2 * 86_400 + 4 * 3600 + 59)).toBe('2 d 4 h');
    expect(formatDuration(86_400)).toBe('1 d');
    expect(formatDuration(-3)).toBe('0 s');
  });

  it('gives a check’s latency in ms, or seconds past one', () => {
    expect(formatLatency(2.4)).toBe('2 ms');
    expect(formatLatency(1250)).toBe('1.3 s');
  });
});

describe('the dead-letter list after a re-drive', () => {
  const list: DeadLetterList = { items: [deadLetter(1), deadLetter(2), deadLetter(3)], total: 130 };

  it('drops a handled event’s row and counts one fewer', () => {
    const after = afterRedrive(list, 2, { outcome: 'handled', deadLetter: null });
    expect(after.items.map((item) => item.id)).toEqual([1, 3]);
    expect(after.total).toBe(129);
  });

  it('shows a failed re-drive’s new error and attempts in place, the count unchanged', () => {
    const updated = deadLetter(2, { error: 'still no template', attempts: 6, lastFailedAt: '2026-11-26T21:00:00.000Z' });
    const after = afterRedrive(list, 2, { outcome: 'failed', deadLetter: updated });
    expect(after.items[1]).toEqual(updated);
    expect(after.items.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(after.total).toBe(130);
  });

  it('leaves the list alone for a row it no longer shows', () => {
    expect(afterRedrive(list, 9, { outcome: 'handled', deadLetter: null })).toEqual(list);
  });
});

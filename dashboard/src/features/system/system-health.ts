/**
 * What the System console makes of a service's answers: its one-word health, its totals, the
 * words for durations, and the dead-letter list after a re-drive. Kept apart from the components
 * so the rules are tested on their own.
 */
import type { DeadLetterList, RedriveResult, SystemService, SystemStatus } from '@inkwell/contracts/dashboard-system';

export const SERVICE_LABELS: Record<SystemService, string> = {
  account: 'Account',
  catalog: 'Catalog',
  cart: 'Cart',
  order: 'Order',
  reader: 'Reader',
  analytics: 'Analytics',
  support: 'Support',
};

export type HealthTone = 'success' | 'warning' | 'danger' | 'muted';

export interface ServiceHealth {
  /** One or two words for the badge. */
  label: string;
  tone: HealthTone;
  /** What a person should look at, in a sentence; null when all is well. */
  attention: string | null;
}

/** An outbox row older than this means the relay is not keeping up (it publishes within seconds). */
export const OUTBOX_STALE_SECONDS = 60;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The totals a summary card shows. */
export function serviceTotals(status: SystemStatus) {
  return {
    deadLetters: status.consumers.reduce((sum, group) => sum + group.deadLetters, 0),
    failingChecks: status.checks.filter((check) => !check.ok).length,
    lag: status.consumers.reduce((sum, group) => sum + (group.lag ?? 0), 0),
  };
}

/**
 * A service's health from its status call: unreachable when the call failed (the error says why),
 * down when it is not ready or a check fails, degraded when events pile up (dead letters, an
 * outbox the relay is behind on), healthy otherwise.
 */
export function serviceHealth(status: SystemStatus | undefined, error: unknown): ServiceHealth {
  if (!status) {
    if (error) return { label: 'Unreachable', tone: 'danger', attention: error instanceof Error && error.message ? error.message : 'The service did not answer.' };
    return { label: 'Checking…', tone: 'muted', attention: null };
  }
  const totals = serviceTotals(status);
  const failing = status.checks.filter((check) => !check.ok);
  if (!status.ready || failing.length > 0) {
    const names = failing.map((check) => check.name).join(', ');
    return { label: 'Not ready', tone: 'danger', attention: names ? `Failing: ${names}.` : 'The service says it is not ready.' };
  }
  const problems: string[] = [];
  if (totals.deadLetters > 0) problems.push(`${plural(totals.deadLetters, 'dead letter')} to re-drive`);
  if (status.outbox.oldestAgeSeconds !== null && status.outbox.oldestAgeSeconds >= OUTBOX_STALE_SECONDS) {
    problems.push(`outbox ${formatDuration(status.outbox.oldestAgeSeconds)} behind`);
  }
  if (problems.length > 0) return { label: 'Degraded', tone: 'warning', attention: `${capitalize(problems.join(', '))}.` };
  return { label: 'Healthy', tone: 'success', attention: null };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "45 s", "12 min", "3 h 5 min", "2 d 4 h": an uptime or an age at a glance. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** "12 ms", "1.3 s": a health check's latency. */
export function formatLatency(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The dead-letter list once a re-drive has answered: a handled event's row is gone; one that
 * failed again is replaced by the service's updated row (new error, one more attempt).
 */
export function afterRedrive(list: DeadLetterList, id: number, result: RedriveResult): DeadLetterList {
  if (result.outcome === 'handled') {
    const items = list.items.filter((item) => item.id !== id);
    return { items, total: Math.max(0, list.total - (list.items.length - items.length)) };
  }
  const updated = result.deadLetter;
  if (!updated) return list;
  return { ...list, items: list.items.map((item) => (item.id === id ? updated : item)) };
}

/** How long a failed item waits before its next try: `baseMs`, doubling per attempt, at most `maxMs`. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/**
 * The wait before try number `attempts + 1` of an item that failed `attempts` times: exponential,
 * capped, and jittered down by up to 20% so many items failing together do not retry in lock-step.
 */
export function backoffMs(attempts: number, base: number, max: number): number {
  const exponential = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.8 + Math.random() * 0.2));
}

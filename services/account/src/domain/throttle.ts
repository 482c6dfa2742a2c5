/**
 * Lock-outs after failed sign-ins, per account and per client address. A failure inside the
 * window counts; reaching the limit locks until the lock time passes, which also starts a new
 * window. A successful sign-in clears the account's count (not the address's: one address trying
 * many accounts is the pattern to stop).
 */
export interface ThrottlePolicy {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

export const ACCOUNT_THROTTLE: ThrottlePolicy = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
export const ADDRESS_THROTTLE: ThrottlePolicy = { maxFailures: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

export interface ThrottleState {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

/** Seconds until the lock ends, or 0 when sign-in may be tried. */
export function lockRemaining(state: ThrottleState | undefined, now: Date): number {
  if (!state?.lockedUntil) return 0;
  return Math.max(0, Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 1000));
}

/** The state after one more failure. */
export function recordFailure(state: ThrottleState | undefined, policy: ThrottlePolicy, now: Date): ThrottleState {
  const windowOver = !state || now.getTime() - state.windowStartedAt.getTime() >= policy.windowSeconds * 1000;
  const lockOver = state?.lockedUntil !== null && state?.lockedUntil !== undefined && state.lockedUntil.getTime() <= now.getTime();
  const fresh = windowOver || lockOver;
  const failures = fresh ? 1 : state.failures + 1;
  const windowStartedAt = fresh ? now : state.windowStartedAt;
  const lockedUntil = failures >= policy.maxFailures ? new Date(now.getTime() + policy.lockSeconds * 1000) : null;
  return { failures, windowStartedAt, lockedUntil };
}

/**
 * Storefront spec §4 and §9: after a verification email is sent, sending another waits 3 minutes.
 * The send time is kept in local storage so the wait survives a reload, and the server's own
 * record (`verificationSentAt`, set at sign-up too) counts as well, so a reader who just signed up
 * is not offered a send the server would refuse.
 */
import { readStored, writeStored } from '@inkwell/ui-kit/storage';

export const RESEND_WINDOW_MS = 3 * 60_000;

export const VERIFICATION_SENT_KEY = 'verificationEmailSentAt';

/** The button texts of the spec, quoted exactly. */
export const VERIFICATION_LABELS = {
  notVerified: 'Your account has not been verified.',
  send: 'SEND VERIFICATION EMAIL',
  resend: 'Resend verification email',
  sent: 'EMAIL HAS BEEN SENT',
} as const;

interface StoredSend {
  userId: string;
  sentAt: number;
}

function readStoredSend(): StoredSend | null {
  const stored = readStored(VERIFICATION_SENT_KEY);
  if (!stored) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { userId, sentAt } = parsed as Partial<StoredSend>;
    return typeof userId === 'string' && typeof sentAt === 'number' && Number.isFinite(sentAt) ? { userId, sentAt } : null;
  } catch {
    return null;
  }
}

export function rememberSend(userId: string, sentAt: number): void {
  writeStored(VERIFICATION_SENT_KEY, JSON.stringify({ userId, sentAt } satisfies StoredSend));
}

/** The latest send known for the account, here or on the server, in epoch milliseconds; null if none. */
export function lastSendOf(account: { userid: string; verificationSentAt: string | null }, stored = readStoredSend()): number | null {
  const local = stored?.userId === account.userid ? stored.sentAt : null;
  const server = account.verificationSentAt ? Date.parse(account.verificationSentAt) : Number.NaN;
  const times = [local, Number.isNaN(server) ? null : server].filter((time): time is number => time !== null);
  return times.length > 0 ? Math.max(...times) : null;
}

/** Until when another send must wait (epoch ms), or null when one may be sent now. */
export function resendBlockedUntil(lastSend: number | null, now: number): number | null {
  if (lastSend === null) return null;
  const until = lastSend + RESEND_WINDOW_MS;
  return until > now ? until : null;
}

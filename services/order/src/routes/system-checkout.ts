import { CheckoutSweepSchema, systemPath, type SweptItem } from '@inkwell/contracts/dashboard-system';
import { EnvelopeOf, success, type App, type ServiceContext } from '@inkwell/platform';
import { PLACE_PURCHASE_STEPS } from '../flows/place-purchase';
import { owedCompensations, stuckPurchases, type SweptRow } from '../store/checkout-sweep';

export interface SystemCheckoutDeps {
  context: ServiceContext;
  /** The sweeper's rule: a purchase untouched this long between states is stuck (ms). */
  staleAfterMs: number;
  /** When the sweeper's last round ended in this process; null before its first (or before it started). */
  lastSweepAt(): Date | null;
}

/** Longest error text shown (the store keeps up to 2000 characters). */
const SHOWN_ERROR_LENGTH = 300;

/**
 * Secrets an error's text could carry: payment processor keys and webhook secrets (Stripe writes
 * them masked, but not every path does), credentials in a connection URL, bearer tokens.
 */
const SECRETS: ReadonlyArray<[RegExp, string]> = [
  [/\b(sk|rk|pk)_(live|test)_[A-Za-z0-9*]+/g, '[key]'],
  [/\bwhsec_[A-Za-z0-9*]+/g, '[secret]'],
  [/\b\w+_secret_\w+/g, '[secret]'],
  [/\/\/[^/\s:@]+:[^/\s@]+@/g, '//[credentials]@'],
  [/\bBearer\s+\S+/gi, 'Bearer [token]'],
];

/** An error as staff may read it: no secrets, one line, short. */
export function safeErrorText(error: string | null): string | null {
  if (error === null) return null;
  let text = error.replace(/\s+/g, ' ').trim();
  for (const [pattern, replacement] of SECRETS) text = text.replace(pattern, replacement);
  return text.length > SHOWN_ERROR_LENGTH ? `${text.slice(0, SHOWN_ERROR_LENGTH - 1)}…` : text;
}

const item = (row: SweptRow): SweptItem => ({
  purchaseId: row.purchaseId,
  orderId: row.orderId,
  state: row.state,
  since: row.since.toISOString(),
  attempts: row.attempts,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  lastError: safeErrorText(row.lastError),
});

/**
 * `GET /api/dashboard/system/order/checkout` (the operations console of issue 21): what the
 * checkout's sweeper is watching — purchases stuck between states past its threshold, and undos
 * (compensations) still owed with their tries, next try and last error — and when it last ran.
 */
export async function systemCheckoutRoutes(app: App, { context, staleAfterMs, lastSweepAt }: SystemCheckoutDeps): Promise<void> {
  app.get(`/api${systemPath('order')}/checkout`, {
    preHandler: context.auth.requireAdmin,
    schema: {
      tags: ['dashboard'],
      summary: "The checkout sweeper's view: purchases stuck between states and compensations still owed (beyond the spec: issue 21)",
      response: { 200: EnvelopeOf(CheckoutSweepSchema) },
    },
    handler: async () => {
      const [stuck, owed] = await Promise.all([
        stuckPurchases(context.db, staleAfterMs, PLACE_PURCHASE_STEPS.map((step) => step.name)),
        owedCompensations(context.db),
      ]);
      return success({ stuckPurchases: stuck.map(item), compensations: owed.map(item), lastSweepAt: lastSweepAt()?.toISOString() ?? null });
    },
  });
}

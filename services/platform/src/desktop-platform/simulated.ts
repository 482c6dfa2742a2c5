import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';
import {
  DesktopPlatformRefusal,
  DesktopTicketError,
  type DesktopPlatform,
  type InitTransactionInput,
  type SubscriptionState,
  type TicketOwner,
  type TransactionState,
  type TransactionStatus,
} from './port';

/** The development secret the simulated platform signs tickets with when DESKTOP_SIMULATED_SECRET is not set. */
export const DEFAULT_SIMULATED_SECRET = 'inkwell-simulated-desktop-platform';
/** How long a simulated ticket is good for (Steam's Web API tickets are checked at once too). */
export const SIMULATED_TICKET_TTL_MS = 10 * 60_000;
/** A simulated subscription's period. */
export const SIMULATED_PERIOD_DAYS = 30;

const TICKET = /^sim1\.(\d{1,20})\.(\d{1,15})\.([0-9a-f]{64})$/;

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

/**
 * A ticket as the simulated platform issues it to the desktop shell, the way the Steam client issues
 * one to a game: `sim1.<platform user id>.<issued at, ms>.<HMAC-SHA256 of the rest>`. The shell's
 * bridge (desktop/bridge.js) makes the same with Web Crypto.
 */
export function issueSimulatedTicket(platformUserId: string, secret = DEFAULT_SIMULATED_SECRET, now = new Date()): string {
  const body = `sim1.${platformUserId}.${now.getTime()}`;
  return `${body}.${sign(secret, body)}`;
}

interface AgreementRow {
  agreement_id: string;
  status: 'Active' | 'Canceled';
  paid_until: Date;
}

interface TransactionRow {
  order_id: string;
  trans_id: string;
  amount: string;
  currency: string;
  status: TransactionStatus;
}

export interface SimulatedDesktopOptions {
  /** The service database holding the simulator's tables (account: agreements; order: transactions). */
  db: Queryable;
  secret?: string;
  now?: () => Date;
}

/**
 * The embedded simulated desktop platform (the default driver): tickets signed with a shared
 * secret, subscriptions as Steam-like agreements in `desktop_sim_agreements` (account database),
 * micro-transactions with Steam's statuses in `desktop_sim_transactions` (order database). There is
 * no overlay: a transaction is authorised when the app says the user authorised it, and finalizing
 * it is what makes it Succeeded.
 */
export class SimulatedDesktopPlatform implements DesktopPlatform {
  readonly driver = 'simulated' as const;
  readonly platform = 'steam' as const;
  private readonly secret: string;
  private readonly now: () => Date;

  constructor(private readonly options: SimulatedDesktopOptions) {
    this.secret = options.secret ?? DEFAULT_SIMULATED_SECRET;
    this.now = options.now ?? (() => new Date());
  }

  async authenticateTicket(ticket: string): Promise<TicketOwner> {
    const match = TICKET.exec(ticket.trim());
    if (!match) throw new DesktopTicketError('The desktop platform does not know this ticket.');
    const [, userId, issuedAt, mac] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(sign(this.secret, `sim1.${userId}.${issuedAt}`), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(mac, 'hex'))) throw new DesktopTicketError('The desktop platform does not know this ticket.');
    const age = this.now().getTime() - Number(issuedAt);
    if (age > SIMULATED_TICKET_TTL_MS || age < -60_000) throw new DesktopTicketError('The desktop platform ticket has expired: ask the app for a new one.');
    return { platformUserId: userId, ownerPlatformUserId: userId };
  }

  private stateOf(row: AgreementRow | undefined): SubscriptionState {
    if (!row) return { valid: false, status: 'None', agreementId: null, paidUntil: null };
    return { valid: row.paid_until > this.now(), status: row.status, agreementId: String(row.agreement_id), paidUntil: row.paid_until.toISOString() };
  }

  async subscription(platformUserId: string): Promise<SubscriptionState> {
    const { rows } = await this.options.db.query<AgreementRow>('SELECT agreement_id, status, paid_until FROM desktop_sim_agreements WHERE platform_user_id = $1', [platformUserId]);
    return this.stateOf(rows[0]);
  }

  async renewSubscription(platformUserId: string): Promise<SubscriptionState> {
    // A new or lapsed agreement starts a paid period now; a cancelled one still paid runs on from its end; an active one is left.
    const { rows } = await this.options.db.query<AgreementRow>(
      `INSERT INTO desktop_sim_agreements (platform_user_id, status, paid_until) VALUES ($1, 'Active', $2::timestamptz + make_interval(days => $3))
       ON CONFLICT (platform_user_id) DO UPDATE SET status = 'Active', updated_at = now(),
         paid_until = CASE WHEN desktop_sim_agreements.paid_until > $2::timestamptz THEN desktop_sim_agreements.paid_until ELSE $2::timestamptz + make_interval(days => $3) END
       RETURNING agreement_id, status, paid_until`,
      [platformUserId, this.now(), SIMULATED_PERIOD_DAYS],
    );
    return this.stateOf(rows[0]);
  }

  async cancelSubscription(platformUserId: string): Promise<SubscriptionState> {
    await this.options.db.query(`UPDATE desktop_sim_agreements SET status = 'Canceled', updated_at = now() WHERE platform_user_id = $1 AND status = 'Active'`, [platformUserId]);
    return this.subscription(platformUserId);
  }

  private view(row: TransactionRow): TransactionState {
    return { orderId: row.order_id, transId: row.trans_id, status: row.status, amount: Number(row.amount), currency: row.currency };
  }

  async initTransaction(input: InitTransactionInput): Promise<TransactionState> {
    if (input.items.length === 0) throw new DesktopPlatformRefusal('2', 'Invalid parameter: itemcount');
    const amount = input.items.reduce((sum, item) => sum + item.amount, 0);
    const transId = `${Date.now()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const { rows } = await this.options.db.query<TransactionRow>(
      `INSERT INTO desktop_sim_transactions (order_id, trans_id, steam_id, amount, currency, items, status) VALUES ($1, $2, $3, $4, $5, $6, 'Init')
       ON CONFLICT (order_id) DO NOTHING RETURNING order_id, trans_id, amount, currency, status`,
      [input.orderId, transId, input.platformUserId, amount, input.currency, JSON.stringify(input.items)],
    );
    // Steam refuses an order id it has seen: so does the simulator (error 8, duplicate order).
    if (!rows[0]) throw new DesktopPlatformRefusal('8', `Order ${input.orderId} was already initiated.`);
    return this.view(rows[0]);
  }

  async finalizeTransaction(orderId: string): Promise<TransactionState> {
    const { rows } = await this.options.db.query<TransactionRow>(
      `UPDATE desktop_sim_transactions SET status = CASE WHEN status IN ('Init', 'Approved') THEN 'Succeeded' ELSE status END, updated_at = now()
       WHERE order_id = $1 RETURNING order_id, trans_id, amount, currency, status`,
      [orderId],
    );
    if (!rows[0]) throw new DesktopPlatformRefusal('unknown-order', `The platform knows no order ${orderId}.`);
    if (rows[0].status !== 'Succeeded') throw new DesktopPlatformRefusal('7', `Order ${orderId} cannot be finalized: it is ${rows[0].status}.`);
    return this.view(rows[0]);
  }

  async queryTransaction(orderId: string): Promise<TransactionState> {
    const { rows } = await this.options.db.query<TransactionRow>('SELECT order_id, trans_id, amount, currency, status FROM desktop_sim_transactions WHERE order_id = $1', [orderId]);
    if (!rows[0]) throw new DesktopPlatformRefusal('unknown-order', `The platform knows no order ${orderId}.`);
    return this.view(rows[0]);
  }

  async refundTransaction(orderId: string): Promise<TransactionState> {
    const { rows } = await this.options.db.query<TransactionRow>(
      `UPDATE desktop_sim_transactions SET status = 'Refunded', refunded = amount, updated_at = now() WHERE order_id = $1 AND status IN ('Succeeded', 'Refunded')
       RETURNING order_id, trans_id, amount, currency, status`,
      [orderId],
    );
    if (!rows[0]) throw new DesktopPlatformRefusal('7', `Order ${orderId} cannot be refunded.`);
    return this.view(rows[0]);
  }
}

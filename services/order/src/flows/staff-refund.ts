import { createHash, randomUUID } from 'node:crypto';
import { ORDER_STAFF_MESSAGES, type RefundOrderBody } from '@inkwell/contracts/dashboard-customers';
import { BadRequestError, ConflictError, DomainError, EVENTS, NotFoundError, type Transaction } from '@inkwell/platform';
import { nextOrderStatus, planRefund, refundableStatus, refundCents, type RefundPlan } from '../domain';
import { recordOrderAudit, recordStatusMove, type OrderActor } from '../store/order-history';
import {
  findRefund,
  findRefundByKey,
  insertRefund,
  markRefundFailed,
  markRefundSucceeded,
  pendingRefundOfPurchase,
  purchaseRefundedBefore,
  refundableOrder,
  stalePendingRefunds,
  succeededRefundSummary,
  touchRefund,
  type StoredRefund,
} from '../store/order-refunds';
import { accountingIdOf, findOrder, findPurchase, setOrderStatus, type OrderRecord, type PurchaseRecord } from '../store/purchases';
import type { CheckoutDeps } from './deps';
import { done, failed, runFlow, type FlowResult, type FlowStep } from './flow';
import { withEmail } from './order-events';

/**
 * A staff refund of an order (issue 23; dashboard spec §3 Refund) as a step flow with compensation,
 * keyed by the order's purchase (steps `staff-refund:<refundId>:…`):
 *  1. record — the refund 'pending' with its items, in one transaction with the Idempotency-Key
 *     (UNIQUE) and the rules (domain/refund-rules.ts); its output is the cents the processor gives back;
 *  2. processor — the refund at the payment processor, keyed `staff-refund:<refundId>` (a repeat
 *     never refunds twice); a refusal fails the flow and the record step's undo marks the refund
 *     'failed' with the processor's message: nothing else changed;
 *  3. settle — in one transaction: the refund 'succeeded', the order's status by the status rule
 *     (nothing left: Cancelled), its history and the staff audit, the storefront's orderRefund, and
 *     `order.refunded` (the Digital products whose whole quantity is now refunded: the reader takes them back);
 *     an order still to be fulfilled or released that a refund of everything left cancels also gets
 *     `order.cancelled`, as the checkout's own refunds do (refund-purchase.ts), so it is settled where awaited.
 * A crash between steps leaves the refund 'pending'; the sweeper resumes it from its last recorded
 * step (`resumeStaleRefunds`). Refunds of one purchase go one at a time (refundInProgress), so the
 * cumulative cent rounding (`refundCents`) is never computed over a refund that later fails.
 */

export interface StaffRefundRequest {
  orderId: string;
  idempotencyKey: string;
  body: RefundOrderBody;
  actor: OrderActor;
}

export interface StaffRefundContext {
  deps: CheckoutDeps;
  refundId: string;
  /** Set when the flow starts from a staff request; a resumed flow finds the refund recorded. */
  request?: StaffRefundRequest;
}

/** The key is the refund's: a repeat of it is answered with that refund (`same`: the same body). */
export class RefundKeyTaken extends Error {
  constructor(
    readonly refund: StoredRefund,
    readonly same: boolean,
  ) {
    super('Idempotency-Key used before');
  }
}

/** What identifies a request for the Idempotency-Key check: the order and the body, in a stable form. */
export function refundRequestHash(orderId: string, body: RefundOrderBody): string {
  const items = body.items === undefined ? null : [...body.items].map((item) => [item.position, item.quantity]);
  return createHash('sha256').update(JSON.stringify([orderId, body.refundReason.trim(), items, body.shippingAmount ?? null])).digest('hex');
}

/** The purchase is paid (there is money to give back, or nothing was due). */
const purchasePaid = (purchase: PurchaseRecord): boolean => purchase.state === 'Completed' || purchase.state === 'Paid';

/** The order and its purchase, or the refusal: unknown order, not paid. */
export async function refundableOrderOf(db: Transaction | CheckoutDeps['db'], orderId: string): Promise<{ order: OrderRecord; purchase: PurchaseRecord }> {
  const order = await findOrder(db, orderId);
  if (!order) throw new NotFoundError(ORDER_STAFF_MESSAGES.unknownOrder);
  const purchase = await findPurchase(db, order.purchaseId);
  if (!purchase) throw new NotFoundError(ORDER_STAFF_MESSAGES.unknownOrder);
  return { order, purchase };
}

/** The refund the body asks for, or a 400 naming the field (nothing changes). */
export async function planFor(db: Transaction | CheckoutDeps['db'], order: OrderRecord, purchase: PurchaseRecord, body: Pick<RefundOrderBody, 'items' | 'shippingAmount'>): Promise<RefundPlan> {
  const state = await refundableOrder(db, order);
  const refundedBefore = state.refundedTotal > 0;
  if (!refundableStatus(order.status, { paid: purchasePaid(purchase), refundedBefore })) throw new BadRequestError(ORDER_STAFF_MESSAGES.notPaid, { field: '' });
  const result = planRefund(state, { ...(body.items ? { items: body.items } : {}), ...(body.shippingAmount !== undefined ? { shippingAmount: body.shippingAmount } : {}) });
  if (!result.ok) throw new BadRequestError(result.message, { field: result.field, reason: result.reason });
  return result.plan;
}

/** The cents the processor gives back for a recorded refund (see `refundCents`). */
async function centsOf(db: Transaction | CheckoutDeps['db'], purchase: PurchaseRecord, refund: StoredRefund): Promise<number> {
  const before = await purchaseRefundedBefore(db, purchase.id, refund);
  return refundCents({ amount: refund.amount, before, amountDue: purchase.amountDue });
}

interface Recorded {
  orderId: string;
  purchaseId: string;
  cents: number;
}

const stepNames = (refundId: string) => ({ record: `staff-refund:${refundId}:record`, processor: `staff-refund:${refundId}:processor`, settle: `staff-refund:${refundId}:settle` });

export function staffRefundSteps(refundId: string): [FlowStep<StaffRefundContext, Recorded>, FlowStep<StaffRefundContext, { processorRefundId: string | null }>, FlowStep<StaffRefundContext, Record<string, never>>] {
  const names = stepNames(refundId);
  const record: FlowStep<StaffRefundContext, Recorded> = {
    name: names.record,
    async run({ deps, request }) {
      return deps.db.transaction(async (tx) => {
        const known = await findRefund(tx, refundId);
        if (known) {
          const order = await findOrder(tx, known.orderId);
          const purchase = order && (await findPurchase(tx, order.purchaseId));
          if (!order || !purchase) throw new Error(`refund ${refundId}: its order is gone`);
          return done({ orderId: order.id, purchaseId: purchase.id, cents: await centsOf(tx, purchase, known) });
        }
        if (!request) throw new Error(`refund ${refundId} is not recorded`);
        const found = await findOrder(tx, request.orderId);
        if (!found) throw new NotFoundError(ORDER_STAFF_MESSAGES.unknownOrder);
        // One refund of a purchase at a time: the purchase's lock orders them.
        const purchase = await findPurchase(tx, found.purchaseId, { lock: true });
        if (!purchase) throw new NotFoundError(ORDER_STAFF_MESSAGES.unknownOrder);
        await tx.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [found.id]);
        const hash = refundRequestHash(request.orderId, request.body);
        const taken = await findRefundByKey(tx, request.idempotencyKey);
        if (taken) throw new RefundKeyTaken(taken, taken.requestHash === hash);
        const order = (await findOrder(tx, request.orderId))!;
        const plan = await planFor(tx, order, purchase, request.body);
        if (await pendingRefundOfPurchase(tx, purchase.id)) throw new ConflictError(ORDER_STAFF_MESSAGES.refundInProgress);
        await insertRefund(tx, { id: refundId, orderId: order.id, idempotencyKey: request.idempotencyKey, requestHash: hash, reason: request.body.refundReason.trim(), plan, actor: request.actor });
        const stored = (await findRefund(tx, refundId))!;
        return done({ orderId: order.id, purchaseId: purchase.id, cents: await centsOf(tx, purchase, stored) });
      });
    },
    // Compensation: the processor refused, so the pending record is marked failed with its word.
    async undo({ deps }, _output, log) {
      const why = log.get(names.processor)?.error ?? 'The refund was not made.';
      await deps.db.transaction(async (tx) => {
        const refund = await findRefund(tx, refundId);
        if (!refund || refund.status !== 'pending') return;
        await markRefundFailed(tx, refundId, why);
        // The attempt stays in the audit trail with who asked, though no money moved.
        await recordOrderAudit(tx, {
          entity: 'order',
          entityId: refund.orderId,
          action: 'refund-failed',
          actor: { id: refund.actorId, email: refund.actorEmail },
          changes: { refund: { from: null, to: { id: refund.id, amount: refund.amount, reason: refund.reason, error: why.slice(0, 300) } } },
        });
      });
    },
  };

  const processor: FlowStep<StaffRefundContext, { processorRefundId: string | null }> = {
    name: names.processor,
    async run({ deps }, log) {
      const recorded = log.get(names.record)?.output as Recorded;
      const purchase = await findPurchase(deps.db, recorded.purchaseId);
      if (!purchase) throw new Error(`refund ${refundId}: its purchase is gone`);
      // Nothing to give back in whole cents (a free order, or a fraction of a cent).
      if (recorded.cents <= 0 || !purchase.paymentId) return done({ processorRefundId: null });
      const refund = await deps.payments.refund({ paymentId: purchase.paymentId, amount: recorded.cents, idempotencyKey: `staff-refund:${refundId}`, reason: 'requested_by_customer' });
      if (refund.status === 'failed') {
        // Could not reach the processor: the outcome is unknown, so the same key is tried again later.
        if (refund.failure?.kind === 'ApiError') throw new Error(`refund ${refundId} not answered: ${refund.failure.message}`);
        return failed({ reason: 'refundFailed', message: refund.failure?.message ?? 'The refund failed.', ...(refund.failure ? { kind: refund.failure.kind } : {}) });
      }
      // 'pending' (Stripe may answer so) is the processor's acceptance: it settles on its side.
      return done({ processorRefundId: refund.refundId || null });
    },
  };

  const settle: FlowStep<StaffRefundContext, Record<string, never>> = {
    name: names.settle,
    async run({ deps }, log) {
      const recorded = log.get(names.record)?.output as Recorded;
      const { processorRefundId } = log.get(names.processor)?.output as { processorRefundId: string | null };
      await deps.db.transaction(async (tx) => {
        await tx.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [recorded.orderId]);
        const refund = await findRefund(tx, refundId);
        if (!refund || refund.status !== 'pending') return;
        const order = (await findOrder(tx, recorded.orderId))!;
        const purchase = (await findPurchase(tx, recorded.purchaseId))!;
        await markRefundSucceeded(tx, refundId, processorRefundId);
        const actor = { id: refund.actorId, email: refund.actorEmail };
        const next = nextOrderStatus(order.status, { type: 'refunded', full: refund.full });
        const status = next.ok ? next.status : order.status;
        if (next.ok && next.changed) {
          await setOrderStatus(tx, order.id, status);
          await recordStatusMove(tx, { orderId: order.id, from: order.status, to: status, cause: 'refund', actor });
        }
        const summary = await succeededRefundSummary(tx, order);
        await tx.query('UPDATE orders SET refund = $2, updated_at = now() WHERE id = $1', [order.id, summary === null ? null : JSON.stringify(summary)]);
        await recordOrderAudit(tx, {
          entity: 'order',
          entityId: order.id,
          action: 'refund',
          actor,
          changes: {
            refunded: { from: summary ? Number((summary.amount - refund.amount).toFixed(4)) : 0, to: summary?.amount ?? refund.amount },
            ...(status !== order.status ? { status: { from: order.status, to: status } } : {}),
            refund: { from: null, to: { id: refund.id, amount: refund.amount, cents: recorded.cents, reason: refund.reason, full: refund.full } },
          },
        });
        // A refund of everything left ends an order that was still to be fulfilled or released:
        // `order.cancelled` settles it where it was awaited (the reader's pre-orders and Print orders).
        if (status === 'Cancelled' && order.status !== 'Cancelled' && order.status !== 'Completed') {
          await deps.outbox.add(tx, {
            type: EVENTS.orderCancelled.type,
            key: order.id,
            data: { orderId: order.id, purchaseId: purchase.id, ...(purchase.userId ? { userId: purchase.userId } : {}), ...withEmail(purchase), accountingId: accountingIdOf(order), reason: refund.reason },
          });
        }
        const revoked = await revokedBy(tx, order, refund);
        await deps.outbox.add(tx, {
          type: EVENTS.orderRefunded.type,
          key: order.id,
          data: {
            orderId: order.id,
            ...(purchase.userId ? { userId: purchase.userId } : {}),
            ...withEmail(purchase),
            accountingId: accountingIdOf(order),
            amount: { cents: recorded.cents, currency: order.currency },
            productIds: revoked.map(String),
            reason: refund.reason,
            full: refund.full,
            refundId: refund.id,
          },
        });
      });
      return done({});
    },
  };
  return [record, processor, settle];
}

/** The Digital products of this refund's lines whose whole quantity is refunded once it is counted. */
async function revokedBy(tx: Transaction, order: OrderRecord, refund: StoredRefund): Promise<number[]> {
  const state = await refundableOrder(tx, order);
  const positions = new Set(refund.items.map((item) => item.position));
  const gone = state.lines.filter((line) => positions.has(line.position) && line.distributionType === 'Digital' && (state.refunded.get(line.position)?.quantity ?? 0) >= line.quantity);
  return [...new Set(gone.map((line) => line.productId))];
}

/** Runs (or resumes) a refund's flow once at a time in this process. */
async function runStaffRefund(deps: CheckoutDeps, context: StaffRefundContext, purchaseId: string): Promise<FlowResult | undefined> {
  const key = `staff-refund:${context.refundId}`;
  if (deps.active.has(key)) return undefined;
  deps.active.add(key);
  // The processor's payment.refunded for this refund is left to this run (see refundPurchase).
  const ownsPurchase = !deps.active.has(purchaseId);
  if (ownsPurchase) deps.active.add(purchaseId);
  try {
    return await runFlow({ db: deps.db, logger: deps.logger, purchaseId, context, steps: staffRefundSteps(context.refundId) });
  } finally {
    deps.active.delete(key);
    if (ownsPurchase) deps.active.delete(purchaseId);
  }
}

/** Flows of this process's staff refunds still running, by refund id, so a double click waits for the first click's answer. */
const inFlight = new Map<string, Promise<unknown>>();

/**
 * A staff refund: the refund's record once it settled (or failed: a 409 with the processor's word).
 * A repeat of the Idempotency-Key with the same body answers the first refund (waiting for it when
 * it is still running here); with another body, a 409.
 */
export async function refundOrder(deps: CheckoutDeps, request: StaffRefundRequest): Promise<StoredRefund> {
  const refundId = randomUUID();
  const { order } = await refundableOrderOf(deps.db, request.orderId);
  const running = runStaffRefund(deps, { deps, refundId, request }, order.purchaseId);
  inFlight.set(refundId, running.catch(() => undefined));
  let result: FlowResult | undefined;
  try {
    result = await running;
  } catch (error) {
    if (error instanceof RefundKeyTaken) return answerRepeat(deps, request, error);
    throw error;
  } finally {
    inFlight.delete(refundId);
  }
  const refund = (await findRefund(deps.db, refundId))!;
  if (result?.status === 'failed') throw refundFailed(refund.error ?? result.failure.message);
  return refund;
}

function refundFailed(message: string): DomainError {
  return new DomainError(409, 'Conflict', ORDER_STAFF_MESSAGES.refundFailed.replace('{message}', message), { field: '' });
}

async function answerRepeat(deps: CheckoutDeps, request: StaffRefundRequest, taken: RefundKeyTaken): Promise<StoredRefund> {
  if (!taken.same || taken.refund.orderId !== request.orderId) throw new ConflictError(ORDER_STAFF_MESSAGES.idempotencyKeyReused);
  // The first click's flow still running here: its answer is this one's.
  await inFlight.get(taken.refund.id);
  const refund = await findRefund(deps.db, taken.refund.id);
  if (!refund) throw new ConflictError(ORDER_STAFF_MESSAGES.idempotencyKeyReused);
  if (refund.status === 'failed') throw refundFailed(refund.error ?? '');
  return refund;
}

/** Resumes one recorded refund from its last recorded step (the sweeper; tests after a simulated crash). */
export async function resumeStaffRefund(deps: CheckoutDeps, refundId: string): Promise<FlowResult | undefined> {
  const refund = await findRefund(deps.db, refundId);
  if (!refund || refund.status !== 'pending') return undefined;
  const order = await findOrder(deps.db, refund.orderId);
  if (!order) return undefined;
  return runStaffRefund(deps, { deps, refundId }, order.purchaseId);
}

/**
 * Pending staff refunds left between steps for `staleAfterMs` (a crash, a processor that did not
 * answer): each resumed — settled, or failed with the processor's refusal — later each time it
 * cannot finish. Returns how many it looked at.
 */
export async function resumeStaleRefunds(deps: CheckoutDeps, { staleAfterMs, batchSize }: { staleAfterMs: number; batchSize: number }): Promise<number> {
  const due = await stalePendingRefunds(deps.db, staleAfterMs, batchSize);
  for (const id of due) {
    try {
      const result = await resumeStaffRefund(deps, id);
      if (result?.status === 'waiting') await touchRefund(deps.db, id, null);
    } catch (error) {
      deps.logger.warn({ err: error, refundId: id }, 'staff refund not settled yet; will look again');
      await touchRefund(deps.db, id, (error as Error).message);
    }
  }
  return due.length;
}

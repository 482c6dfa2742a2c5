import { randomUUID } from 'node:crypto';
import { DESKTOP_MESSAGES, type DesktopTransaction } from '@inkwell/contracts/desktop';
import {
  BadRequestError,
  ConflictError,
  DesktopPlatformRefusal,
  DesktopPlatformUnavailable,
  DesktopTicketError,
  DomainError,
  NotFoundError,
  type DesktopPlatform,
} from '@inkwell/platform';
import { ORDER_MESSAGES } from '@inkwell/contracts/order';
import { clearSteps } from '../store/purchase-steps';
import { findDesktopTransaction, moveDesktopTransaction, startDesktopTransaction, type DesktopTransactionRecord } from '../store/desktop-transactions';
import { findPurchase, movePurchase, type PurchaseRecord } from '../store/purchases';
import type { CheckoutDeps } from './deps';
import { runFlow, type FlowResult } from './flow';
import { PLACE_PURCHASE_STEPS, reconcile, settleFailure } from './place-purchase';
import { isFree } from './steps/context';

/**
 * Micro-transactions of the desktop build (storefront spec §7 Desktop platform; docs/desktop.md).
 * The shopper's cart is quoted as on the web (`POST /purchase-request`); then the desktop app
 * starts the platform's transaction for that purchase (`initTransaction`), the platform asks the
 * user to authorise it in its overlay, and the app says how that went (`finalizeTransaction`).
 * Paying runs the purchase flow of every purchase (flows/place-purchase.ts): the cart held, the
 * charge — here the platform's transaction, through the payments port's desktop side
 * (drivers/payments/desktop.ts) — the orders recorded paid with `order.placed` and
 * `order.completed`, which grant the digital items, the cart closed.
 */

export interface DesktopDeps {
  checkout: CheckoutDeps;
  platform: DesktopPlatform;
}

/** The signed-in shopper's own purchase; anyone else's (or a guest's) is as unknown as none. */
async function ownPurchase(deps: DesktopDeps, purchaseId: string, userId: string): Promise<PurchaseRecord> {
  const purchase = await findPurchase(deps.checkout.db, purchaseId);
  if (!purchase || purchase.userId !== userId) throw new NotFoundError(ORDER_MESSAGES.unknownPurchase);
  return purchase;
}

function payableOnPlatform(purchase: PurchaseRecord): void {
  if (purchase.lines.some((line) => line.distributionType === 'Print')) throw new BadRequestError(DESKTOP_MESSAGES.digitalOnly);
  if (isFree(purchase)) throw new BadRequestError(DESKTOP_MESSAGES.freePurchase);
}

export function transactionView(deps: DesktopDeps, purchase: PurchaseRecord, txn: DesktopTransactionRecord | undefined): DesktopTransaction {
  return {
    purchaseId: purchase.id,
    platform: deps.platform.platform,
    orderId: txn?.platformOrderId ?? null,
    transactionId: txn?.transId ?? null,
    state: txn?.state ?? 'none',
    amount: purchase.amountDue,
    currency: purchase.currency,
    purchaseState: purchase.state,
    failure: txn?.failure ?? null,
  };
}

async function view(deps: DesktopDeps, purchaseId: string): Promise<DesktopTransaction> {
  const purchase = (await findPurchase(deps.checkout.db, purchaseId))!;
  return transactionView(deps, purchase, await findDesktopTransaction(deps.checkout.db, purchaseId));
}

/** `GET /payment/steam/initiateTransaction/{purchaseId}`: what the transaction charges and how far it got (moves nothing). */
export async function describeTransaction(deps: DesktopDeps, purchaseId: string, userId: string): Promise<DesktopTransaction> {
  const purchase = await ownPurchase(deps, purchaseId, userId);
  const txn = await findDesktopTransaction(deps.checkout.db, purchaseId);
  if (!txn) payableOnPlatform(purchase);
  return transactionView(deps, purchase, txn);
}

async function platformUserOf(deps: DesktopDeps, ticket: string): Promise<string> {
  try {
    return (await deps.platform.authenticateTicket(ticket)).platformUserId;
  } catch (error) {
    if (error instanceof DesktopTicketError) throw new DomainError(403, 'Forbidden', DESKTOP_MESSAGES.badTicket, { field: 'ticket' });
    if (error instanceof DesktopPlatformUnavailable) throw new DomainError(503, 'ServiceUnavailable', DESKTOP_MESSAGES.platformUnavailable);
    throw error;
  }
}

/**
 * `POST /steam/initTransaction/{purchaseId}` with the platform user's ticket: the purchase is paid
 * through the platform (Quoted or Failed → Paying → RequiresAction while the user is asked). Asked
 * again for a transaction already started by the same platform user, it answers that one.
 */
export async function initTransaction(deps: DesktopDeps, purchaseId: string, userId: string, ticket: string): Promise<DesktopTransaction> {
  const { checkout } = deps;
  const purchase = await ownPurchase(deps, purchaseId, userId);
  const platformUserId = await platformUserOf(deps, ticket);
  const existing = await findDesktopTransaction(checkout.db, purchaseId);
  if (existing && ['initiating', 'initiated', 'finalizing', 'finalized'].includes(existing.state)) {
    if (existing.platformUserId !== platformUserId) throw new ConflictError(DESKTOP_MESSAGES.otherPlatformUser);
    return transactionView(deps, purchase, existing);
  }
  payableOnPlatform(purchase);
  if (purchase.state !== 'Quoted' && purchase.state !== 'Failed') throw new ConflictError(DESKTOP_MESSAGES.notPayable);
  // The transaction row and the purchase's move to Paying in one transaction: two taps start one payment.
  const holdId = randomUUID();
  const txn = await checkout.db.transaction(async (tx) => {
    const changes = { paymentMethod: null, payment: null, paymentId: null, paymentRequest: null, holdId } as const;
    if (!(await movePurchase(tx, purchase.id, 'pay', changes))) return undefined;
    if (purchase.state === 'Failed') await clearSteps(tx, purchase.id);
    return startDesktopTransaction(tx, { purchaseId, platform: deps.platform.platform, platformUserId, userId, amount: purchase.amountDue, currency: purchase.currency });
  });
  if (!txn) throw new ConflictError(DESKTOP_MESSAGES.notPayable);
  let result: FlowResult;
  checkout.active.add(purchase.id);
  try {
    result = await runFlow(
      {
        db: checkout.db,
        logger: checkout.logger,
        purchaseId: purchase.id,
        context: { deps: checkout, purchase: { ...purchase, state: 'Paying', holdId }, attempt: { key: `desktop:${txn.platformOrderId}`, method: null } },
        steps: PLACE_PURCHASE_STEPS,
      },
      new Map(),
    );
  } finally {
    checkout.active.delete(purchase.id);
  }
  await settleFailure(checkout, purchase.id, result);
  checkout.logger.info({ purchaseId, platformOrderId: txn.platformOrderId, outcome: result.status }, 'desktop transaction started');
  return view(deps, purchaseId);
}

/**
 * `POST /steam/finalizeTransaction/{purchaseId}?authSucceeded=`: authorised, the platform's
 * transaction is finalized (the money moves) and the purchase flow goes on to record the orders
 * paid and grant them; not authorised, the purchase fails and the cart is given back. A replay
 * answers what the first did: nothing is charged or granted twice.
 */
export async function finalizeTransaction(deps: DesktopDeps, purchaseId: string, userId: string, authSucceeded: boolean): Promise<DesktopTransaction> {
  const { checkout } = deps;
  await ownPurchase(deps, purchaseId, userId);
  const txn = await findDesktopTransaction(checkout.db, purchaseId);
  if (!txn || txn.state === 'initiating') throw new ConflictError(DESKTOP_MESSAGES.notStarted);
  if (!authSucceeded) {
    await moveDesktopTransaction(checkout.db, purchaseId, ['initiated'], 'cancelled', { failure: DESKTOP_MESSAGES.declined });
  } else if (await moveDesktopTransaction(checkout.db, purchaseId, ['initiated'], 'finalizing')) {
    try {
      await deps.platform.finalizeTransaction(txn.platformOrderId);
      await moveDesktopTransaction(checkout.db, purchaseId, ['finalizing'], 'finalized');
    } catch (error) {
      if (error instanceof DesktopPlatformRefusal) {
        await moveDesktopTransaction(checkout.db, purchaseId, ['finalizing'], 'failed', { failure: error.message });
      } else {
        // Not reached, or no answer: the app may ask again.
        await moveDesktopTransaction(checkout.db, purchaseId, ['finalizing'], 'initiated');
        if (error instanceof DesktopPlatformUnavailable) throw new DomainError(503, 'ServiceUnavailable', DESKTOP_MESSAGES.platformUnavailable);
        throw error;
      }
    }
  }
  await reconcile(checkout, purchaseId);
  checkout.logger.info({ purchaseId, platformOrderId: txn.platformOrderId, authSucceeded }, 'desktop transaction finalized');
  return view(deps, purchaseId);
}

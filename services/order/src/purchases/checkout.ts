import { createHash } from 'node:crypto';
import { ORDER_MESSAGES, type PaymentMethodName, type Purchase, type PurchaseRequest, type PurchaseState, type PurchaseSubmit } from '@inkwell/contracts/order';
import { DomainError, EVENTS, failure, success, type Database, type Envelope, type Logger, type Outbox, type Transaction } from '@inkwell/platform';
import { nextOrderStatus, type Address, type ShippingRates } from '../domain';
import type { CreatePaymentInput, PaymentProcessor, PaymentResult } from '../payments';
import type { CartCheckout } from '../peers/cart';
import {
  accountingIdOf,
  findPurchase,
  insertPurchase,
  markCompletionStep,
  movePurchase,
  ordersOfPurchase,
  purchaseView,
  setOrderStatus,
  type OrderRecord,
  type PurchaseRecord,
  type StoredPayment,
} from '../store/purchases';
import { QuoteProblem, quotePurchase, sameCart } from './quote';

/** What the checkout flows are given. */
export interface CheckoutDeps {
  db: Database;
  outbox: Outbox;
  cart: CartCheckout;
  payments: PaymentProcessor;
  rates: ShippingRates;
  logger: Logger;
  now: () => Date;
}

/** Who is asking: the signed-in account, if any, and the request's country. */
export interface Buyer {
  userId: string | undefined;
  country: string | undefined;
}

/** An answer as the route sends it: its status and envelope (stored as-is for an idempotent replay). */
export interface Answer {
  statusCode: number;
  envelope: Envelope<Purchase | null>;
}

/** 400 with every problem of the request, the first as the message. */
export class PurchaseRequestError extends DomainError {
  constructor(problems: readonly string[]) {
    super(400, 'BadRequest', problems[0] ?? 'The purchase cannot be priced.', { problems });
  }
}

const addressOf = (input: PurchaseRequest['billingAddress']): Address => ({ ...input, companyName: input.companyName ?? '' });

/**
 * `POST /purchase-request`: the cart as the cart service prices it now, for these addresses, as a
 * purchase with its orders (Quoted: nothing is charged, the cart is not held). A coupon that gives
 * nothing is refused with the cart's reason.
 */
export async function requestPurchase(deps: CheckoutDeps, buyer: Buyer, body: PurchaseRequest): Promise<Purchase> {
  const couponCode = body.couponCode?.trim() || null;
  const cart = await deps.cart.read({ cartId: body.cartId, userId: buyer.userId ?? '', country: buyer.country ?? '', couponCode: couponCode ?? '', holdFor: '' });
  if (couponCode && cart.couponProblem) throw new PurchaseRequestError([cart.couponProblem]);
  const billing = addressOf(body.billingAddress);
  const shipping = body.shippingAddress ? addressOf(body.shippingAddress) : null;
  const email = buyer.userId ? null : (body.email?.trim() || billing.email.trim() || null);
  if (!buyer.userId && !email) throw new PurchaseRequestError([ORDER_MESSAGES.emailRequired]);
  let quote;
  try {
    quote = await quotePurchase({ cart, billing, shipping, shippingMethod: body.shippingMethod ?? null, now: deps.now() }, deps.rates);
  } catch (error) {
    if (error instanceof QuoteProblem) throw new PurchaseRequestError(error.problems);
    throw error;
  }
  const id = await deps.db.transaction((tx) =>
    insertPurchase(tx, {
      cartId: cart.cartId,
      userId: buyer.userId ?? null,
      email,
      billing,
      shipping,
      couponCode: cart.couponCode || null,
      paymentMethod: quote.isFree ? null : (body.paymentMethod ?? null),
      quote,
      notices: cart.notices,
    }),
  );
  return loadView(deps.db, id);
}

async function loadView(db: Database, id: string): Promise<Purchase> {
  const purchase = await findPurchase(db, id);
  if (!purchase) throw new DomainError(404, 'NotFound', ORDER_MESSAGES.unknownPurchase);
  return purchaseView(purchase, await ordersOfPurchase(db, id));
}

/** The purchase for its owner: another account's is a 404, as if it did not exist. */
export async function purchaseFor(db: Database, id: string, buyer: Buyer): Promise<PurchaseRecord> {
  const purchase = await findPurchase(db, id);
  if (!purchase || (purchase.userId !== null && purchase.userId !== buyer.userId)) throw new DomainError(404, 'NotFound', ORDER_MESSAGES.unknownPurchase);
  return purchase;
}

export async function viewPurchase(deps: CheckoutDeps, id: string, buyer: Buyer): Promise<Purchase> {
  const purchase = await purchaseFor(deps.db, id, buyer);
  return purchaseView(purchase, await ordersOfPurchase(deps.db, purchase.id));
}

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 20_000;

/**
 * `POST /order/purchase`: pays a quoted purchase, once. The Idempotency-Key is claimed in the
 * database first: a repeat with the same key and body waits for and answers the first answer, a
 * different body is refused; the purchase itself moves Quoted/Failed → Paying in one conditional
 * update, so two keys cannot pay it twice. The cart is held for the purchase and compared with the
 * quote, then the processor is asked with a key derived from the purchase and the attempt.
 */
export async function submitPurchase(deps: CheckoutDeps, buyer: Buyer, key: string, body: PurchaseSubmit): Promise<Answer> {
  const purchase = await purchaseFor(deps.db, body.purchaseId, buyer);
  const hash = sha256({ ...body, userId: buyer.userId ?? null });
  const { rows: claimed } = await deps.db.query(
    'INSERT INTO purchase_attempts (idempotency_key, purchase_id, request_hash) VALUES ($1, $2, $3) ON CONFLICT (idempotency_key) DO NOTHING RETURNING idempotency_key',
    [key, purchase.id, hash],
  );
  if (claimed.length === 0) return replay(deps.db, key, hash);
  let answer: Answer;
  try {
    answer = await pay(deps, purchase, key, body);
  } catch (error) {
    if (!(error instanceof DomainError)) {
      await forgetAttempt(deps.db, key);
      throw error;
    }
    answer = { statusCode: error.statusCode, envelope: failure(error.statusType, error.message) };
  }
  // A decided answer is kept for every repeat of the key. One that decided nothing (a peer or the
  // processor did not answer, the purchase is still being paid) is not: the same key may try again,
  // and then resumes the payment it started (see `pay`).
  if (answer.statusCode >= 500 || answer.envelope.status.message === ORDER_MESSAGES.inProgress) await forgetAttempt(deps.db, key);
  else await deps.db.query('UPDATE purchase_attempts SET status_code = $2, answer = $3 WHERE idempotency_key = $1', [key, answer.statusCode, JSON.stringify(answer.envelope)]);
  return answer;
}

async function forgetAttempt(db: Database, key: string): Promise<void> {
  await db.query('DELETE FROM purchase_attempts WHERE idempotency_key = $1 AND answer IS NULL', [key]);
}

/** The processor's idempotency key for one attempt (one Idempotency-Key) at paying a purchase. */
const paymentKeyOf = (purchaseId: string, key: string) => `purchase:${purchaseId}:${sha256(key).slice(0, 32)}`;

async function replay(db: Database, key: string, hash: string): Promise<Answer> {
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    const { rows } = await db.query<{ request_hash: string; status_code: number | null; answer: Envelope<Purchase | null> | null; purchase_id: string }>(
      'SELECT request_hash, status_code, answer, purchase_id FROM purchase_attempts WHERE idempotency_key = $1',
      [key],
    );
    const row = rows[0];
    // The first request ended without deciding anything and let the key go: try again.
    if (!row) return { statusCode: 409, envelope: failure('Conflict', ORDER_MESSAGES.inProgress) };
    if (row.request_hash !== hash) return { statusCode: 409, envelope: failure('IdempotencyError', ORDER_MESSAGES.idempotencyKeyReused) };
    if (row.status_code !== null && row.answer !== null) return { statusCode: row.status_code, envelope: row.answer };
    if (waited >= WAIT_LIMIT_MS) {
      // The first request never stored its answer (its process stopped): the purchase as it is now.
      const purchase = await findPurchase(db, row.purchase_id);
      if (purchase && (purchase.state === 'Paid' || purchase.state === 'Completed')) return { statusCode: 200, envelope: success(await loadView(db, purchase.id)) };
      return { statusCode: 409, envelope: failure('Conflict', ORDER_MESSAGES.inProgress) };
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

const PAYABLE: readonly PurchaseState[] = ['Quoted', 'Failed'];

async function pay(deps: CheckoutDeps, purchase: PurchaseRecord, key: string, body: PurchaseSubmit): Promise<Answer> {
  const method: PaymentMethodName | null = body.paymentMethod ?? purchase.paymentMethod;
  const isFree = purchase.amountDue === 0 && !purchase.lines.some((line) => line.distributionType === 'Print');
  if (body.totalPrice !== undefined && Math.round(body.totalPrice * 100) !== Math.round(purchase.totalPrice * 100)) {
    throw new DomainError(409, 'Conflict', ORDER_MESSAGES.totalChanged);
  }
  if (!isFree && !method) throw new DomainError(400, 'BadRequest', ORDER_MESSAGES.paymentMethodNotImplemented);
  if (!(await movePurchase(deps.db, purchase.id, PAYABLE, 'Paying', { paymentMethod: isFree ? null : method }))) {
    const now = await findPurchase(deps.db, purchase.id);
    if (now?.state === 'Completed' || now?.state === 'Paid') throw new DomainError(409, 'Conflict', ORDER_MESSAGES.alreadyCompleted);
    // The same attempt again, after an answer that decided nothing: the payment it started is
    // asked of the processor again with the same key (never a second charge), and settled.
    const { rows } = await deps.db.query<{ key: string | null }>("SELECT payment_request->>'idempotencyKey' AS key FROM purchases WHERE id = $1", [purchase.id]);
    if ((now?.state === 'Paying' || now?.state === 'RequiresAction') && rows[0]?.key === paymentKeyOf(purchase.id, key)) {
      await reconcile(deps, purchase.id);
      const settled = await findPurchase(deps.db, purchase.id);
      if (settled?.state === 'Failed') {
        const failed = settled.payment?.failure;
        return { statusCode: failed?.kind === 'ApiError' ? 502 : 400, envelope: failure(failed?.kind ?? 'CardError', failed?.message ?? ORDER_MESSAGES.purchaseFailed) };
      }
      if (settled && settled.state !== 'Paying') return { statusCode: 200, envelope: success(await loadView(deps.db, purchase.id)) };
    }
    throw new DomainError(409, 'Conflict', ORDER_MESSAGES.inProgress);
  }

  // The cart as it is now, held for this purchase: nothing can change it while it is paid.
  let held;
  try {
    held = await deps.cart.read({ cartId: purchase.cartId, userId: purchase.userId ?? '', country: '', couponCode: purchase.couponCode ?? '', holdFor: purchase.id });
  } catch (error) {
    await movePurchase(deps.db, purchase.id, ['Paying'], 'Failed', { lastError: (error as Error).message });
    if (error instanceof DomainError && error.statusCode === 409) throw new DomainError(409, 'Conflict', ORDER_MESSAGES.cartChanged);
    throw error;
  }
  if (!sameCart(purchase.lines, held, purchase.couponSaveAmount)) {
    await deps.cart.release(purchase.cartId, purchase.id);
    await movePurchase(deps.db, purchase.id, ['Paying'], 'Failed', { lastError: 'cart changed' });
    throw new DomainError(409, 'Conflict', ORDER_MESSAGES.cartChanged);
  }

  if (isFree) {
    const payment: StoredPayment = { provider: 'none', paymentId: null, status: 'not_required', redirectUrl: null, clientSecret: null, failure: null };
    await recordPaid(deps, purchase.id, payment);
    await finishPurchase(deps, purchase.id);
    return { statusCode: 200, envelope: success(await loadView(deps.db, purchase.id)) };
  }

  const paymentRequest: CreatePaymentInput = {
    purchaseId: purchase.id,
    amount: purchase.amountDue,
    currency: purchase.currency,
    method: method ?? 'Card',
    ...(body.StripeNonce ? { paymentMethodId: body.StripeNonce } : {}),
    idempotencyKey: paymentKeyOf(purchase.id, key),
    returnUrl: returnPathFor(body.returnUrl, purchase.id),
    ...(purchase.email ? { email: purchase.email } : {}),
  };
  await deps.db.query('UPDATE purchases SET payment_request = $2 WHERE id = $1', [purchase.id, JSON.stringify(paymentRequest)]);
  let result: PaymentResult;
  try {
    result = await deps.payments.createPayment(paymentRequest);
  } catch (error) {
    // The outcome is unknown: the purchase stays Paying for the sweeper to ask again with the same key.
    deps.logger.warn({ err: error, purchaseId: purchase.id }, 'payment call failed; left for the sweeper');
    throw new DomainError(502, 'ApiError', 'We could not reach the payment provider. We will check your payment and email you; do not pay again yet.');
  }
  return settle(deps, purchase.id, result);
}

/**
 * The store path the provider sends the browser back to: the one asked for when it is a path of
 * this store, else the checkout. Relative, so the browser stays on the origin it paid from (the
 * Stripe driver makes it absolute with PUBLIC_URL, as Stripe wants).
 */
function returnPathFor(wanted: string | undefined, purchaseId: string): string {
  return wanted && wanted.startsWith('/') && !wanted.startsWith('//') && !wanted.includes('\\') ? wanted : `/checkout/?purchase=${purchaseId}`;
}

function storedPayment(provider: PaymentProcessor['kind'], result: PaymentResult): StoredPayment {
  return {
    provider,
    paymentId: result.paymentId || null,
    status: result.status,
    redirectUrl: result.nextAction?.url ?? null,
    clientSecret: result.clientSecret ?? null,
    failure: result.failure ? { kind: result.failure.kind, code: result.failure.code, message: result.failure.message } : null,
  };
}

/** Acts on what the processor answered about the purchase's payment, and answers the shopper. */
async function settle(deps: CheckoutDeps, purchaseId: string, result: PaymentResult): Promise<Answer> {
  const payment = storedPayment(deps.payments.kind, result);
  switch (result.status) {
    case 'succeeded':
      await recordPaid(deps, purchaseId, payment);
      await finishPurchase(deps, purchaseId);
      return { statusCode: 200, envelope: success(await loadView(deps.db, purchaseId)) };
    case 'requires_action':
    case 'processing':
      await movePurchase(deps.db, purchaseId, ['Paying', 'RequiresAction'], result.status === 'processing' ? 'Paying' : 'RequiresAction', { payment, paymentId: payment.paymentId });
      return { statusCode: 200, envelope: success(await loadView(deps.db, purchaseId)) };
    default: {
      await recordFailed(deps, purchaseId, payment);
      const kind = result.failure?.kind ?? 'CardError';
      const statusCode = kind === 'IdempotencyError' ? 409 : kind === 'ApiError' ? 502 : 400;
      return { statusCode, envelope: failure(kind, result.failure?.message ?? ORDER_MESSAGES.purchaseFailed) };
    }
  }
}

/** A failed payment: the cart goes back to the shopper, the purchase may be paid again with a new attempt. */
async function recordFailed(deps: CheckoutDeps, purchaseId: string, payment: StoredPayment): Promise<void> {
  const purchase = await findPurchase(deps.db, purchaseId);
  if (!purchase || !(await movePurchase(deps.db, purchaseId, ['Paying', 'RequiresAction'], 'Failed', { payment, paymentId: payment.paymentId }))) return;
  await deps.db.transaction(async (tx) => {
    for (const order of await ordersOfPurchase(tx, purchaseId, { lock: true })) {
      const next = nextOrderStatus(order.status, { type: 'paymentFailed' });
      if (next.ok && next.changed) await setOrderStatus(tx, order.id, next.status);
    }
  });
  await deps.cart.release(purchase.cartId, purchaseId).catch((error: unknown) => deps.logger.warn({ err: error, purchaseId }, 'cart not released after a failed payment'));
}

type ItemData = (typeof EVENTS.orderCompleted.schema)['static']['items'][number];

const itemsOf = (order: OrderRecord): ItemData[] =>
  order.items.map((item) => ({
    productId: String(item.productId),
    variantId: String(item.variantId),
    distributionType: item.distributionType,
    quantity: item.quantity,
    price: { cents: item.price, currency: item.currency },
  }));

/** Where receipts go: a guest's email, else the billing address's. */
export const receiptEmail = (purchase: Pick<PurchaseRecord, 'email' | 'billingAddress'>): string | undefined => purchase.email ?? (purchase.billingAddress.email.trim() || undefined);

const namedItemsOf = (order: OrderRecord) => itemsOf(order).map((item, index) => ({ ...item, name: order.items[index]?.name ?? '' }));

const totalOf = (order: OrderRecord) => ({ cents: Math.round(order.totalPrice), currency: order.currency });

/**
 * The charge went through (or none was needed): in one transaction the purchase becomes Paid, each
 * order moves by the status rule (Scheduled for a pre-order, PendingProcessing with Print, else
 * Completed) and `order.placed` — and, for what is available now, `order.completed`, which grants
 * the Digital items — go out through the outbox. A second call finds it Paid and does nothing.
 */
export async function recordPaid(deps: CheckoutDeps, purchaseId: string, payment: StoredPayment): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const purchase = await findPurchase(tx, purchaseId, { lock: true });
    if (!purchase || !['Paying', 'RequiresAction', 'Failed'].includes(purchase.state)) return;
    const now = deps.now();
    for (const order of await ordersOfPurchase(tx, purchaseId, { lock: true })) {
      const releaseAhead = order.scheduleDate !== null && order.scheduleDate > now;
      const next = nextOrderStatus(order.status, { type: 'paymentSucceeded', hasPrint: order.hasPrint, releaseAhead });
      if (!next.ok) continue;
      await setOrderStatus(tx, order.id, next.status, { completed: next.status === 'Completed' });
      await placed(deps.outbox, tx, purchase, order, next.status);
      if (!releaseAhead) await completed(deps.outbox, tx, purchase, order);
    }
    await tx.query(`UPDATE purchases SET state = 'Paid', payment = $2, payment_id = coalesce($3, payment_id), updated_at = now() WHERE id = $1`, [purchaseId, JSON.stringify(payment), payment.paymentId]);
  });
}

async function placed(outbox: Outbox, tx: Transaction, purchase: PurchaseRecord, order: OrderRecord, status: string): Promise<void> {
  await outbox.add(tx, {
    type: EVENTS.orderPlaced.type,
    key: order.id,
    data: {
      orderId: order.id,
      purchaseId: purchase.id,
      ...(purchase.userId ? { userId: purchase.userId } : {}),
      ...withEmail(purchase),
      status,
      ...(order.scheduleDate ? { scheduleDate: order.scheduleDate.toISOString() } : {}),
      accountingId: accountingIdOf(order),
      total: totalOf(order),
      items: namedItemsOf(order),
    },
  });
}

/** `order.completed`: the order is paid and released, its items are owned (the reader grants the Digital ones). */
export async function completed(outbox: Outbox, tx: Transaction, purchase: Pick<PurchaseRecord, 'userId' | 'email' | 'billingAddress'>, order: OrderRecord, { preOrderReleased = false } = {}): Promise<void> {
  await outbox.add(tx, {
    type: EVENTS.orderCompleted.type,
    key: order.id,
    data: {
      orderId: order.id,
      ...(purchase.userId ? { userId: purchase.userId } : {}),
      ...withEmail(purchase),
      accountingId: accountingIdOf(order),
      total: totalOf(order),
      items: namedItemsOf(order),
      ...(preOrderReleased ? { preOrderReleased } : {}),
    },
  });
}

function withEmail(purchase: Pick<PurchaseRecord, 'email' | 'billingAddress'>): { email?: string } {
  const email = receiptEmail(purchase);
  return email ? { email } : {};
}

/**
 * What is left after the charge, each step once: the cart closed (a new cart id in the storefront)
 * and the coupon redeemed. A step that cannot be done now is left for the sweeper; a coupon that can
 * no longer be redeemed (its last use went to another purchase) compensates the purchase.
 */
export async function finishPurchase(deps: CheckoutDeps, purchaseId: string): Promise<void> {
  const purchase = await findPurchase(deps.db, purchaseId);
  if (!purchase || (purchase.state !== 'Paid' && purchase.state !== 'Completed')) return;
  try {
    if (!purchase.cartClosed) {
      await deps.cart.close(purchase.cartId, purchase.id);
      await markCompletionStep(deps.db, purchase.id, 'cart_closed');
    }
    if (purchase.couponCode && !purchase.couponRedeemed) {
      const [first] = await ordersOfPurchase(deps.db, purchase.id);
      const redemption = await deps.cart.redeemCoupon({
        code: purchase.couponCode,
        userId: purchase.userId ?? `guest:${(purchase.email ?? purchase.id).toLowerCase()}`,
        orderId: first?.id ?? purchase.id,
        saveAmount: purchase.couponSaveAmount,
        currency: purchase.currency,
      });
      if (!redemption.redeemed) {
        await compensate(deps, purchase, `The coupon ${purchase.couponCode} could no longer be used (${redemption.problem}), so we could not complete the order. Your payment has been refunded in full.`);
        return;
      }
      await markCompletionStep(deps.db, purchase.id, 'coupon_redeemed');
    }
    await movePurchase(deps.db, purchase.id, ['Paid'], 'Completed');
  } catch (error) {
    deps.logger.warn({ err: error, purchaseId }, 'purchase completion left for the sweeper');
  }
}

/**
 * A paid purchase that cannot be completed: the charge refunded, its orders Cancelled
 * (`order.cancelled`, and `order.refunded` for what was already owned so access is taken back),
 * the purchase Compensated.
 */
export async function compensate(deps: CheckoutDeps, purchase: PurchaseRecord, reason: string): Promise<void> {
  if (purchase.paymentId && purchase.amountDue > 0) {
    const refund = await deps.payments.refund({ paymentId: purchase.paymentId, amount: purchase.amountDue, idempotencyKey: `compensate:${purchase.id}`, reason: 'requested_by_customer' });
    if (refund.status === 'failed') throw new Error(`refund of ${purchase.id} failed: ${refund.failure?.message ?? 'unknown'}`);
  }
  await cancelRefunded(deps, purchase, reason, { compensated: true });
  if (!purchase.cartClosed) await deps.cart.release(purchase.cartId, purchase.id).catch(() => undefined);
}

/**
 * A purchase refunded in full (compensation, or a refund made at the processor): each order
 * Cancelled with its refund recorded, `order.cancelled`, and `order.refunded` for what was already
 * owned so the reader takes access back. Done once: a purchase whose orders are all Cancelled is left as it is.
 */
export async function cancelRefunded(deps: CheckoutDeps, purchase: PurchaseRecord, reason: string, { compensated }: { compensated: boolean }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const locked = await findPurchase(tx, purchase.id, { lock: true });
    if (!locked || locked.state === 'Compensated') return;
    const orders = await ordersOfPurchase(tx, purchase.id, { lock: true });
    if (orders.every((order) => order.status === 'Cancelled') && !compensated) return;
    for (const order of orders) {
      if (order.status === 'Cancelled') continue;
      const wasOwned = order.status === 'Completed' || order.status === 'PendingProcessing' || order.status === 'Processing';
      const next = nextOrderStatus(order.status, { type: 'refunded', full: true });
      const status = next.ok ? next.status : 'Cancelled';
      const refund = { refundReason: reason, orderRefundItems: order.items.map((item) => ({ productId: item.productId, variantId: item.variantId, amount: item.price * item.quantity })), shippingAmount: order.shippingCost, amount: order.totalPrice, refundedAt: deps.now().toISOString() };
      await tx.query(`UPDATE orders SET status = $2, refund = $3, updated_at = now() WHERE id = $1`, [order.id, status, JSON.stringify(refund)]);
      await deps.outbox.add(tx, { type: EVENTS.orderCancelled.type, key: order.id, data: { orderId: order.id, purchaseId: purchase.id, ...(purchase.userId ? { userId: purchase.userId } : {}), ...withEmail(purchase), accountingId: accountingIdOf(order), reason } });
      if (wasOwned) {
        await deps.outbox.add(tx, {
          type: EVENTS.orderRefunded.type,
          key: order.id,
          data: { orderId: order.id, ...(purchase.userId ? { userId: purchase.userId } : {}), ...withEmail(purchase), accountingId: accountingIdOf(order), amount: totalOf(order), productIds: order.items.map((item) => String(item.productId)) },
        });
      }
    }
    if (compensated) await tx.query(`UPDATE purchases SET state = 'Compensated', last_error = $2, updated_at = now() WHERE id = $1`, [purchase.id, reason]);
  });
}

/**
 * The processor's word on a purchase's payment (after the provider page, a webhook, the browser's
 * confirmation or the sweeper): retrieved from the processor, never taken from the caller, then
 * acted on as when the payment was made. Safe to call any number of times, in any order.
 */
export async function reconcile(deps: CheckoutDeps, purchaseId: string): Promise<void> {
  const purchase = await findPurchase(deps.db, purchaseId);
  if (!purchase) return;
  if (purchase.state === 'Paid' || (purchase.state === 'Completed' && (!purchase.cartClosed || (purchase.couponCode && !purchase.couponRedeemed)))) {
    await finishPurchase(deps, purchaseId);
    return;
  }
  if (purchase.state !== 'Paying' && purchase.state !== 'RequiresAction') return;
  if (purchase.paymentId) {
    await settle(deps, purchaseId, await deps.payments.retrievePayment(purchase.paymentId));
    return;
  }
  // Paying without an answer stored: the process stopped around the processor call. Asking again
  // with the same request and key answers the first payment (or makes it, once).
  const { rows } = await deps.db.query<{ payment_request: CreatePaymentInput | null }>('SELECT payment_request FROM purchases WHERE id = $1', [purchaseId]);
  const request = rows[0]?.payment_request;
  if (request) await settle(deps, purchaseId, await deps.payments.createPayment(request));
  else if (purchase.state === 'Paying') {
    // Stopped before the processor was asked: nothing was charged; the cart goes back to the shopper.
    await movePurchase(deps.db, purchaseId, ['Paying'], 'Failed', { lastError: 'stopped before payment' });
    await deps.cart.release(purchase.cartId, purchaseId).catch(() => undefined);
  }
}

/** `purchase-soft-confirmed` / `payment-soft-confirmed`: the browser says it paid; the orders show 'Payment TBC' until the processor confirms. */
export async function softConfirm(deps: CheckoutDeps, purchaseId: string, buyer: Buyer): Promise<Purchase> {
  const purchase = await purchaseFor(deps.db, purchaseId, buyer);
  if (purchase.state === 'Paying' || purchase.state === 'RequiresAction') {
    await deps.db.transaction(async (tx) => {
      for (const order of await ordersOfPurchase(tx, purchase.id, { lock: true })) {
        const next = nextOrderStatus(order.status, { type: 'clientConfirmed' });
        if (next.ok && next.changed) await setOrderStatus(tx, order.id, next.status);
      }
    });
    await reconcile(deps, purchase.id);
  }
  return viewPurchase(deps, purchase.id, buyer);
}

/** `purchase-failed`: the browser reports a failure; the processor's state decides what it means. */
export async function reportFailure(deps: CheckoutDeps, purchaseId: string, buyer: Buyer, message: string | null): Promise<Purchase> {
  const purchase = await purchaseFor(deps.db, purchaseId, buyer);
  deps.logger.info({ purchaseId, message }, 'the storefront reported a failed payment');
  if (purchase.paymentId) await reconcile(deps, purchase.id);
  else if (purchase.state === 'Paying') {
    await movePurchase(deps.db, purchase.id, ['Paying'], 'Failed', { lastError: message ?? 'reported by the storefront' });
    await deps.cart.release(purchase.cartId, purchase.id).catch(() => undefined);
  }
  return viewPurchase(deps, purchase.id, buyer);
}

import { createHash } from 'node:crypto';
import { ORDER_MESSAGES, type Purchase, type PurchaseSubmit } from '@inkwell/contracts/order';
import { problem } from '@inkwell/contracts/problems';
import { DomainError, failure, success, type Envelope } from '@inkwell/platform';
import { loadView, purchaseFor, type Buyer, type CheckoutDeps } from '../flows/deps';
import { payPurchase, type PayOutcome } from '../flows/place-purchase';
import { claimAttempt, findAttempt, forgetAttempt, keepAnswer } from '../store/purchase-attempts';
import { findPurchase } from '../store/purchases';

/** An answer as the route sends it: its status and envelope (stored as-is for an idempotent replay). */
export interface Answer {
  statusCode: number;
  envelope: Envelope<Purchase | null>;
}

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 20_000;

/** Each refusal's status, type, message and, for one about a field of the request, that field. */
const REFUSALS: Record<Extract<PayOutcome, { type: 'refused' }>['reason'], [number, string, string, string?]> = {
  totalChanged: [409, 'Conflict', ORDER_MESSAGES.totalChanged, 'totalPrice'],
  noPaymentMethod: [400, 'BadRequest', ORDER_MESSAGES.paymentMethodNotImplemented, 'paymentMethod'],
  alreadyCompleted: [409, 'Conflict', ORDER_MESSAGES.alreadyCompleted],
  inProgress: [409, 'Conflict', ORDER_MESSAGES.inProgress],
  cartChanged: [409, 'Conflict', ORDER_MESSAGES.cartChanged],
};

/** The HTTP answer of how paying ended. */
async function answerOf(deps: CheckoutDeps, purchaseId: string, outcome: PayOutcome): Promise<Answer> {
  switch (outcome.type) {
    case 'purchase':
      return { statusCode: 200, envelope: success(await loadView(deps.db, purchaseId)) };
    case 'refused': {
      const [statusCode, type, message, field] = REFUSALS[outcome.reason];
      return { statusCode, envelope: failure(type, message, field ? { problems: [problem(field, message)] } : {}) };
    }
    case 'paymentFailed': {
      const statusCode = outcome.kind === 'IdempotencyError' ? 409 : outcome.kind === 'ApiError' ? 502 : 400;
      // A declined card is a problem of the card the shopper gave; the rest are not theirs to fix in a field.
      const extra = outcome.kind === 'CardError' ? { problems: [problem('StripeNonce', outcome.message)] } : {};
      return { statusCode, envelope: failure(outcome.kind, outcome.message, extra) };
    }
  }
}

/**
 * `POST /order/purchase`: pays a quoted purchase, once per Idempotency-Key. The key is claimed in
 * the database first: a repeat with the same key and body waits for and answers the first answer,
 * a different body is refused. A decided answer is kept for every repeat of the key; one that
 * decided nothing (a peer or the processor did not answer, the purchase is still being paid) is
 * not: the same key may try again, and then resumes the payment it started.
 */
export async function submitPurchase(deps: CheckoutDeps, buyer: Buyer, key: string, body: PurchaseSubmit): Promise<Answer> {
  const purchase = await purchaseFor(deps.db, body.purchaseId, buyer);
  const hash = sha256({ ...body, userId: buyer.userId ?? null });
  if (!(await claimAttempt(deps.db, key, purchase.id, hash))) return replay(deps, key, hash);
  let answer: Answer;
  try {
    answer = await answerOf(deps, purchase.id, await payPurchase(deps, purchase, key, body));
  } catch (error) {
    if (!(error instanceof DomainError)) {
      await forgetAttempt(deps.db, key);
      throw error;
    }
    answer = { statusCode: error.statusCode, envelope: failure(error.statusType, error.message) };
  }
  if (answer.statusCode >= 500 || answer.envelope.status.message === ORDER_MESSAGES.inProgress) await forgetAttempt(deps.db, key);
  else await keepAnswer(deps.db, key, answer.statusCode, answer.envelope);
  return answer;
}

async function replay(deps: CheckoutDeps, key: string, hash: string): Promise<Answer> {
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    const row = await findAttempt<Purchase | null>(deps.db, key);
    // The first request ended without deciding anything and let the key go: try again.
    if (!row) return { statusCode: 409, envelope: failure('Conflict', ORDER_MESSAGES.inProgress) };
    if (row.requestHash !== hash) return { statusCode: 409, envelope: failure('IdempotencyError', ORDER_MESSAGES.idempotencyKeyReused) };
    if (row.statusCode !== null && row.answer !== null) return { statusCode: row.statusCode, envelope: row.answer };
    if (waited >= WAIT_LIMIT_MS) {
      // The first request never stored its answer (its process stopped): the purchase as it is now.
      const purchase = await findPurchase(deps.db, row.purchaseId);
      if (purchase && (purchase.state === 'Paid' || purchase.state === 'Completed')) return { statusCode: 200, envelope: success(await loadView(deps.db, purchase.id)) };
      return { statusCode: 409, envelope: failure('Conflict', ORDER_MESSAGES.inProgress) };
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

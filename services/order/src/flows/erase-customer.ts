import { DomainError, erasedUserToken, erasePersonFromPlatformTables, redactPersonal, type Database, type ErasedPerson, type Logger, type Queryable } from '@inkwell/platform';
import { ORDER_SERVICE_MESSAGES } from '../domain/messages';
import type { PaymentProcessor } from '../drivers/payments/port';
import { recordOrderAudit, type OrderActor } from '../store/order-history';

/** 503: the payment provider could not delete the customer; nothing of the orders was changed (the next run tries again). */
export class PaymentProviderUnavailableError extends DomainError {
  constructor() {
    super(503, 'ServiceUnavailable', ORDER_SERVICE_MESSAGES.paymentProviderUnavailable);
  }
}

/** What erasing a customer needs of the order service. */
export interface EraseCustomerDeps {
  db: Database;
  payments: Pick<PaymentProcessor, 'deleteCustomer'>;
  logger: Logger;
}

export interface EraseCustomerResult {
  /** The payment provider's customer records deleted (or, simulated, anonymised). */
  paymentCustomersDeleted: number;
  /** Purchases and orders whose personal data was replaced by this run. */
  purchasesAnonymised: number;
  ordersAnonymised: number;
}

/**
 * The person's emails as the order service knows them, from their purchases and orders not yet
 * anonymised: a guest's purchase email, and the addresses' emails (a signed-in buyer's purchase
 * keeps none of its own).
 */
async function knownEmails(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    `SELECT DISTINCT lower(email) AS email FROM (
       SELECT unnest(ARRAY[email, billing_address->>'email', shipping_address->>'email']) AS email FROM purchases WHERE user_id = $1
       UNION SELECT unnest(ARRAY[email, billing_address->>'email', shipping_address->>'email']) FROM orders WHERE user_id = $1) known
      WHERE email IS NOT NULL AND email <> ''`,
    [userId],
  );
  return rows.map((row) => row.email);
}

/**
 * Texts of the person taken from their addresses (names, street, phone, postal code), to be taken
 * out of free text written about them (staff notes, refund reasons, errors): at least three
 * characters, so an initial does not blank every note.
 */
function addressTexts(addresses: unknown[]): string[] {
  const texts = new Set<string>();
  for (const address of addresses) {
    if (!address || typeof address !== 'object') continue;
    for (const key of ['firstName', 'surName', 'companyName', 'address', 'postalCode', 'phoneNumber', 'email']) {
      const value = (address as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim().length >= 3) texts.add(value.trim());
    }
  }
  return [...texts];
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * One step of the erasure. Each is idempotent (a repeat finds its work done), so a run stopped by a
 * crash is resumed by running the whole flow again: the `account.deleted` consumer's event is
 * delivered again until it succeeds, and staff may repeat the call.
 */
interface ErasureStep {
  readonly name: string;
  run(state: ErasureState): Promise<void>;
}

interface ErasureState {
  userId: string;
  emails: string[];
  actor: OrderActor | null;
  result: EraseCustomerResult;
}

/**
 * The payment provider's customer first, while the email that finds it is still on the orders
 * (Stripe: by email and by metadata.userId; simulated: its rows' emails anonymised).
 */
const deletePaymentCustomer = (deps: EraseCustomerDeps): ErasureStep => ({
  name: 'delete-payment-customer',
  async run(state) {
    const emails: Array<string | null> = state.emails.length > 0 ? state.emails : [null];
    try {
      for (const email of emails) state.result.paymentCustomersDeleted += await deps.payments.deleteCustomer({ userId: state.userId, email });
    } catch (error) {
      deps.logger.warn({ err: error }, 'the payment provider could not delete a customer');
      throw new PaymentProviderUnavailableError();
    }
  },
});

/**
 * Orders and purchases are kept (bookkeeping) with the person replaced, in one transaction: the user
 * id by its anonymous token (platform `erasedUserToken`), the email by null, the addresses' names,
 * street, locality, postal code, phone and email by null (country and administrative area stay for
 * the tax records), the customer name by null; the stored payment answers, purchase attempts' answers
 * and step records redacted the same way; staff notes, refund reasons and audit entries keep their
 * words with the person's email, id, names, street, phone and postal code taken out; the outbox's
 * events about them redacted.
 */
const anonymiseOrders = (deps: EraseCustomerDeps): ErasureStep => ({
  name: 'anonymise-orders',
  async run(state) {
    const token = erasedUserToken(state.userId);
    await deps.db.transaction(async (tx) => {
      const purchases = await tx.query<{ id: string; billing_address: unknown; shipping_address: unknown; payment: unknown; payment_request: unknown; last_error: string | null }>(
        `SELECT id, billing_address, shipping_address, payment, payment_request, last_error FROM purchases
          WHERE user_id = $1 OR (user_id IS NULL AND lower(email) = ANY($2::text[])) FOR UPDATE`,
        [state.userId, state.emails],
      );
      const purchaseIds = purchases.rows.map((row) => row.id);
      const orders = await tx.query<{ id: string; billing_address: unknown; shipping_address: unknown; refund: unknown; customer_name: string | null }>(
        `SELECT id, billing_address, shipping_address, refund, customer_name FROM orders
          WHERE purchase_id = ANY($1::uuid[]) OR user_id = $2 FOR UPDATE`,
        [purchaseIds, state.userId],
      );
      const texts = addressTexts([...purchases.rows.flatMap((row) => [row.billing_address, row.shipping_address]), ...orders.rows.flatMap((row) => [row.billing_address, row.shipping_address])]);
      for (const row of orders.rows) if (row.customer_name && row.customer_name.trim().length >= 3) texts.push(row.customer_name.trim());
      const person: ErasedPerson = { userId: state.userId, emails: [...state.emails, ...texts] };
      const redact = (value: unknown) => (value === null || value === undefined ? null : redactPersonal(value, person));

      for (const row of purchases.rows) {
        await tx.query(
          `UPDATE purchases SET user_id = $2, email = NULL, billing_address = $3, shipping_address = $4, payment = $5, payment_request = $6,
                  last_error = $7, anonymised_at = coalesce(anonymised_at, now()), updated_at = now()
            WHERE id = $1`,
          [row.id, token, json(redact(row.billing_address)), json(redact(row.shipping_address)), json(redact(row.payment)), json(redact(row.payment_request)), redact(row.last_error)],
        );
        const attempts = await tx.query<{ idempotency_key: string; answer: unknown }>('SELECT idempotency_key, answer FROM purchase_attempts WHERE purchase_id = $1 AND answer IS NOT NULL', [row.id]);
        for (const attempt of attempts.rows) await tx.query('UPDATE purchase_attempts SET answer = $2 WHERE idempotency_key = $1', [attempt.idempotency_key, json(redact(attempt.answer))]);
        const steps = await tx.query<{ step: string; output: unknown; error: string | null }>('SELECT step, output, error FROM purchase_steps WHERE purchase_id = $1', [row.id]);
        for (const step of steps.rows) await tx.query('UPDATE purchase_steps SET output = $3, error = $4 WHERE purchase_id = $1 AND step = $2', [row.id, step.step, json(redact(step.output)), redact(step.error)]);
      }
      for (const row of orders.rows) {
        await tx.query(
          `UPDATE orders SET user_id = $2, email = NULL, customer_name = NULL, billing_address = $3, shipping_address = $4, refund = $5,
                  anonymised_at = coalesce(anonymised_at, now()), updated_at = now()
            WHERE id = $1`,
          [row.id, token, json(redact(row.billing_address)), json(redact(row.shipping_address)), json(redact(row.refund))],
        );
        const notes = await tx.query<{ id: string; message: string }>('SELECT id, message FROM order_notes WHERE order_id = $1', [row.id]);
        for (const note of notes.rows) await tx.query('UPDATE order_notes SET message = $2 WHERE id = $1', [note.id, redact(note.message)]);
        const refunds = await tx.query<{ id: string; reason: string; error: string | null }>('SELECT id, reason, error FROM order_refunds WHERE order_id = $1', [row.id]);
        for (const refund of refunds.rows) await tx.query('UPDATE order_refunds SET reason = $2, error = $3 WHERE id = $1', [refund.id, redact(refund.reason), redact(refund.error)]);
      }
      // Audit entries about the customer record name it by its token from now on.
      const audits = await tx.query<{ id: string; entity_id: string; changes: unknown }>(
        `SELECT id, entity_id, changes FROM staff_audit WHERE entity_id = $1 OR entity_id = ANY($2::text[]) OR position(lower($1) IN lower(changes::text)) > 0`,
        [state.userId, orders.rows.map((row) => row.id)],
      );
      for (const audit of audits.rows) await tx.query('UPDATE staff_audit SET entity_id = $2, changes = $3 WHERE id = $1', [audit.id, redact(audit.entity_id), json(redact(audit.changes))]);
      await erasePersonFromPlatformTables(tx, person);
      // Staff's erasure is audited under the token, with what it did (also when there was nothing to anonymise).
      if (state.actor) {
        await recordOrderAudit(tx, { entity: 'customer', entityId: token, action: 'erase', actor: state.actor, changes: { orders: { from: orders.rows.length, to: 'anonymised' } } });
      }
      state.result.purchasesAnonymised = purchases.rows.length;
      state.result.ordersAnonymised = orders.rows.length;
    });
  },
});

/**
 * Erases a customer from the order service (`account.deleted`, or staff's
 * `POST /user/deletesubscriptionandcustomer`): the payment provider's customer deleted, then the
 * orders and purchases anonymised (see the steps). A second run finds nothing left to do.
 */
export async function eraseCustomer(deps: EraseCustomerDeps, userId: string, actor: OrderActor | null = null): Promise<EraseCustomerResult> {
  const state: ErasureState = { userId, emails: await knownEmails(deps.db, userId), actor, result: { paymentCustomersDeleted: 0, purchasesAnonymised: 0, ordersAnonymised: 0 } };
  for (const step of [deletePaymentCustomer(deps), anonymiseOrders(deps)]) {
    try {
      await step.run(state);
    } catch (error) {
      deps.logger.warn({ err: error, step: step.name }, 'a step of a customer erasure failed; running the erasure again resumes it');
      throw error;
    }
  }
  deps.logger.info({ purchases: state.result.purchasesAnonymised, orders: state.result.ordersAnonymised, paymentCustomers: state.result.paymentCustomersDeleted }, 'customer erased');
  return state.result;
}

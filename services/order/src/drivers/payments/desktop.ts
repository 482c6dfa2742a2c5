import { DESKTOP_MESSAGES } from '@inkwell/contracts/desktop';
import { DesktopPlatformRefusal, type DesktopPlatform, type Logger, type Queryable } from '@inkwell/platform';
import { findDesktopTransaction, findDesktopTransactionByOrder, moveDesktopTransaction } from '../../store/desktop-transactions';
import { findPurchase } from '../../store/purchases';
import type { CreatePaymentInput, DeleteCustomerInput, PaymentEvent, PaymentProcessor, PaymentResult, RefundInput, RefundResult } from './port';

/** A desktop payment's id in the purchase's records: the platform's order id behind this prefix. */
export const DESKTOP_PAYMENT_PREFIX = 'desktop:';
export const desktopPaymentId = (platformOrderId: string) => `${DESKTOP_PAYMENT_PREFIX}${platformOrderId}`;

/** Steam's item ids are 32-bit: a product id that fits is the item, anything else is item 1, "a store purchase". */
const itemIdOf = (productId: number | undefined): number => (productId !== undefined && Number.isInteger(productId) && productId > 0 && productId < 2 ** 31 ? productId : 1);

/**
 * The payments port with the desktop platform beside the card processor: a purchase whose desktop
 * transaction is being started (routes/desktop-transactions.ts) is charged through the platform's
 * micro-transaction (InitTxn: the user authorises it in the platform's overlay, so it answers
 * requires_action; the app's finalize call then makes it Succeeded), everything else goes to the
 * card processor. The purchase flow (flows/place-purchase.ts) does not know the difference: the
 * same steps hold the cart, record the orders paid and grant what was bought.
 */
export class DesktopAwarePayments implements PaymentProcessor {
  constructor(
    private readonly card: PaymentProcessor,
    private readonly desktop: DesktopPlatform,
    private readonly db: Queryable,
    private readonly logger: Logger,
  ) {}

  get kind(): PaymentProcessor['kind'] {
    return this.card.kind;
  }

  publicConfig(): ReturnType<PaymentProcessor['publicConfig']> {
    return this.card.publicConfig();
  }

  async createPayment(input: CreatePaymentInput): Promise<PaymentResult> {
    const txn = await findDesktopTransaction(this.db, input.purchaseId);
    if (!txn || txn.state !== 'initiating') return this.card.createPayment(input);
    const paymentId = desktopPaymentId(txn.platformOrderId);
    const purchase = await findPurchase(this.db, input.purchaseId);
    const names = (purchase?.lines ?? []).map((line) => line.name).join(', ');
    let transId: string;
    try {
      const state = await this.desktop.initTransaction({
        orderId: txn.platformOrderId,
        platformUserId: txn.platformUserId,
        currency: input.currency,
        language: 'en',
        // One item for the whole purchase, so what the platform charges is what was quoted (tax and coupon included).
        items: [{ itemId: itemIdOf(purchase?.lines[0]?.productId), quantity: 1, amount: input.amount, description: names || 'Inkwell purchase' }],
      });
      transId = state.transId;
    } catch (error) {
      if (!(error instanceof DesktopPlatformRefusal)) throw error;
      // Asked before with this order id and the answer was lost: the platform has it already.
      const known = await this.desktop.queryTransaction(txn.platformOrderId).catch(() => undefined);
      if (!known) {
        await moveDesktopTransaction(this.db, input.purchaseId, ['initiating'], 'failed', { failure: error.message });
        this.logger.warn({ purchaseId: input.purchaseId, code: error.code }, 'the desktop platform refused the transaction');
        return { paymentId: '', status: 'failed', amount: input.amount, currency: input.currency, failure: { kind: 'InvalidRequestError', code: 'platform_refused', message: error.message } };
      }
      transId = known.transId;
    }
    await moveDesktopTransaction(this.db, input.purchaseId, ['initiating'], 'initiated', { transId });
    return { paymentId, status: 'requires_action', amount: input.amount, currency: input.currency };
  }

  async retrievePayment(paymentId: string): Promise<PaymentResult> {
    if (!paymentId.startsWith(DESKTOP_PAYMENT_PREFIX)) return this.card.retrievePayment(paymentId);
    const txn = await findDesktopTransactionByOrder(this.db, paymentId.slice(DESKTOP_PAYMENT_PREFIX.length));
    if (!txn) return this.card.retrievePayment(paymentId);
    const base = { paymentId, amount: txn.amount, currency: txn.currency };
    if (txn.state === 'cancelled') return { ...base, status: 'canceled', failure: { kind: 'CardError', code: 'not_authorised', message: DESKTOP_MESSAGES.declined } };
    if (txn.state === 'failed') return { ...base, status: 'failed', failure: { kind: 'CardError', code: 'platform_refused', message: txn.failure ?? DESKTOP_MESSAGES.declined } };
    // Only a transaction the app finalized counts as paid: until then the shopper is still being asked.
    if (txn.state !== 'finalized') return { ...base, status: 'requires_action' };
    const state = await this.desktop.queryTransaction(txn.platformOrderId);
    switch (state.status) {
      case 'Succeeded':
      case 'Refunded':
      case 'PartialRefund':
      case 'Chargedback':
        return { ...base, status: 'succeeded' };
      case 'Failed':
        return { ...base, status: 'failed', failure: { kind: 'CardError', code: 'platform_failed', message: DESKTOP_MESSAGES.declined } };
      default:
        return { ...base, status: 'processing' };
    }
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    if (!input.paymentId.startsWith(DESKTOP_PAYMENT_PREFIX)) return this.card.refund(input);
    const orderId = input.paymentId.slice(DESKTOP_PAYMENT_PREFIX.length);
    const txn = await findDesktopTransactionByOrder(this.db, orderId);
    const refused = (message: string): RefundResult => ({ refundId: '', paymentId: input.paymentId, amount: input.amount, status: 'failed', failure: { kind: 'InvalidRequestError', code: 'refund_refused', message } });
    if (!txn) return refused(`The desktop platform knows no payment ${input.paymentId}.`);
    // The platform refunds whole transactions only.
    if (input.amount !== txn.amount) return refused('The desktop platform refunds whole transactions only: refund everything of this purchase.');
    try {
      await this.desktop.refundTransaction(orderId);
    } catch (error) {
      if (error instanceof DesktopPlatformRefusal) return refused(error.message);
      throw error;
    }
    return { refundId: `${DESKTOP_PAYMENT_PREFIX}refund:${orderId}`, paymentId: input.paymentId, amount: input.amount, status: 'succeeded' };
  }

  deleteCustomer(input: DeleteCustomerInput): Promise<number> {
    return this.card.deleteCustomer(input);
  }

  parseWebhook(rawBody: Buffer | string, signature: string | undefined): PaymentEvent | undefined {
    return this.card.parseWebhook(rawBody, signature);
  }
}

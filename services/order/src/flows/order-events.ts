import { EVENTS, type Outbox, type Transaction } from '@inkwell/platform';
import { accountingIdOf, type OrderRecord, type PurchaseRecord } from '../store/purchases';

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

export const totalOf = (order: OrderRecord) => ({ cents: Math.round(order.totalPrice), currency: order.currency });

export function withEmail(purchase: Pick<PurchaseRecord, 'email' | 'billingAddress'>): { email?: string } {
  const email = receiptEmail(purchase);
  return email ? { email } : {};
}

/** `order.placed`: the order is paid (or free) and in the status the rule gave it. */
export async function placed(outbox: Outbox, tx: Transaction, purchase: PurchaseRecord, order: OrderRecord, status: string): Promise<void> {
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

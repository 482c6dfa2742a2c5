/**
 * Entitlements: who may read what because they bought it. The reader owns this fact; the catalog
 * asks the reader (gRPC Entitlements) rather than keeping a record of its own, so this is the one
 * rule for grant and revoke.
 *
 * Each event type travels on its own topic, so a refund can arrive before the order it refunds and
 * an order after its account was deleted, and any event can arrive twice. The rule therefore turns
 * each event into facts that are only ever added, and derives ownership from all of an account's
 * facts together: the same facts in any order, any number of times, own the same products.
 */
import type { EventData } from '@inkwell/platform';

export type EntitlementEvent =
  | { type: 'order.completed'; data: EventData<'orderCompleted'> }
  | { type: 'order.refunded'; data: EventData<'orderRefunded'> }
  | { type: 'account.deleted'; data: EventData<'accountDeleted'> };

export type EntitlementFact =
  /** A digital copy bought in an order; print copies give no reading rights. */
  | { kind: 'purchased'; userId: string; orderId: string; productId: string; variantId: string }
  /** The purchase of a product in an order was refunded, whoever's it was and whenever it arrives. */
  | { kind: 'refunded'; orderId: string; productId: string }
  | { kind: 'account-deleted'; userId: string };

/** Catalog ids are numbers; anything else is skipped, so one odd item cannot stall the stream with retries. */
function isProductId(value: string): boolean {
  return /^\d{1,18}$/.test(value);
}

/** The facts an event adds. A guest's order grants nothing: there is no account to read with. */
export function entitlementFacts(event: EntitlementEvent): EntitlementFact[] {
  switch (event.type) {
    case 'order.completed': {
      const { orderId, userId, items } = event.data;
      if (!userId) return [];
      const facts = new Map<string, EntitlementFact>();
      for (const item of items) {
        if (item.distributionType !== 'Digital' || !isProductId(item.productId) || facts.has(item.productId)) continue;
        facts.set(item.productId, { kind: 'purchased', userId, orderId, productId: item.productId, variantId: item.variantId });
      }
      return [...facts.values()];
    }
    case 'order.refunded': {
      const { orderId, productIds } = event.data;
      return [...new Set(productIds.filter(isProductId))].map((productId) => ({ kind: 'refunded', orderId, productId }));
    }
    case 'account.deleted':
      return [{ kind: 'account-deleted', userId: event.data.userId }];
  }
}

/** What is known of one account: its purchases, the refunds of its orders, whether it was deleted. */
export interface AccountLedger {
  purchases: ReadonlyArray<{ orderId: string; productId: string }>;
  refunds: ReadonlyArray<{ orderId: string; productId: string }>;
  deleted: boolean;
}

/**
 * The products an account owns: each bought in some order whose purchase of it was not refunded
 * (a refund of one order leaves a copy bought in another), and none once the account is deleted.
 */
export function ownedProducts({ purchases, refunds, deleted }: AccountLedger): Set<string> {
  if (deleted) return new Set();
  const refunded = new Set(refunds.map(({ orderId, productId }) => `${orderId}\0${productId}`));
  return new Set(purchases.filter(({ orderId, productId }) => !refunded.has(`${orderId}\0${productId}`)).map(({ productId }) => productId));
}

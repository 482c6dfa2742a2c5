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
  | { kind: 'account-deleted'; userId: string }
  /** Staff granted a product (dashboard `products/add` or `compAdd`): owned until the grant is removed. */
  | { kind: 'granted'; grantId: string; userId: string; productId: string }
  /** Staff removed a grant. */
  | { kind: 'grant-removed'; grantId: string }
  /** Staff removed a purchased product (dashboard `products/delete`): like a refund, without the money. */
  | { kind: 'removed'; orderId: string; productId: string };

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

/** A product bought in an order. */
export interface PurchaseEntry {
  orderId: string;
  productId: string;
}

/** A product staff granted; `removed` once a grant-removed fact names it. */
export interface GrantEntry {
  grantId: string;
  productId: string;
  removed: boolean;
}

/**
 * What is known of one account: its purchases, the refunds of its orders and staff removals of
 * purchases, staff grants, whether it was deleted.
 */
export interface AccountLedger<P extends PurchaseEntry = PurchaseEntry, G extends GrantEntry = GrantEntry> {
  purchases: ReadonlyArray<P>;
  refunds: ReadonlyArray<{ orderId: string; productId: string }>;
  /** Purchases staff removed (absent: none). */
  removals?: ReadonlyArray<{ orderId: string; productId: string }>;
  /** Staff grants, removed or not (absent: none). */
  grants?: ReadonlyArray<G>;
  deleted: boolean;
}

/**
 * The entitlements that give the right to read now: each purchase whose order's copy of the product
 * was neither refunded nor removed by staff (a refund of one order leaves a copy bought in another),
 * and each grant not removed; nothing once the account is deleted. The one ownership rule:
 * `ownedProducts`, the shelf, the gRPC answer to the catalog and the dashboard's list all derive from it.
 */
export function liveEntitlements<P extends PurchaseEntry, G extends GrantEntry>(ledger: AccountLedger<P, G>): { purchases: P[]; grants: G[] } {
  if (ledger.deleted) return { purchases: [], grants: [] };
  const key = ({ orderId, productId }: { orderId: string; productId: string }) => `${orderId}\0${productId}`;
  const taken = new Set([...ledger.refunds, ...(ledger.removals ?? [])].map(key));
  return {
    purchases: ledger.purchases.filter((purchase) => !taken.has(key(purchase))),
    grants: (ledger.grants ?? []).filter((grant) => !grant.removed),
  };
}

/** The products an account owns: those of its live entitlements (`liveEntitlements`). */
export function ownedProducts(ledger: AccountLedger): Set<string> {
  const { purchases, grants } = liveEntitlements(ledger);
  return new Set([...purchases, ...grants].map(({ productId }) => productId));
}

import type { EventEnvelope, Transaction } from '@inkwell/platform';
import { entitlementFacts, type EntitlementEvent, type EntitlementFact } from '../domain';
import { isAccountDeleted, lockAccount, recordAccountDeleted, recordPurchase, recordRefund } from '../store/entitlements';

/**
 * Records what an order or account event says about entitlements (see domain/entitlements.ts): a
 * purchase also puts the comic on the buyer's shelf, a refund takes it off; a deleted account takes
 * its library with it.
 * Redelivered events are stopped by the inbox; every write is also harmless when repeated.
 */
export async function recordEntitlementEvent(tx: Transaction, event: EventEnvelope): Promise<void> {
  for (const fact of entitlementFacts(event as EntitlementEvent)) await record(tx, fact, event.occurredAt);
}

async function record(tx: Transaction, fact: EntitlementFact, occurredAt: string): Promise<void> {
  switch (fact.kind) {
    case 'purchased':
      await lockAccount(tx, fact.userId);
      if (await isAccountDeleted(tx, fact.userId)) return;
      await recordPurchase(tx, fact, occurredAt);
      return;
    case 'refunded':
      // The right to read goes, and the comic leaves the shelf unless still owned; its progress stays.
      await recordRefund(tx, fact, occurredAt);
      return;
    case 'account-deleted':
      await lockAccount(tx, fact.userId);
      await recordAccountDeleted(tx, fact.userId, occurredAt);
  }
}

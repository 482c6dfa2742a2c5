import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { erasedUserToken } from '@inkwell/platform';
import { rowsMentioning, signTestToken } from '@inkwell/platform/testing';
import { createProduct } from '../../catalog/test/factories';
import { orderCompleted, startReader, type ReaderHarness } from './support/harness';

/**
 * The reader's side of an erasure (`account.deleted`): library, shelf and progress gone
 * (consumers/entitlements.ts), orders awaiting release gone and the outbox's events about them
 * redacted (consumers/account-erasure.ts), the deleted account remembered by its token only — a
 * late order.completed still grants nothing.
 */
describe('reader: erasing a person (account.deleted)', () => {
  let harness: ReaderHarness;
  let productId: number;
  beforeAll(async () => {
    harness = await startReader();
    productId = await createProduct(harness.catalogDb, { name: 'Erasure Vol. 1' });
  }, 60_000);
  afterAll(() => harness?.close());
  /** order.completed of a Digital copy, with an order id as the order service makes them. */
  const bought = (userId: string) => harness.deliver('order', 'order.completed', orderCompleted(randomUUID(), userId, [productId]));

  it('forgets the reader everywhere, and a late purchase of theirs grants nothing', async () => {
    const db = harness.context.db;
    const userId = randomUUID();
    const other = randomUUID();
    await bought(userId);
    await bought(other);
    const token = await signTestToken({ userId });
    assert.equal((await harness.request('PATCH', `/api/mycomics/${productId}`, { token, body: { ReadingProgress: 3 } })).status, 200);
    await db.query("INSERT INTO awaiting_orders (order_id, product_id, user_id, placed_at) VALUES ('order-awaiting', $1, $2, now())", [productId, userId]);
    assert.ok((await rowsMentioning(db, [userId])).length >= 4, 'owned, shelved, progress, awaiting (and the outbox)');

    await harness.deliver('account', 'account.deleted', { userId });

    assert.deepEqual(await rowsMentioning(db, [userId]), []);
    assert.deepEqual((await db.query('SELECT user_id FROM deleted_accounts')).rows, [{ user_id: erasedUserToken(userId) }]);
    assert.equal((await harness.request('GET', '/api/mycomics', { token: await signTestToken({ userId: other }) })).body.status.fullCount, 1, 'the other reader keeps their comic');

    // An order of theirs completing after the erasure grants nothing, and leaves no trace.
    await bought(userId);
    assert.deepEqual(await rowsMentioning(db, [userId]), []);
  });
});

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createEnvelope, erasedUserToken, EVENTS, type EventData } from '@inkwell/platform';
import { buildTestService, rowsMentioning, type TestService } from '@inkwell/platform/testing';
import { supportService, type SupportParts } from '../src';
import { ERASED_MAIL_BODY } from '../src/consumers/account-erasure';

describe('support: erasing a person (account.deleted)', () => {
  let service: TestService<SupportParts>;
  beforeAll(async () => {
    service = await buildTestService(supportService);
    await service.bus.start();
  });
  afterAll(() => service.close());

  const placed = (userId: string | undefined, email: string) => {
    const orderId = randomUUID();
    const data: EventData<'orderPlaced'> = {
      orderId,
      purchaseId: randomUUID(),
      ...(userId ? { userId } : {}),
      email,
      status: 'Completed',
      accountingId: 'INK-000077',
      total: { cents: 999, currency: 'USD' },
      items: [{ productId: '101', variantId: '1', name: 'Saga, Volume 1', distributionType: 'Digital', quantity: 1, price: { cents: 999, currency: 'USD' } }],
    };
    return createEnvelope('order', { type: EVENTS.orderPlaced.type, key: orderId, data });
  };

  it("keeps their mails counted for delivery statistics without the address, the id or the words, and leaves others' mails", async () => {
    const db = service.context.db;
    const userId = randomUUID();
    const email = `Mailed.Reader-${userId.slice(0, 8)}@example.com`;
    await service.bus.publish(placed(undefined, email.toLowerCase())); // as a guest, before signing up
    await service.bus.publish(placed(userId, email));
    await service.bus.publish(placed(randomUUID(), 'someone.else@example.com'));
    await service.bus.idle();
    const statuses = async () => (await db.query<{ status: string; count: string }>('SELECT status, count(*) FROM sent_emails GROUP BY status ORDER BY status')).rows;
    const before = await statuses();
    assert.equal(before.reduce((sum, row) => sum + Number(row.count), 0), 3);
    assert.ok((await rowsMentioning(db, [userId, email])).length > 0);

    await service.bus.publish(createEnvelope('account', { type: EVENTS.accountDeleted.type, key: userId, data: { userId } }));
    await service.bus.idle();

    assert.deepEqual(await rowsMentioning(db, [userId, email]), []);
    const theirs = await db.query<{ to_address: string; user_id: string | null; html_body: string; text_body: string; template_name: string | null }>(
      "SELECT to_address, user_id, html_body, text_body, template_name FROM sent_emails WHERE to_address = 'erased' ORDER BY mail_created_at",
    );
    assert.equal(theirs.rows.length, 2, 'both of their mails are still counted');
    for (const mail of theirs.rows) {
      assert.deepEqual([mail.html_body, mail.text_body], [ERASED_MAIL_BODY, ERASED_MAIL_BODY]);
      assert.ok(mail.template_name, 'which template it was stays');
    }
    // The guest mail too: both are theirs, grouped under the token.
    assert.deepEqual(theirs.rows.map((mail) => mail.user_id), [erasedUserToken(userId), erasedUserToken(userId)]);
    const others = await db.query<{ html_body: string }>("SELECT html_body FROM sent_emails WHERE to_address = 'someone.else@example.com'");
    assert.match(others.rows[0]!.html_body, /Saga, Volume 1/, "another person's mail is untouched");

    await service.bus.publish(createEnvelope('account', { type: EVENTS.accountDeleted.type, key: userId, data: { userId } }));
    await service.bus.idle();
    assert.equal((await statuses()).reduce((sum, row) => sum + Number(row.count), 0), 3);
  });
});

import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createEnvelope } from '@inkwell/platform';
import { buildTestService, testServiceConfig, type TestService } from '@inkwell/platform/testing';
import { supportService, type SupportParts } from '../src';
import { cancelScheduledEmails, nextUtcMidnight, scheduleEmail, spendBudget } from '../src/store/scheduled-emails';
import { startAccountLinks, type AccountLinksStandIn } from './account-links';
import { address, adminToken, readerToken } from './factories';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const BASE = '/api/dashboard/scheduled-emails';

describe('scheduled emails', () => {
  let service: TestService<SupportParts>;
  let links: AccountLinksStandIn;
  let admin: string;

  beforeAll(async () => {
    links = await startAccountLinks();
    const base = testServiceConfig('support', 'postgres://unused', links.config);
    service = await buildTestService(supportService, { config: { ...links.config, publicUrl: 'https://store.example', email: { ...base.email, dailySendCap: 2 } } });
    await service.bus.start();
    admin = await adminToken();
  });
  afterAll(async () => {
    await service?.close();
    await links?.close();
  });

  const db = () => service.context.db;
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = admin) => {
    const response = await service.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.json() as Json };
  };
  const followUp = (to: string, options: { sendFrom?: Date; dedupeKey?: string; ticketId?: number; templateName?: string } = {}) =>
    db().transaction((tx) =>
      scheduleEmail(tx, {
        to,
        templateName: options.templateName ?? 'ticket-follow-up',
        templateData: { ticketSubject: 'Where is my <comic>?', ticketReference: '#42' },
        sendFrom: options.sendFrom ?? new Date(Date.now() - 1000),
        reason: 'ticket-follow-up',
        ...(options.dedupeKey ? { dedupeKey: options.dedupeKey } : {}),
        ...(options.ticketId ? { ticketId: options.ticketId } : {}),
        createdBy: 'agent@inkwell.example',
      }),
    );
  const row = async (id: number) =>
    (await db().query<{ status: string; note: string | null; send_from: Date; sent_email_id: string | null }>('SELECT status, note, send_from, sent_email_id FROM scheduled_emails WHERE id = $1', [id])).rows[0]!;
  const resetBudget = () => db().query('DELETE FROM email_budget_usage');

  it('schedules once per dedupe key and cancels what still waits', async () => {
    const to = address('dedupe');
    const first = await followUp(to, { dedupeKey: 'ticket-7-reply-1', ticketId: 7, sendFrom: new Date(Date.now() + 86_400_000) });
    const again = await followUp(to, { dedupeKey: 'ticket-7-reply-1', ticketId: 7 });
    assert.equal(again, first);
    const { rows } = await db().query('SELECT count(*)::int AS n FROM scheduled_emails WHERE dedupe_key = $1', ['ticket-7-reply-1']);
    assert.deepEqual(rows, [{ n: 1 }]);
    assert.equal((await row(first)).status, 'Scheduled');

    const other = await followUp(to, { dedupeKey: 'ticket-7-reply-2', ticketId: 7, sendFrom: new Date(Date.now() + 86_400_000) });
    assert.equal(await db().transaction((tx) => cancelScheduledEmails(tx, { ticketId: 7 })), 2);
    assert.equal((await row(first)).status, 'Cancelled');
    assert.equal((await row(other)).status, 'Cancelled');
    assert.equal(await db().transaction((tx) => cancelScheduledEmails(tx, { ticketId: 7 })), 0, 'cancelled ones stay cancelled');
    const byKey = await followUp(to, { dedupeKey: 'ticket-8-reply-1', sendFrom: new Date(Date.now() + 86_400_000) });
    assert.equal(await db().transaction((tx) => cancelScheduledEmails(tx, { dedupeKey: 'ticket-8-reply-1' })), 1);
    assert.equal((await row(byKey)).status, 'Cancelled');
  });

  it('renders a due email with its template and queues it (category scheduled); later ones wait; a missing template fails with a note', async () => {
    await resetBudget();
    const to = address('due');
    const due = await followUp(to);
    const later = await followUp(to, { sendFrom: new Date(Date.now() + 3_600_000) });
    const missing = await followUp(address('missing'), { templateName: 'no-such-template' });
    await service.exposed.runScheduledEmails();
    await service.exposed.sendQueuedEmails();

    const sent = await row(due);
    assert.equal(sent.status, 'Sent');
    assert.ok(sent.sent_email_id);
    const mail = (await db().query<{ to_address: string; subject: string; html_body: string; text_body: string; category: string; status: string; template_name: string }>('SELECT to_address, subject, html_body, text_body, category, status, template_name FROM sent_emails WHERE id = $1', [sent.sent_email_id])).rows[0]!;
    assert.equal(mail.to_address, to);
    assert.equal(mail.category, 'scheduled');
    assert.equal(mail.template_name, 'ticket-follow-up');
    assert.equal(mail.status, 'Delivered');
    assert.equal(mail.subject, 'Did we answer your question? [#42]');
    assert.ok(mail.html_body.includes('Where is my &lt;comic&gt;?'), 'values are escaped in HTML');
    assert.ok(mail.text_body.includes('Where is my <comic>?'));
    assert.ok(mail.text_body.includes('https://store.example/'));

    assert.equal((await row(later)).status, 'Scheduled');
    const failed = await row(missing);
    assert.equal(failed.status, 'Failed');
    assert.equal(failed.note, 'No email template named "no-such-template".');
  });

  it("sends a ticket's follow-up from the support address with the ticket's reply address", async () => {
    await resetBudget();
    const to = address('ticket');
    const id = await db().transaction((tx) =>
      scheduleEmail(tx, { to, templateName: 'ticket-follow-up', templateData: { ticketSubject: 'Refund', ticketReference: '#9', replyAddress: 'support+tok9@inkwell.example' }, sendFrom: new Date(Date.now() - 1000), reason: 'ticket-follow-up', ticketId: 9 }),
    );
    await service.exposed.runScheduledEmails();
    const { sent_email_id } = await row(id);
    const mail = (await db().query<{ reply_to: string; from_address: string }>('SELECT reply_to, from_address FROM sent_emails WHERE id = $1', [sent_email_id])).rows[0]!;
    assert.equal(mail.reply_to, 'support+tok9@inkwell.example');
    assert.match(mail.from_address, new RegExp(`${service.context.config.support.address.replace(/[.+]/g, '\\$&')}>?$`));
  });

  it('keeps to the daily budget: cap 2, three due → two sent, one Deferred to the next UTC midnight', async () => {
    await resetBudget();
    const ids = [await followUp(address('budget')), await followUp(address('budget')), await followUp(address('budget'))];
    await service.exposed.runScheduledEmails();
    const rows = await Promise.all(ids.map(row));
    assert.deepEqual(rows.map((r) => r.status).sort(), ['Deferred', 'Sent', 'Sent']);
    const deferred = rows.find((r) => r.status === 'Deferred')!;
    assert.equal(deferred.send_from.toISOString(), nextUtcMidnight(new Date()).toISOString());
    assert.match(deferred.note ?? '', /daily budget of 2/);
    assert.equal(deferred.sent_email_id, null);
    await service.exposed.runScheduledEmails();
    assert.equal((await Promise.all(ids.map(row))).filter((r) => r.status === 'Sent').length, 2, 'nothing more today');

    const budgets = await call('GET', `${BASE}/budgets`);
    assert.equal(budgets.status, 200);
    assert.deepEqual(budgets.body.response, [{ name: 'daily', dailyCap: 2, usedToday: 2, remainingToday: 0, resetsAt: nextUtcMidnight(new Date()).toISOString() }]);

    // The next day comes (the deferred row's time and a fresh budget): it is sent.
    await db().query(`UPDATE scheduled_emails SET send_from = now() WHERE status = 'Deferred'`);
    await resetBudget();
    await service.exposed.runScheduledEmails();
    assert.deepEqual((await Promise.all(ids.map(row))).map((r) => r.status), ['Sent', 'Sent', 'Sent']);
  });

  it('never spends past the cap under concurrency', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => db().transaction((tx) => spendBudget(tx, 'race-test', 3))));
    assert.equal(results.filter(Boolean).length, 3);
    const { rows } = await db().query(`SELECT used FROM email_budget_usage WHERE budget = 'race-test'`);
    assert.deepEqual(rows, [{ used: 3 }]);
  });

  it('lists, counts and cancels through the staff calls', async () => {
    const to = address('staff');
    const waiting = await followUp(to, { sendFrom: new Date(Date.now() + 2 * 86_400_000) });
    const list = await call('POST', `${BASE}/post-pagination`, { pageNumber: 1, pageSize: 10, search: to, statuses: ['Scheduled'] });
    assert.equal(list.status, 200);
    assert.equal(list.body.response.filteredTotalRows, 1);
    const item = list.body.response.items[0];
    assert.equal(item.id, waiting);
    assert.equal(item.receipientEmail, to);
    assert.equal(item.templateName, 'ticket-follow-up');
    assert.equal(item.reason, 'ticket-follow-up');
    assert.equal(item.createdBy, 'agent@inkwell.example');
    assert.equal(item.messageId, null);

    const metrics = await call('GET', `${BASE}/metrics`);
    assert.equal(metrics.status, 200);
    const { rows } = await db().query<{ later: number; failed: number; cancelled: number }>(
      `SELECT count(*) FILTER (WHERE status IN ('Scheduled','Deferred') AND send_from > now())::int AS later, count(*) FILTER (WHERE status = 'Failed')::int AS failed, count(*) FILTER (WHERE status = 'Cancelled')::int AS cancelled FROM scheduled_emails`,
    );
    assert.equal(metrics.body.response.later, rows[0]!.later);
    assert.equal(metrics.body.response.failed, 1);
    assert.equal(metrics.body.response.cancelled, rows[0]!.cancelled);
    assert.equal(metrics.body.response.upcoming.length, 14);
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    assert.ok(metrics.body.response.upcoming.find((d: Json) => d.date === inTwoDays).count >= 1);

    const cancelled = await call('POST', `${BASE}/cancel/${waiting}`);
    assert.equal(cancelled.status, 200);
    assert.equal(cancelled.body.response.status, 'Cancelled');
    assert.equal(cancelled.body.response.editedBy, 'staff@inkwell.example');
    const again = await call('POST', `${BASE}/cancel/${waiting}`);
    assert.equal(again.status, 409);
    assert.equal(again.body.status.message, 'Only an email still waiting to be sent can be cancelled.');
    assert.equal((await call('POST', `${BASE}/cancel/999999`)).status, 404);
    assert.equal((await call('POST', `${BASE}/cancel/abc`)).status, 400);
    assert.equal((await call('POST', `${BASE}/cancel/0`)).status, 400);
  });

  it('refuses bad input and non-staff callers', async () => {
    for (const body of [{ pageNumber: 0, pageSize: 10 }, { pageNumber: 1, pageSize: 101 }, { pageNumber: 1, pageSize: 10, statuses: ['Lost'] }, { pageNumber: 1, pageSize: 10, search: 'x'.repeat(321) }]) {
      const response = await call('POST', `${BASE}/post-pagination`, body);
      assert.equal(response.status, 400, JSON.stringify(body));
    }
    const reader = await readerToken();
    for (const [method, url, body] of [
      ['POST', `${BASE}/post-pagination`, { pageNumber: 1, pageSize: 10 }],
      ['GET', `${BASE}/budgets`, undefined],
      ['GET', `${BASE}/metrics`, undefined],
      ['POST', `${BASE}/cancel/1`, undefined],
    ] as const) {
      assert.equal((await call(method, url, body, null)).status, 401, url);
      assert.equal((await call(method, url, body, reader)).status, 403, url);
    }
  });

  it('schedules a reminder the day before release per line of a paid pre-order, once however often the event comes, and cancels them with the order', async () => {
    const to = address('preorder');
    const release = new Date(Date.now() + 7 * 86_400_000);
    const placed = createEnvelope('order', {
      type: 'order.placed',
      key: 'order-pre-1',
      data: {
        orderId: 'order-pre-1',
        purchaseId: 'purchase-1',
        email: to,
        status: 'Scheduled',
        scheduleDate: release.toISOString(),
        total: { cents: 1998, currency: 'USD' },
        items: [
          { productId: 'p1', variantId: 'v1', name: 'Moonfall #1', distributionType: 'Digital', quantity: 1, price: { cents: 999, currency: 'USD' } },
          { productId: 'p2', variantId: 'v2', name: 'Moonfall #2', distributionType: 'Digital', quantity: 1, price: { cents: 999, currency: 'USD' } },
        ],
      },
    });
    await service.bus.publish(placed);
    await service.bus.publish({ ...placed });
    await service.bus.idle();
    const scheduled = await db().query<{ template_name: string; send_from: Date; status: string; template_data: Json }>(
      'SELECT template_name, send_from, status, template_data FROM scheduled_emails WHERE recipient_email = $1 ORDER BY dedupe_key',
      [to],
    );
    assert.equal(scheduled.rows.length, 2);
    const dayBefore = release.getTime() - 86_400_000;
    assert.ok(scheduled.rows.every((r) => r.template_name === 'pre-order-reminder' && r.status === 'Scheduled' && r.send_from.getTime() === dayBefore));
    assert.deepEqual(scheduled.rows.map((r) => r.template_data.itemName), ['Moonfall #1', 'Moonfall #2']);

    // A bought-now order schedules nothing, nor a pre-order out within a day (its release mail comes on the day).
    await service.bus.publish(createEnvelope('order', { type: 'order.placed', key: 'order-now', data: { ...placed.data, orderId: 'order-now', status: 'Completed', scheduleDate: undefined } }));
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    await service.bus.publish(createEnvelope('order', { type: 'order.placed', key: 'order-soon', data: { ...placed.data, orderId: 'order-soon', scheduleDate: soon } }));
    await service.bus.publish(createEnvelope('order', { type: 'order.cancelled', key: 'order-pre-1', data: { orderId: 'order-pre-1', purchaseId: 'purchase-1', reason: 'Changed my mind' } }));
    await service.bus.idle();
    const after = await db().query<{ status: string }>('SELECT status FROM scheduled_emails WHERE recipient_email = $1', [to]);
    assert.deepEqual(after.rows.map((r) => r.status), ['Cancelled', 'Cancelled']);
  });
});

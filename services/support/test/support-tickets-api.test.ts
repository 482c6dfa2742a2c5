import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { accountService } from '@inkwell/account';
import { SUPPORT_MESSAGES } from '@inkwell/contracts/dashboard-support';
import type { TicketStatus } from '@inkwell/contracts/support-rules';
import { createGrpcServer, type Database } from '@inkwell/platform';
import { buildTestService, signTestToken, testLogger, testServiceConfig, type TestService } from '@inkwell/platform/testing';
import { supportService, type SupportParts } from '../src';
import { MailQueue } from '../src/store/mail-queue';
import { scheduleEmail } from '../src/store/scheduled-emails';
import { addAttachment, addFormMessage, addInboundEmail, addOutboundEmail, openTicket, setTicketStatus } from '../src/store/ticket-writes';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const BASE = '/api/dashboard/support-tickets';

describe('staff support ticket calls (support service, staff from a real account service over gRPC)', () => {
  let account: TestService;
  let service: TestService<SupportParts>;
  let db: Database;
  let admin: { id: string; email: string; token: string };
  let colleague: { id: string; email: string };
  let financeOnly: { id: string; email: string };
  let readerId: string;
  let reader: string;
  const queue = new MailQueue('Inkwell <support@inkwell.example>');
  let counter = 0;
  const unique = (label: string) => `${label}-${process.pid}-${++counter}@example.com`;

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = admin.token) => {
    const response = await service.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const isJson = (response.headers['content-type'] ?? '').toString().includes('json');
    return { status: response.statusCode, body: (isJson ? response.json() : null) as Json, raw: response.rawPayload, headers: response.headers };
  };
  const page = async (filters: Record<string, unknown> = {}) => {
    const response = await call('POST', `${BASE}/post-pagination`, { pageNumber: 1, pageSize: 100, ...filters });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.response;
  };
  const idsOf = (result: Json) => result.items.map((item: Json) => item.id as number);

  /** A staff account in the account service's own database. */
  const staffAccount = async (roles: string[], name: string | null) => {
    const email = unique('staff');
    const { rows } = await account.context.db.query<{ id: string }>(
      `INSERT INTO accounts (email, password_hash, verified, roles, name) VALUES ($1, 'not-a-hash', true, $2, $3) RETURNING id`,
      [email, roles, name],
    );
    return { id: rows[0]!.id, email };
  };

  /** A ticket opened by an inbound email, with a stored raw message. */
  const emailTicket = async (options: { from?: string; name?: string | null; subject?: string; text?: string; platform?: string | null } = {}) => {
    const from = options.from ?? unique('customer');
    const rawKey = `support/raw/${randomUUID()}.eml`;
    await service.context.files.put(rawKey, Buffer.from(`From: ${from}\r\nSubject: ${options.subject ?? 'Help'}\r\n\r\n${options.text ?? 'Hello'}`), 'message/rfc822');
    return db.transaction(async (tx) => {
      const ticket = await openTicket(tx, { fromEmail: from, fromName: options.name ?? null, userId: null, subject: options.subject ?? 'Help', type: 'Email', platform: options.platform ?? null });
      const messageId = await addInboundEmail(tx, ticket.id, {
        subject: options.subject ?? 'Help',
        text: options.text ?? 'Hello',
        html: `<p>${options.text ?? 'Hello'}</p>`,
        fromEmail: from,
        fromName: options.name ?? null,
        toEmail: 'support@inkwell.example',
        ccEmail: null,
        sizeBytes: 120,
        bucketLocationKey: rawKey,
        messageIdHeader: `<${randomUUID()}@mail.example>`,
        inReplyTo: null,
      });
      return { id: ticket.id, from, messageId, rawKey };
    });
  };
  const ticketRow = async (id: number): Promise<Json> => (await db.query('SELECT * FROM support_tickets WHERE id = $1', [id])).rows[0];
  const newTag = async (name: string, color?: string) => {
    const response = await call('POST', `${BASE}/tags/add-or-update`, { name, ...(color ? { color } : {}) });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.response as { id: number; name: string; color: string; ticketCount: number };
  };

  beforeAll(async () => {
    account = await buildTestService(accountService);
    const port = await account.grpc.listen('127.0.0.1', 0);
    const { peers } = testServiceConfig('support', 'postgres://unused');
    service = await buildTestService(supportService, { config: { peers: { ...peers, account: { ...peers.account, grpcAddress: `127.0.0.1:${port}` } } } });
    db = service.context.db;
    const me = await staffAccount(['admin'], 'Ada Admin');
    admin = { ...me, token: await signTestToken({ userId: me.id, email: me.email, roles: ['admin'] }) };
    colleague = await staffAccount(['support'], null);
    financeOnly = await staffAccount(['finance', 'admin'], 'Fin');
    readerId = (await account.context.db.query<{ id: string }>(`INSERT INTO accounts (email, password_hash, roles) VALUES ($1, 'x', '{}') RETURNING id`, [unique('reader')])).rows[0]!.id;
    reader = await signTestToken({ userId: readerId, email: 'reader@example.com', roles: [] });
  });
  afterAll(async () => {
    await service?.close();
    await account?.close();
  });

  it('answers 401 to anonymous callers and 403 to readers on every call, and changes nothing', async () => {
    const ticket = await emailTicket();
    const tag = await newTag(`guarded-${counter}`);
    const calls: Array<['GET' | 'POST', string, unknown]> = [
      ['POST', `${BASE}/post-pagination`, { pageNumber: 1, pageSize: 10 }],
      ['GET', `${BASE}/get/${ticket.id}`, undefined],
      ['POST', `${BASE}/mark-read`, { ticketIds: [ticket.id], read: true }],
      ['GET', `${BASE}/tags`, undefined],
      ['POST', `${BASE}/tags/add-or-update`, { name: 'sneaky' }],
      ['POST', `${BASE}/tags/delete/${tag.id}`, undefined],
      ['GET', `${BASE}/assignable-users`, undefined],
      ['POST', `${BASE}/bulk-edit`, { ticketIds: [ticket.id], status: 'Closed' }],
      ['GET', `${BASE}/raw-message/${ticket.messageId}`, undefined],
      ['GET', `${BASE}/attachment/1`, undefined],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await call(method, url, payload, null);
      assert.equal(anonymous.status, 401, `${method} ${url}`);
      const asReader = await call(method, url, payload, reader);
      assert.equal(asReader.status, 403, `${method} ${url}`);
      assert.equal(asReader.body.status.type, 'Forbidden');
    }
    const row = await ticketRow(ticket.id);
    assert.equal(row.status, 'Open');
    assert.equal(row.unread, true);
    assert.ok((await call('GET', `${BASE}/tags`)).body.response.some((t: Json) => t.id === tag.id));
    assert.ok(!(await call('GET', `${BASE}/tags`)).body.response.some((t: Json) => t.name === 'sneaky'));
  });

  it('pages the inbox with every filter, searches addresses, names, subjects, ids and message text, sorts, and counts the tabs', async () => {
    const marker = `m${process.pid}x${++counter}`;
    const a = await emailTicket({ from: `alpha-${marker}@example.com`, name: 'Alpha Person', subject: `Refund ${marker}`, text: 'The scan of page 12 is blurry', platform: 'Web' });
    const b = await emailTicket({ from: `beta-${marker}@example.com`, name: `Beta ${marker}`, subject: 'Where is my order', text: `tracking ${marker}-zz`, platform: 'Steam-desktop' });
    const c = await emailTicket({ from: `gamma-${marker}@example.com`, subject: `Gamma ${marker}`, text: '100% sure_ it is broken' });
    // c: answered by staff (waiting on the customer), assigned to me, read.
    await db.transaction(async (tx) => {
      const sent = await queue.add(tx, { to: c.from, content: { subject: 'Re: Gamma', html: '<p>Ok</p>', text: 'Ok' }, templateName: null, category: 'support' });
      await addOutboundEmail(tx, c.id, { sentEmailId: sent, sendersUserId: admin.id, sendersEmail: admin.email, subject: 'Re: Gamma', text: 'Ok', toEmail: c.from });
      await setTicketStatus(tx, c.id, 'PendingOnCustomer');
      await tx.query('UPDATE support_tickets SET unread = false, assigned_to_user_id = $2, assigned_to_email = $3 WHERE id = $1', [c.id, admin.id, admin.email]);
    });
    // A form ticket.
    const formTicket = await db.transaction(async (tx) => {
      const ticket = await openTicket(tx, { fromEmail: `delta-${marker}@example.com`, fromName: null, userId: null, subject: `Form ${marker}`, type: 'SubmittedForm', platform: 'Web' });
      await addFormMessage(tx, ticket.id, { formType: 'Contact', submittedEmail: `delta-${marker}@example.com`, submittedUserId: null, subject: `Form ${marker}`, text: 'Hi from the form', userAgent: 'UA', ipAddress: '198.51.100.1', feedbackUrl: '/contact', platform: 'Web' });
      return ticket;
    });
    const tag = await newTag(`vip-${marker}`, '#aa0000');
    assert.equal((await call('POST', `${BASE}/bulk-edit`, { ticketIds: [a.id, formTicket.id], addTagIds: [tag.id] })).status, 200);

    const all = await page({ search: marker });
    assert.deepEqual(idsOf(all), [formTicket.id, c.id, b.id, a.id], 'latest update first');
    assert.equal(all.filteredTotalRows, 4);
    assert.ok(all.unfilteredTotalRows >= 4);
    const first = all.items.find((item: Json) => item.id === a.id);
    assert.deepEqual(
      { from: first.from, fromName: first.fromName, type: first.type, subject: first.subject, status: first.status, unread: first.unread, messageCount: first.messageCount, platform: first.platform, last: first.lastMessageDirection },
      { from: a.from, fromName: 'Alpha Person', type: 'Email', subject: `Refund ${marker}`, status: 'Open', unread: true, messageCount: 1, platform: 'Web', last: 'Inbound' },
    );
    assert.deepEqual(first.tags, [{ id: tag.id, name: `vip-${marker}`, color: '#aa0000' }]);
    assert.equal(first.preview, 'The scan of page 12 is blurry');
    assert.equal(all.items.find((item: Json) => item.id === c.id).preview, 'Ok', 'the latest message');

    assert.deepEqual(idsOf(await page({ search: `alpha-${marker}` })), [a.id], 'by address');
    assert.deepEqual(idsOf(await page({ search: `Beta ${marker}` })), [b.id], 'by name');
    assert.deepEqual(idsOf(await page({ search: `refund ${marker}` })), [a.id], 'by subject, any case');
    assert.deepEqual(idsOf(await page({ search: `${marker}-zz` })), [b.id], 'by message text');
    assert.ok(idsOf(await page({ search: String(c.id) })).includes(c.id), 'by id');
    assert.ok(idsOf(await page({ search: `#${c.id}` })).includes(c.id), 'by #id');
    assert.deepEqual(idsOf(await page({ search: '100% sure_' })), [c.id], '% and _ are literal');
    assert.deepEqual(idsOf(await page({ search: '100%' })).includes(a.id), false);

    assert.deepEqual(idsOf(await page({ search: marker, statuses: ['PendingOnCustomer'] })), [c.id]);
    assert.deepEqual(idsOf(await page({ search: marker, statuses: ['Open', 'Solved'] })), [formTicket.id, b.id, a.id]);
    assert.deepEqual(idsOf(await page({ search: marker, tagIds: [tag.id] })), [formTicket.id, a.id]);
    assert.deepEqual(idsOf(await page({ search: marker, assignedTo: 'me' })), [c.id]);
    assert.deepEqual(idsOf(await page({ search: marker, assignedTo: admin.id })), [c.id]);
    assert.deepEqual(idsOf(await page({ search: marker, assignedTo: colleague.id })), []);
    assert.deepEqual(idsOf(await page({ search: marker, assignedTo: 'unassigned' })), [formTicket.id, b.id, a.id]);
    assert.deepEqual(idsOf(await page({ search: marker, platform: 'steam-desktop' })), [b.id]);
    assert.deepEqual(idsOf(await page({ search: marker, type: 'SubmittedForm' })), [formTicket.id]);
    assert.deepEqual(idsOf(await page({ search: marker, waitingOnUs: true })), [formTicket.id, b.id, a.id]);
    assert.deepEqual(idsOf(await page({ search: marker, waitingOnUs: false })), [c.id]);
    assert.deepEqual(idsOf(await page({ search: marker, unread: false })), [c.id]);
    assert.deepEqual(idsOf(await page({ search: marker, sortBy: 'firstCreated', sortDirection: 'asc' })), [a.id, b.id, c.id, formTicket.id]);

    const paged = await page({ search: marker, pageSize: 3, pageNumber: 2 });
    assert.deepEqual(idsOf(paged), [a.id]);
    assert.deepEqual([paged.thisPageNumber, paged.thisPageSize, paged.totalPageNumber, paged.filteredTotalRows], [2, 3, 2, 4]);

    // Counts are the whole inbox's, whatever the filters.
    const counts = (await page({ search: 'nothing-matches-this' })).counts;
    const { rows } = await db.query<Json>(
      `SELECT count(*) FILTER (WHERE status = 'Open') AS open, count(*) FILTER (WHERE unread) AS unread,
              count(*) FILTER (WHERE status = 'Open' AND last_message_direction = 'Inbound') AS waiting,
              count(*) FILTER (WHERE status IN ('Open','PendingOnCustomer') AND assigned_to_user_id IS NULL) AS unassigned,
              count(*) FILTER (WHERE status IN ('Open','PendingOnCustomer') AND assigned_to_user_id = $1) AS mine
         FROM support_tickets`,
      [admin.id],
    );
    assert.deepEqual(counts, { open: Number(rows[0].open), unread: Number(rows[0].unread), waitingOnUs: Number(rows[0].waiting), mine: Number(rows[0].mine), unassigned: Number(rows[0].unassigned) });
    assert.ok(counts.mine >= 1 && counts.open >= 3);
  });

  it('refuses bad search bodies with 400 naming the field', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ pageNumber: 0, pageSize: 10 }, 'pageNumber'],
      [{ pageNumber: 1, pageSize: 1000 }, 'pageSize'],
      [{ pageNumber: 1, pageSize: 10, statuses: ['Lost'] }, 'statuses'],
      [{ pageNumber: 1, pageSize: 10, assignedTo: 'someone' }, 'assignedTo'],
      [{ pageNumber: 1, pageSize: 10, tagIds: [0] }, 'tagIds'],
      [{ pageNumber: 1, pageSize: 10, sortBy: 'subject; DROP TABLE support_tickets' }, 'sortBy'],
      [{ pageNumber: 1, pageSize: 10, search: 'x'.repeat(321) }, 'search'],
      [{ pageNumber: 1, pageSize: 10, type: 'Fax' }, 'type'],
    ];
    for (const [body, field] of bad) {
      const response = await call('POST', `${BASE}/post-pagination`, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.match(JSON.stringify(response.body.status), new RegExp(field), `${JSON.stringify(body)} names ${field}`);
    }
  });

  it('reads one ticket with every message oldest first in its own shape, and the statuses staff may choose', async () => {
    const t = await emailTicket({ name: 'Reader One', subject: 'Damaged file', text: 'Page 3 is missing' });
    await db.transaction(async (tx) => {
      await addAttachment(tx, t.messageId, { filename: 'shot.png', contentType: 'image/png', sizeBytes: 10, storageKey: 'support/attachments/x.png', note: null });
      await addAttachment(tx, t.messageId, { filename: 'big.mov', contentType: 'video/quicktime', sizeBytes: 99_000_000, storageKey: null, note: 'Too large to keep.' });
    });
    const sentId = await db.transaction(async (tx) => {
      const sent = await queue.add(tx, { to: t.from, content: { subject: 'Re: Damaged file', html: '<p>Fixed</p>', text: 'Fixed' }, templateName: 'ticket-reply', category: 'support' });
      await addOutboundEmail(tx, t.id, { sentEmailId: sent, sendersUserId: admin.id, sendersEmail: admin.email, subject: 'Re: Damaged file', text: 'Fixed', toEmail: t.from });
      await setTicketStatus(tx, t.id, 'PendingOnCustomer');
      return sent;
    });
    await db.query(`UPDATE sent_emails SET status = 'Failed', last_error = 'Mailbox unavailable' WHERE id = $1`, [sentId]);
    await db.transaction((tx) =>
      addFormMessage(tx, t.id, { formType: 'Support', submittedEmail: t.from, submittedUserId: readerId, subject: 'Again', text: 'Any news?', userAgent: 'UA/1', ipAddress: '192.0.2.5', feedbackUrl: '/support-center', platform: 'Web' }),
    );

    const response = await call('GET', `${BASE}/get/${t.id}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const ticket = response.body.response;
    assert.equal(ticket.id, t.id);
    assert.equal(ticket.status, 'PendingOnCustomer');
    assert.deepEqual(ticket.statusChoices, ['PendingOnCustomer', 'Open', 'Solved', 'Closed']);
    assert.deepEqual(ticket.messages.map((m: Json) => [m.type, m.direction ?? null]), [['Email', 'Inbound'], ['Email', 'Outbound'], ['SubmittedForm', null]]);
    const [inbound, outbound, form] = ticket.messages;
    assert.deepEqual(
      [inbound.message, inbound.htmlBody, inbound.fromEmail, inbound.fromName, inbound.subject, inbound.toEmail, inbound.emailSizeInBytes, inbound.bucketLocationKey],
      ['Page 3 is missing', '<p>Page 3 is missing</p>', t.from, 'Reader One', 'Damaged file', 'support@inkwell.example', 120, t.rawKey],
    );
    assert.deepEqual(inbound.attachments.map((a: Json) => [a.filename, a.contentType, a.kept, a.note]), [
      ['shot.png', 'image/png', true, null],
      ['big.mov', 'video/quicktime', false, 'Too large to keep.'],
    ]);
    assert.deepEqual(
      [outbound.sentEmailId, outbound.status, outbound.lastError, outbound.htmlBody, outbound.textBody, outbound.templateName, outbound.sendersUserId, outbound.sendersUserIdEmailLookup, outbound.toEmail],
      [sentId, 'Failed', 'Mailbox unavailable', '<p>Fixed</p>', 'Fixed', 'ticket-reply', admin.id, admin.email, t.from],
    );
    assert.match(outbound.externalEmailId, /^<.+@inkwell\.example>$/);
    assert.deepEqual([form.formType, form.message, form.ipAddress, form.userAgent, form.submittedUserId, form.feedbackUrl], ['Support', 'Any news?', '192.0.2.5', 'UA/1', readerId, '/support-center']);
    assert.ok(Date.parse(inbound.submittedDateTime) <= Date.parse(outbound.createdDateTime));

    const missing = await call('GET', `${BASE}/get/999999999`);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.status.message, SUPPORT_MESSAGES.ticketNotFound);
    for (const bad of ['abc', '0', '-1', '1.5']) assert.equal((await call('GET', `${BASE}/get/${bad}`)).status, 400, bad);
  });

  it('marks tickets read and unread; unknown ids are 404 and change nothing', async () => {
    const a = await emailTicket();
    const b = await emailTicket();
    const read = await call('POST', `${BASE}/mark-read`, { ticketIds: [a.id, b.id, a.id], read: true });
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.equal(read.body.response.updated, 2);
    assert.deepEqual([(await ticketRow(a.id)).unread, (await ticketRow(b.id)).unread], [false, false]);
    assert.equal((await call('POST', `${BASE}/mark-read`, { ticketIds: [a.id], read: false })).status, 200);
    assert.equal((await ticketRow(a.id)).unread, true);
    const unknown = await call('POST', `${BASE}/mark-read`, { ticketIds: [b.id, 999999998], read: false });
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.status.message, /#999999998/);
    assert.equal((await ticketRow(b.id)).unread, false, 'nothing changed');
    assert.equal((await call('POST', `${BASE}/mark-read`, { ticketIds: [], read: true })).status, 400);
    assert.equal((await call('POST', `${BASE}/mark-read`, { ticketIds: [a.id] })).status, 400);
  });

  it('lists, adds, renames, recolors and deletes tags; names are unique whatever their case', async () => {
    const name = `Billing-${process.pid}-${++counter}`;
    const tag = await newTag(name);
    assert.equal(tag.color, '#64748b', 'the default color');
    assert.equal(tag.ticketCount, 0);
    const taken = await call('POST', `${BASE}/tags/add-or-update`, { name: name.toUpperCase() });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.status.message, SUPPORT_MESSAGES.tagNameTaken(name.toUpperCase()));

    const other = await newTag(`Other-${counter}`);
    const renameClash = await call('POST', `${BASE}/tags/add-or-update`, { id: other.id, name });
    assert.equal(renameClash.status, 409);
    const recolor = await call('POST', `${BASE}/tags/add-or-update`, { id: tag.id, name: `${name} renamed`, color: '#00FF00' });
    assert.equal(recolor.status, 200, JSON.stringify(recolor.body));
    assert.deepEqual([recolor.body.response.id, recolor.body.response.name, recolor.body.response.color], [tag.id, `${name} renamed`, '#00FF00']);
    const sameName = await call('POST', `${BASE}/tags/add-or-update`, { id: tag.id, name: `${name} RENAMED` });
    assert.equal(sameName.status, 200, 'a tag may change the case of its own name');
    assert.equal(sameName.body.response.color, '#00FF00', 'the color stays when none is given');

    const t = await emailTicket();
    await call('POST', `${BASE}/bulk-edit`, { ticketIds: [t.id], addTagIds: [tag.id] });
    const listed = (await call('GET', `${BASE}/tags`)).body.response;
    assert.equal(listed.find((x: Json) => x.id === tag.id).ticketCount, 1);
    const names = listed.map((x: Json) => x.name.toLowerCase());
    assert.deepEqual(names, [...names].sort(), 'by name');

    const unknown = await call('POST', `${BASE}/tags/add-or-update`, { id: 999999, name: 'ghost' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.status.message, SUPPORT_MESSAGES.tagNotFound);
    for (const [body, message] of [
      [{ name: '' }, SUPPORT_MESSAGES.tagName],
      [{ name: '   ' }, SUPPORT_MESSAGES.tagName],
      [{ name: 'x'.repeat(41) }, SUPPORT_MESSAGES.tagName],
      [{ name: 'ok', color: 'red' }, SUPPORT_MESSAGES.tagColor],
      [{ name: 'ok', color: '#12345' }, SUPPORT_MESSAGES.tagColor],
    ] as const) {
      const response = await call('POST', `${BASE}/tags/add-or-update`, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.match(JSON.stringify(response.body.status), new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    }

    const deleted = await call('POST', `${BASE}/tags/delete/${tag.id}`);
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body.response, { id: tag.id, deleted: true });
    assert.deepEqual((await call('GET', `${BASE}/get/${t.id}`)).body.response.tags, [], 'the ticket lost it');
    assert.equal((await call('POST', `${BASE}/tags/delete/${tag.id}`)).status, 404);
    assert.equal((await call('POST', `${BASE}/tags/delete/abc`)).status, 400);

    const audit = (await db.query<Json>(`SELECT action, actor_id, changes FROM staff_audit WHERE entity = 'ticket-tag' AND entity_id = $1 ORDER BY id`, [String(tag.id)])).rows;
    assert.deepEqual(audit.map((row) => row.action), ['create', 'update', 'update', 'delete']);
    assert.ok(audit.every((row) => row.actor_id === admin.id));
  });

  it('lists assignable staff from the account service', async () => {
    const response = await call('GET', `${BASE}/assignable-users`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const users = response.body.response as Json[];
    const byId = new Map(users.map((user) => [user.userId, user]));
    assert.deepEqual(byId.get(admin.id), { userId: admin.id, email: admin.email, name: 'Ada Admin', roles: ['admin'] });
    assert.deepEqual(byId.get(colleague.id), { userId: colleague.id, email: colleague.email, name: null, roles: ['support'] });
    assert.deepEqual(byId.get(financeOnly.id).roles, ['admin', 'finance']);
    assert.equal(byId.has(readerId), false, 'a reader is not staff');
  });

  it('edits many tickets in one transaction: status, tags, assignee; audits each; cancels follow-ups of solved tickets', async () => {
    const a = await emailTicket();
    const b = await emailTicket();
    const tagA = await newTag(`bulk-a-${++counter}`);
    const tagB = await newTag(`bulk-b-${counter}`);
    const followUp = await db.transaction((tx) =>
      scheduleEmail(tx, { to: a.from, templateName: 'ticket-follow-up', templateData: {}, sendFrom: new Date(Date.now() + 86_400_000), reason: 'ticket-follow-up', dedupeKey: `follow-up-${a.id}-${counter}`, ticketId: a.id }),
    );

    const edit = await call('POST', `${BASE}/bulk-edit`, { ticketIds: [a.id, b.id], status: 'Solved', addTagIds: [tagA.id, tagB.id], assignedToUserId: colleague.id });
    assert.equal(edit.status, 200, JSON.stringify(edit.body));
    assert.equal(edit.body.response.updated, 2);
    for (const id of [a.id, b.id]) {
      const row = await ticketRow(id);
      assert.deepEqual([row.status, row.assigned_to_user_id, row.assigned_to_email], ['Solved', colleague.id, colleague.email]);
    }
    const scheduled = (await db.query<Json>('SELECT status FROM scheduled_emails WHERE id = $1', [followUp])).rows[0];
    assert.equal(scheduled.status, 'Cancelled', 'the pending follow-up is not sent to a solved ticket');
    const ticketA = (await call('GET', `${BASE}/get/${a.id}`)).body.response;
    assert.deepEqual(ticketA.tags.map((t: Json) => t.id).sort(), [tagA.id, tagB.id].sort());
    assert.equal(ticketA.assignedToEmail, colleague.email);

    const remove = await call('POST', `${BASE}/bulk-edit`, { ticketIds: [a.id], removeTagIds: [tagB.id], assignedToUserId: null });
    assert.equal(remove.status, 200);
    const afterRemove = await ticketRow(a.id);
    assert.deepEqual([afterRemove.assigned_to_user_id, afterRemove.assigned_to_email], [null, null]);
    assert.deepEqual((await call('GET', `${BASE}/get/${a.id}`)).body.response.tags.map((t: Json) => t.id), [tagA.id]);

    const audit = (await db.query<Json>(`SELECT action, actor_id, actor_email, changes FROM staff_audit WHERE entity = 'support-ticket' AND entity_id = $1 ORDER BY id`, [String(a.id)])).rows;
    assert.equal(audit.length, 2);
    assert.deepEqual(audit[0].changes.status, { from: 'Open', to: 'Solved' });
    assert.deepEqual(audit[0].changes.assignedToUserId, { from: null, to: colleague.id });
    assert.deepEqual(audit[1].changes.assignedToUserId, { from: colleague.id, to: null });
    assert.equal(audit[0].actor_id, admin.id);
    assert.ok(!JSON.stringify(audit).includes(a.from), 'no customer address in the audit');
  });

  it('refuses a bulk edit as a whole: a forbidden move is 409 naming the tickets, unknown ids 404, a non-staff assignee 400', async () => {
    const open = await emailTicket();
    const closed = await emailTicket();
    await db.transaction((tx) => setTicketStatus(tx, closed.id, 'Closed'));
    const tag = await newTag(`atomic-${++counter}`);
    const before = async () => [await ticketRow(open.id), await ticketRow(closed.id)].map((row) => [row.status, row.assigned_to_user_id]);
    const snapshot = await before();

    const refused = await call('POST', `${BASE}/bulk-edit`, { ticketIds: [open.id, closed.id], status: 'Open', addTagIds: [tag.id], assignedToUserId: colleague.id });
    assert.equal(refused.status, 409);
    assert.match(refused.body.status.message, new RegExp(`#${closed.id}`));
    assert.ok(refused.body.status.message.startsWith(SUPPORT_MESSAGES.statusMove('Closed', 'Open')));
    assert.doesNotMatch(refused.body.status.message, new RegExp(`#${open.id}\\b`));
    assert.deepEqual(await before(), snapshot, 'nothing changed');
    assert.deepEqual((await call('GET', `${BASE}/get/${open.id}`)).body.response.tags, [], 'not even the tags of the allowed ticket');

    const unknown = await call('POST', `${BASE}/bulk-edit`, { ticketIds: [open.id, 999999997], status: 'Solved' });
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.status.message, /#999999997/);
    assert.equal((await ticketRow(open.id)).status, 'Open');

    const unknownTag = await call('POST', `${BASE}/bulk-edit`, { ticketIds: [open.id], addTagIds: [999999] });
    assert.equal(unknownTag.status, 404);
    assert.match(unknownTag.body.status.message, new RegExp(SUPPORT_MESSAGES.tagNotFound.replace('.', '\\.')));

    for (const assignee of [readerId, randomUUID()]) {
      const notStaff = await call('POST', `${BASE}/bulk-edit`, { ticketIds: [open.id], assignedToUserId: assignee });
      assert.equal(notStaff.status, 400);
      assert.equal(notStaff.body.status.message, SUPPORT_MESSAGES.assigneeNotStaff);
      assert.match(JSON.stringify(notStaff.body.status), /assignedToUserId/);
    }
    assert.equal((await ticketRow(open.id)).assigned_to_user_id, null);

    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ticketIds: [open.id] }, SUPPORT_MESSAGES.nothingToChange],
      [{ ticketIds: [], status: 'Solved' }, SUPPORT_MESSAGES.ticketIds],
      [{ ticketIds: Array.from({ length: 501 }, (_, i) => i + 1), status: 'Solved' }, SUPPORT_MESSAGES.ticketIds],
      [{ ticketIds: [open.id], status: 'Reopened' }, 'status'],
      [{ ticketIds: [open.id], assignedToUserId: 'not-a-uuid' }, 'assignedToUserId'],
      [{ ticketIds: ['1; DROP TABLE support_tickets'], status: 'Solved' }, 'ticketIds'],
      [{ ticketIds: [open.id], addTagIds: [tag.id], removeTagIds: [tag.id] }, 'removeTagIds'],
    ];
    for (const [body, expected] of bad) {
      const response = await call('POST', `${BASE}/bulk-edit`, body);
      assert.equal(response.status, 400, JSON.stringify(body).slice(0, 100));
      assert.ok(JSON.stringify(response.body.status).includes(expected), `${JSON.stringify(body).slice(0, 100)}: ${JSON.stringify(response.body.status)}`);
    }
    assert.deepEqual(await before(), snapshot);
  });

  it('serialises two bulk edits over the same tickets: both land, each all or nothing', async () => {
    const tickets = await Promise.all([emailTicket(), emailTicket(), emailTicket()]);
    const ids = tickets.map((t) => t.id);
    const [one, two] = await Promise.all([
      call('POST', `${BASE}/bulk-edit`, { ticketIds: ids, status: 'PendingOnCustomer' }),
      call('POST', `${BASE}/bulk-edit`, { ticketIds: [...ids].reverse(), status: 'Closed' }),
    ]);
    // Whichever locks first: Pending then Closed (both land), or Closed first (a closed ticket cannot
    // be moved to Pending: that edit is refused whole). Never a mix of the two.
    assert.equal(two.status, 200);
    assert.ok(one.status === 200 || one.status === 409, String(one.status));
    const statuses = new Set<TicketStatus>((await Promise.all(ids.map(ticketRow))).map((row) => row.status));
    assert.deepEqual([...statuses], ['Closed'], 'every ticket ended the same way');
  });

  it('downloads the raw message of an inbound email and a kept attachment as attachments, never rendered', async () => {
    const t = await emailTicket({ subject: 'Raw please', text: '<script>alert(1)</script>' });
    const raw = await call('GET', `${BASE}/raw-message/${t.messageId}`);
    assert.equal(raw.status, 200);
    assert.equal(raw.headers['content-type'], 'message/rfc822');
    assert.match(String(raw.headers['content-disposition']), /^attachment; filename="message-\d+\.eml"$/);
    assert.equal(raw.headers['x-content-type-options'], 'nosniff');
    assert.match(raw.raw.toString(), /Subject: Raw please/);

    const outbound = await db.transaction(async (tx) => {
      const sent = await queue.add(tx, { to: t.from, content: { subject: 'Re', html: '<p>x</p>', text: 'x' }, templateName: null, category: 'support' });
      return addOutboundEmail(tx, t.id, { sentEmailId: sent, sendersUserId: null, sendersEmail: null, subject: 'Re', text: 'x', toEmail: t.from });
    });
    const notInbound = await call('GET', `${BASE}/raw-message/${outbound}`);
    assert.equal(notInbound.status, 404);
    assert.equal(notInbound.body.status.message, SUPPORT_MESSAGES.notAnEmail);
    const unknown = await call('GET', `${BASE}/raw-message/999999996`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.status.message, SUPPORT_MESSAGES.messageNotFound);
    assert.equal((await call('GET', `${BASE}/raw-message/x`)).status, 400);

    const pdfKey = `support/attachments/${randomUUID()}`;
    const htmlKey = `support/attachments/${randomUUID()}`;
    await service.context.files.put(pdfKey, Buffer.from('%PDF-1.4'), 'application/pdf');
    await service.context.files.put(htmlKey, Buffer.from('<script>alert(1)</script>'), 'text/html');
    const [pdf, html, dropped] = await db.transaction(async (tx) => [
      await addAttachment(tx, t.messageId, { filename: 'invoice "march".pdf', contentType: 'application/pdf', sizeBytes: 8, storageKey: pdfKey, note: null }),
      await addAttachment(tx, t.messageId, { filename: 'page.html', contentType: 'text/html', sizeBytes: 25, storageKey: htmlKey, note: null }),
      await addAttachment(tx, t.messageId, { filename: 'virus.exe', contentType: 'application/x-msdownload', sizeBytes: 5, storageKey: null, note: 'Refused type.' }),
    ]);
    const pdfDownload = await call('GET', `${BASE}/attachment/${pdf}`);
    assert.equal(pdfDownload.status, 200);
    assert.equal(pdfDownload.headers['content-type'], 'application/pdf');
    assert.equal(pdfDownload.headers['content-disposition'], 'attachment; filename="invoice _march_.pdf"');
    assert.equal(pdfDownload.raw.toString(), '%PDF-1.4');
    const htmlDownload = await call('GET', `${BASE}/attachment/${html}`);
    assert.equal(htmlDownload.status, 200);
    assert.equal(htmlDownload.headers['content-type'], 'application/octet-stream', 'HTML is never served as HTML');
    assert.equal(htmlDownload.headers['x-content-type-options'], 'nosniff');
    assert.equal((await call('GET', `${BASE}/attachment/${dropped}`)).status, 404, 'not kept');
    assert.equal((await call('GET', `${BASE}/attachment/999999995`)).status, 404);
  });

  it('answers 503, not 500, for assignable users and assignments when the account service cannot be reached', async () => {
    const gone = createGrpcServer({ logger: testLogger });
    const port = await gone.listen('127.0.0.1', 0);
    await gone.shutdown();
    const { peers } = testServiceConfig('support', 'postgres://unused');
    const cutOff = await buildTestService(supportService, { config: { peers: { ...peers, account: { ...peers.account, grpcAddress: `127.0.0.1:${port}` } } } });
    try {
      const users = await cutOff.app.inject({ method: 'GET', url: `${BASE}/assignable-users`, headers: { authorization: `Bearer ${admin.token}` } });
      assert.equal(users.statusCode, 503);
      assert.equal(users.json().status.type, 'ServiceUnavailable');
      const ticket = await cutOff.context.db.transaction((tx) => openTicket(tx, { fromEmail: 'x@example.com', fromName: null, userId: null, subject: 's', type: 'Email', platform: null }));
      const assign = await cutOff.app.inject({ method: 'POST', url: `${BASE}/bulk-edit`, headers: { authorization: `Bearer ${admin.token}` }, payload: { ticketIds: [ticket.id], assignedToUserId: colleague.id } });
      assert.equal(assign.statusCode, 503);
      const row = (await cutOff.context.db.query<Json>('SELECT assigned_to_user_id FROM support_tickets WHERE id = $1', [ticket.id])).rows[0];
      assert.equal(row.assigned_to_user_id, null);
    } finally {
      await cutOff.close();
    }
  });
});

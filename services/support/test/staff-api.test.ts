import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestService, type TestService } from '@inkwell/platform/testing';
import { supportService, type SupportParts } from '../src';
import { syncAuthTemplates } from '../src/store/templates';
import { AUTH_TEMPLATE_CONTENT } from '../src/domain/auth-templates';
import { ORDER_TEMPLATE_CONTENT } from '../src/domain/order-templates';
import { SUPPORT_TEMPLATE_CONTENT } from '../src/domain/support-templates';
import { REPORT_TEMPLATE_CONTENT } from '../src/domain/report-templates';
import { startAccountLinks, type AccountLinksStandIn } from './account-links';
import { accountEvent, address, adminToken, mailsTo, readerToken } from './factories';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const TEMPLATES = '/api/dashboard/emailTemplates';

describe('staff email calls', () => {
  let service: TestService<SupportParts>;
  let admin: string;
  let reader: string;

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = admin) => {
    const response = await service.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() as Json };
  };

  const newTemplate = (name: string) => ({
    name,
    description: 'Tells a reader their pre-order shipped',
    subject: 'Your {{title}} is on its way',
    htmlBody: '<p>Hi {{name}}, <b>{{title}}</b> shipped. <a href="{{link}}">Track it</a></p>',
    textBody: 'Hi {{name}}, {{title}} shipped. Track it: {{link}}',
  });

  let links: AccountLinksStandIn;

  beforeAll(async () => {
    links = await startAccountLinks();
    service = await buildTestService(supportService, { config: links.config });
    await service.bus.start();
    admin = await adminToken();
    reader = await readerToken();
  });
  afterAll(async () => {
    await service?.close();
    await links?.close();
  });

  it('answers 401 to anonymous callers and 403 to readers on every call', async () => {
    const calls: Array<['GET' | 'POST', string, unknown]> = [
      ['POST', '/api/dashboard/sent-emails/post-pagination', { pageNumber: 1, pageSize: 10 }],
      ['GET', `${TEMPLATES}/auth-templates`, undefined],
      ['GET', `${TEMPLATES}/auth-templates/verify-email`, undefined],
      ['POST', `${TEMPLATES}/db-templates`, { pageNumber: 1, pageSize: 10 }],
      ['POST', `${TEMPLATES}/db-templates/new`, newTemplate('guarded')],
      ['GET', `${TEMPLATES}/db-templates/1`, undefined],
      ['POST', `${TEMPLATES}/db-templates/1/alter`, { subject: 'x' }],
      ['POST', `${TEMPLATES}/db-templates/1/test-email`, { ToAddresses: ['a@example.com'] }],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await call(method, url, payload, null);
      assert.equal(anonymous.status, 401, `${method} ${url}`);
      assert.equal(anonymous.body.status.message, 'Unauthorized request.');
      const asReader = await call(method, url, payload, reader);
      assert.equal(asReader.status, 403, `${method} ${url}`);
      assert.equal(asReader.body.status.type, 'Forbidden');
    }
    const forged = await call('GET', `${TEMPLATES}/auth-templates`, undefined, `${admin.slice(0, -4)}AAAA`);
    assert.equal(forged.status, 401);
    const { rows } = await service.context.db.query<{ name: string }>('SELECT name FROM email_templates WHERE kind = $1 ORDER BY name', ['db']);
    assert.deepEqual(rows.map((row) => row.name), [...ORDER_TEMPLATE_CONTENT, ...SUPPORT_TEMPLATE_CONTENT, ...REPORT_TEMPLATE_CONTENT].map((t) => t.name).sort(), 'nothing was created by the refused calls; the shipped order and scheduled-email templates are there');
  });

  it('pages through sent emails newest first, with bodies, searching by recipient', async () => {
    const group = `paging-${process.pid}`;
    const addresses = [1, 2, 3, 4, 5].map((n) => `${group}-${n}@example.com`);
    for (const [index, email] of addresses.entries()) {
      const resetLinkId = links.request(`https://store.example/reset-password/?token=t${index}`);
      // One at a time: the mails are queued in the order of the addresses.
      await service.bus.publish(accountEvent('account.password-reset-requested', { userId: `u-${index}`, email, resetLinkId }));
      await service.bus.idle();
    }
    const otherLinkId = links.request('https://store.example/reset-password/?token=x');
    await service.bus.publish(accountEvent('account.password-reset-requested', { userId: 'other', email: address('elsewhere'), resetLinkId: otherLinkId }));
    await service.bus.idle();
    await service.exposed.sendQueuedEmails();
    const total = Number((await service.context.db.query<{ n: number }>('SELECT count(*) AS n FROM sent_emails')).rows[0]!.n);

    const first = await call('POST', '/api/dashboard/sent-emails/post-pagination', { pageNumber: 1, pageSize: 2, search: group.toUpperCase() });
    assert.equal(first.status, 200);
    assert.equal(first.body.status.type, 'Success');
    const page = first.body.response;
    assert.deepEqual(
      { thisPageNumber: page.thisPageNumber, thisPageSize: page.thisPageSize, totalPageNumber: page.totalPageNumber, filteredTotalRows: page.filteredTotalRows, unfilteredTotalRows: page.unfilteredTotalRows },
      { thisPageNumber: 1, thisPageSize: 2, totalPageNumber: 3, filteredTotalRows: 5, unfilteredTotalRows: total },
    );
    assert.deepEqual(page.items.map((item: Json) => item.to), [addresses[4], addresses[3]]);
    const item = page.items[0];
    assert.equal(item.subject, 'Reset your Inkwell password');
    assert.ok(item.textBody.includes('/reset-password/?token=t4'));
    assert.ok(item.htmlBody.startsWith('<!DOCTYPE html>'));
    assert.equal(item.status, 'Delivered');
    assert.ok(item.mailCreatedDateTime && item.sentAtDateTime);
    assert.deepEqual(item.events.map((event: Json) => event.eventType), ['Queued', 'Send', 'Delivery']);

    const last = await call('POST', '/api/dashboard/sent-emails/post-pagination', { pageNumber: 3, pageSize: 2, search: group });
    assert.deepEqual(last.body.response.items.map((i: Json) => i.to), [addresses[0]]);
    const beyond = await call('POST', '/api/dashboard/sent-emails/post-pagination', { pageNumber: 9, pageSize: 2, search: group });
    assert.deepEqual(beyond.body.response.items, []);
    const defaults = await call('POST', '/api/dashboard/sent-emails/post-pagination', {});
    assert.equal(defaults.body.response.thisPageNumber, 1);
    assert.equal(defaults.body.response.thisPageSize, 25);
    const literal = await call('POST', '/api/dashboard/sent-emails/post-pagination', { pageNumber: 1, pageSize: 10, search: '%' });
    assert.equal(literal.body.response.filteredTotalRows, 0, '% is searched for literally');
  });

  it('refuses bad paging input with 400 envelopes', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ pageNumber: 0, pageSize: 10 }, /pageNumber must be a whole number from 1/],
      [{ pageNumber: 'first', pageSize: 10 }, /pageNumber/],
      [{ pageNumber: 1.5, pageSize: 10 }, /pageNumber/],
      [{ pageNumber: 1, pageSize: 0 }, /pageSize must be a whole number from 1 to 100/],
      [{ pageNumber: 1, pageSize: 101 }, /pageSize must be a whole number from 1 to 100/],
      [{ pageNumber: 1, pageSize: 10, search: 'x'.repeat(321) }, /search must be text of at most 320/],
      [[1, 2], /request body/],
    ];
    for (const [payload, message] of cases) {
      for (const url of ['/api/dashboard/sent-emails/post-pagination', `${TEMPLATES}/db-templates`]) {
        const response = await call('POST', url, payload);
        assert.equal(response.status, 400, `${url} ${JSON.stringify(payload)}`);
        assert.equal(response.body.status.type, 'BadRequest');
        assert.match(response.body.status.message, message);
      }
    }
    const notJson = await service.app.inject({
      method: 'POST',
      url: '/api/dashboard/sent-emails/post-pagination',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: '{"pageNumber":',
    });
    assert.equal(notJson.statusCode, 400);
    assert.equal(notJson.json().status.message, 'The request body is not valid JSON.');
  });

  it('shows the authentication templates, one by name, and 404 for an unknown name', async () => {
    const list = await call('GET', `${TEMPLATES}/auth-templates`);
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.response.map((t: Json) => t.name).sort(), ['change-email', 'email-changed', 'reset-password', 'verify-email']);
    const one = await call('GET', `${TEMPLATES}/auth-templates/verify-email`);
    assert.equal(one.body.response.subject, 'Verify your email for Inkwell');
    assert.deepEqual(one.body.response.placeholders.sort(), ['email', 'link', 'storeUrl']);
    assert.match(one.body.response.htmlBody, /\{\{link\}\}/);
    assert.match(one.body.response.textBody, /\{\{link\}\}/);
    const sameCase = await call('GET', '/api/dashboard/emailtemplates/AUTH-TEMPLATES/Verify-Email');
    assert.equal(sameCase.body.response?.name, 'verify-email', 'paths and names ignore case');
    const unknown = await call('GET', `${TEMPLATES}/auth-templates/welcome-back`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.status.message, 'Object does not exist in backend');
  });

  it('keeps the stored authentication templates as the service ships them', async () => {
    const before = (await call('GET', `${TEMPLATES}/auth-templates/reset-password`)).body.response;
    await syncAuthTemplates(service.context.db, AUTH_TEMPLATE_CONTENT);
    const unchanged = (await call('GET', `${TEMPLATES}/auth-templates/reset-password`)).body.response;
    assert.equal(unchanged.updatedAt, before.updatedAt, 'an unchanged template keeps its dates');

    await service.context.db.query(`UPDATE email_templates SET subject = 'Stale' WHERE kind = 'auth' AND name = 'reset-password'`);
    await syncAuthTemplates(service.context.db, AUTH_TEMPLATE_CONTENT);
    const restored = (await call('GET', `${TEMPLATES}/auth-templates/reset-password`)).body.response;
    assert.equal(restored.subject, 'Reset your Inkwell password');
  });

  it('creates, reads, lists and changes database templates', async () => {
    const created = await call('POST', `${TEMPLATES}/db-templates/new`, newTemplate('Pre-order shipped'));
    assert.equal(created.status, 200);
    const template = created.body.response;
    assert.equal(template.name, 'Pre-order shipped');
    assert.deepEqual(template.placeholders, ['title', 'name', 'link']);
    assert.equal(template.createdBy, 'staff@inkwell.example');

    const duplicate = await call('POST', `${TEMPLATES}/db-templates/new`, newTemplate('pre-order SHIPPED'));
    assert.equal(duplicate.status, 409);
    assert.match(duplicate.body.status.message, /already exists/);

    const read = await call('GET', `${TEMPLATES}/db-templates/${template.id}`);
    assert.deepEqual(read.body.response, template);

    await call('POST', `${TEMPLATES}/db-templates/new`, { ...newTemplate('Newsletter welcome'), subject: 'Welcome, {{name}}' });
    const listed = await call('POST', `${TEMPLATES}/db-templates`, { pageNumber: 1, pageSize: 10 });
    // Staff's templates listed by name among the order templates the service installs.
    assert.deepEqual(listed.body.response.items.map((t: Json) => t.name), ['Newsletter welcome', 'order-cancelled', 'order-confirmation', 'order-refunded', 'order-shipped', 'Pre-order shipped', 'pre-order-released', 'pre-order-reminder', 'report-ready', 'ticket-follow-up']);
    assert.equal(listed.body.response.unfilteredTotalRows, 2 + ORDER_TEMPLATE_CONTENT.length + SUPPORT_TEMPLATE_CONTENT.length + REPORT_TEMPLATE_CONTENT.length);
    const searched = await call('POST', `${TEMPLATES}/db-templates`, { pageNumber: 1, pageSize: 10, search: 'welcome' });
    assert.deepEqual(searched.body.response.items.map((t: Json) => t.name), ['Newsletter welcome']);
    assert.equal(searched.body.response.filteredTotalRows, 1);

    const altered = await call('POST', `${TEMPLATES}/db-templates/${template.id}/alter`, { subject: 'Shipped: {{title}}' });
    assert.equal(altered.status, 200);
    assert.equal(altered.body.response.subject, 'Shipped: {{title}}');
    assert.equal(altered.body.response.htmlBody, template.htmlBody, 'fields left out stay');
    const clash = await call('POST', `${TEMPLATES}/db-templates/${template.id}/alter`, { name: 'Newsletter Welcome' });
    assert.equal(clash.status, 409);
  });

  it('refuses bad template input with 400 and unknown templates with 404', async () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['new', { ...newTemplate('x'), name: '' }, /name must be 1 to 100/],
      ['new', { ...newTemplate('x'), name: '<b>' }, /name must be 1 to 100/],
      ['new', { ...newTemplate('x'), subject: '   ' }, /subject must not be blank/],
      ['new', { ...newTemplate('x'), htmlBody: undefined }, /htmlBody is required/],
      ['1/alter', { textBody: '' }, /textBody must not be blank/],
    ];
    for (const [path, payload, message] of cases) {
      const response = await call('POST', `${TEMPLATES}/db-templates/${path}`, payload);
      assert.equal(response.status, 400, `${path} ${JSON.stringify(payload).slice(0, 60)}`);
      assert.match(response.body.status.message, message);
    }
    assert.equal((await call('GET', `${TEMPLATES}/db-templates/99999`)).status, 404);
    assert.equal((await call('POST', `${TEMPLATES}/db-templates/99999/alter`, { subject: 'x' })).status, 404);
    assert.equal((await call('POST', `${TEMPLATES}/db-templates/99999/test-email`, { ToAddresses: ['a@example.com'] })).status, 404);
    const badId = await call('GET', `${TEMPLATES}/db-templates/abc`);
    assert.equal(badId.status, 400);
    assert.match(badId.body.status.message, /positive whole number/);
  });

  it('names the field of a refused template or test email in status.problems', async () => {
    const created = await call('POST', `${TEMPLATES}/db-templates/new`, newTemplate('Field check'));
    const duplicate = await call('POST', `${TEMPLATES}/db-templates/new`, newTemplate('FIELD check'));
    assert.deepEqual(duplicate.body.status.problems, [{ field: 'name', message: 'A template named "FIELD check" already exists.' }]);
    const unfilled = await call('POST', `${TEMPLATES}/db-templates/${created.body.response.id}/test-email`, { ToAddresses: [address('fields')], MetaData: { name: 'Mia' } });
    assert.equal(unfilled.status, 400);
    assert.deepEqual(unfilled.body.status.problems, [{ field: 'MetaData', message: 'MetaData needs a value for title, link.' }]);
  });

  it('sends a test email of a database template to each address, filled and escaped', async () => {
    const created = await call('POST', `${TEMPLATES}/db-templates/new`, newTemplate('Test drive'));
    const id = created.body.response.id;
    const [first, second] = [address('tester'), address('tester')];
    const sent = await call('POST', `${TEMPLATES}/db-templates/${id}/test-email`, {
      ToAddresses: [first, second],
      MetaData: { name: 'Mia & Leo', title: '<Tidewater> Vol. 1', link: 'https://store.example/orders/7' },
    });
    assert.equal(sent.status, 200);
    assert.equal(sent.body.response.sentEmailIds.length, 2);
    for (const to of [first, second]) {
      const [mail, ...more] = await mailsTo(service, to);
      assert.equal(more.length, 0);
      assert.equal(mail?.subject, 'Your <Tidewater> Vol. 1 is on its way');
      assert.equal(mail.htmlBody, '<p>Hi Mia &amp; Leo, <b>&lt;Tidewater&gt; Vol. 1</b> shipped. <a href="https://store.example/orders/7">Track it</a></p>');
      assert.equal(mail.textBody, 'Hi Mia & Leo, <Tidewater> Vol. 1 shipped. Track it: https://store.example/orders/7');
      assert.equal(mail.templateName, 'Test drive');
      assert.equal(mail.category, 'test', 'a test send is told apart from the store’s own mail');
      assert.equal(mail.status, 'Delivered');
      assert.ok(sent.body.response.sentEmailIds.includes(mail.id));
    }

    const missing = await call('POST', `${TEMPLATES}/db-templates/${id}/test-email`, { ToAddresses: [first], MetaData: { name: 'Mia' } });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.status.message, 'MetaData needs a value for title, link.');
    const cases: Array<[unknown, RegExp]> = [
      [{ ToAddresses: [] }, /ToAddresses must list 1 to 10/],
      [{ ToAddresses: ['not an address'] }, /Each of ToAddresses must be an email address/],
      [{ ToAddresses: Array.from({ length: 11 }, (_, n) => `a${n}@example.com`) }, /ToAddresses must list 1 to 10/],
      [{ MetaData: {} }, /ToAddresses is required/],
      [{ ToAddresses: [first], MetaData: { name: 'x'.repeat(2001) } }, /Each MetaData value/],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', `${TEMPLATES}/db-templates/${id}/test-email`, payload);
      assert.equal(response.status, 400, JSON.stringify(payload).slice(0, 80));
      assert.match(response.body.status.message, message);
    }
    assert.equal((await mailsTo(service, first)).length, 1, 'refused test emails sent nothing');
  });
});

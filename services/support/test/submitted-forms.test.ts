import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestService, signTestToken, testServiceConfig, type TestService } from '@inkwell/platform/testing';
import { SUPPORT_MESSAGES } from '@inkwell/contracts/dashboard-support';
import { supportService, type SupportParts } from '../src';
import { startAccountLinks, type AccountLinksStandIn } from './account-links';
import { address } from './factories';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const SUBMIT = '/api/submitted-form/submit';
const PER_HOUR = 3;

interface MessageRow {
  ticket_id: number;
  type: string;
  direction: string | null;
  subject: string | null;
  body_text: string;
  form_type: string;
  submitted_email: string;
  submitted_user_id: string | null;
  user_agent: string | null;
  ip_address: string | null;
  feedback_url: string | null;
  platform: string | null;
}

describe('submitted forms (storefront spec §7 POST /submitted-form/submit)', () => {
  let service: TestService<SupportParts>;
  let links: AccountLinksStandIn;
  let ipCounter = 0;
  /** A fresh client address per call unless one is given, so only the test's own limit applies. */
  const freshIp = () => {
    ipCounter += 1;
    return `198.51.100.${ipCounter}`;
  };

  const submit = async (payload: unknown, options: { token?: string; ip?: string; userAgent?: string; raw?: string } = {}) => {
    const response = await service.app.inject({
      method: 'POST',
      url: SUBMIT,
      remoteAddress: options.ip ?? freshIp(),
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
      },
      payload: options.raw ?? JSON.stringify(payload),
    });
    return { status: response.statusCode, headers: response.headers, body: response.json() as Json };
  };

  const form = (overrides: Record<string, unknown> = {}) => ({
    formType: 'Contact',
    email: address('form'),
    name: 'Ada Reader',
    subject: 'Where is my pre-order?',
    message: 'I ordered the deluxe edition in March and have not heard since.',
    page: '/contact',
    platform: 'Web',
    ...overrides,
  });

  const counts = async () => {
    const { rows } = await service.context.db.query<{ tickets: number; messages: number; hits: number }>(
      `SELECT (SELECT count(*)::int FROM support_tickets) AS tickets, (SELECT count(*)::int FROM ticket_messages) AS messages,
              (SELECT count(*)::int FROM form_submission_hits) AS hits`,
    );
    return rows[0]!;
  };
  const messagesOf = async (email: string) =>
    (await service.context.db.query<MessageRow>('SELECT * FROM ticket_messages WHERE submitted_email = $1 ORDER BY id', [email])).rows;
  const ticket = async (id: number) =>
    (await service.context.db.query<Json>('SELECT * FROM support_tickets WHERE id = $1', [id])).rows[0];

  beforeAll(async () => {
    links = await startAccountLinks();
    const defaults = testServiceConfig('support', 'postgres://unused');
    service = await buildTestService(supportService, { config: { ...links.config, support: { ...defaults.support, formsPerHour: PER_HOUR } } });
  });
  afterAll(async () => {
    await service?.close();
    await links?.close();
  });

  it('opens a ticket with every field of the form message stored, and answers its reference', async () => {
    const body = form({ formType: 'Support', page: 'https://inkwell.example/support-center?from=footer', platform: 'Steam-desktop' });
    const answer = await submit(body, { ip: '203.0.113.7', userAgent: `Mozilla/5.0 ${'x'.repeat(800)}` });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.status.type, 'Success');
    const reference = answer.body.response.reference as string;
    assert.match(reference, /^\d+$/);
    assert.deepEqual(Object.keys(answer.body.response), ['reference'], 'the receipt tells nothing of the ticket');

    const [message, ...more] = await messagesOf(body.email);
    assert.equal(more.length, 0);
    assert.equal(message!.ticket_id, Number(reference));
    assert.equal(message!.type, 'SubmittedForm');
    assert.equal(message!.direction, null);
    assert.equal(message!.form_type, 'Support');
    assert.equal(message!.submitted_email, body.email);
    assert.equal(message!.submitted_user_id, null, 'anonymous');
    assert.equal(message!.subject, body.subject);
    assert.equal(message!.body_text, body.message);
    assert.equal(message!.ip_address, '203.0.113.7');
    assert.equal(message!.user_agent!.length, 500, 'the user agent is cut to 500 characters');
    assert.ok(message!.user_agent!.startsWith('Mozilla/5.0 xxx'));
    assert.equal(message!.feedback_url, body.page);
    assert.equal(message!.platform, 'Steam-desktop');

    const opened = await ticket(Number(reference));
    assert.equal(opened.type, 'SubmittedForm');
    assert.equal(opened.status, 'Open');
    assert.equal(opened.from_email, body.email);
    assert.equal(opened.from_name, 'Ada Reader');
    assert.equal(opened.subject, body.subject);
    assert.equal(opened.platform, 'Steam-desktop');
    assert.equal(opened.unread, true);
    assert.equal(opened.user_id, null);
  });

  it('gives a ticket without a subject one by its form type, and stores the message without one', async () => {
    const body = form({ formType: 'Librarians', subject: undefined, name: undefined, page: undefined, platform: undefined });
    const answer = await submit(body);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const opened = await ticket(Number(answer.body.response.reference));
    assert.equal(opened.subject, 'Librarians enquiry');
    assert.equal(opened.from_name, null);
    assert.equal(opened.platform, null);
    const [message] = await messagesOf(body.email);
    assert.equal(message!.subject, null);
    assert.equal(message!.feedback_url, null);
    assert.equal(message!.platform, null);
  });

  it("joins the same address's recent open ticket (reopening a solved one), whatever the case of the address", async () => {
    const email = address('joiner');
    const first = await submit(form({ email }));
    assert.equal(first.status, 200);
    const ticketId = Number(first.body.response.reference);
    await service.context.db.query("UPDATE support_tickets SET status = 'Solved', unread = false WHERE id = $1", [ticketId]);
    const second = await submit(form({ email: email.toUpperCase(), subject: 'Also: a question about shipping', formType: 'Feedback' }));
    assert.equal(second.status, 200);
    assert.equal(second.body.response.reference, first.body.response.reference, 'the same ticket');
    const joined = await ticket(ticketId);
    assert.equal(joined.status, 'Open', 'a customer message reopens a solved ticket');
    assert.equal(joined.unread, true);
    const { rows } = await service.context.db.query<{ form_type: string }>('SELECT form_type FROM ticket_messages WHERE ticket_id = $1 ORDER BY id', [ticketId]);
    assert.deepEqual(rows.map((row) => row.form_type), ['Contact', 'Feedback']);

    // A closed ticket is not joined: the next form opens a new one.
    await service.context.db.query("UPDATE support_tickets SET status = 'Closed' WHERE id = $1", [ticketId]);
    const third = await submit(form({ email }));
    assert.equal(third.status, 200);
    assert.notEqual(third.body.response.reference, first.body.response.reference);
  });

  it("acknowledges a new ticket by email from the support address, with the ticket's reply address and none of the form's words; a joining form sends none", async () => {
    const body = form({ subject: 'Buy cheap pills at spam.example', name: 'Visit spam.example', message: 'Click http://spam.example now' });
    const first = await submit(body);
    assert.equal(first.status, 200);
    const ticketId = Number(first.body.response.reference);
    const mails = async () =>
      (
        await service.context.db.query<{ from_address: string; reply_to: string; category: string; subject: string; text_body: string; html_body: string; status: string }>(
          'SELECT * FROM sent_emails WHERE to_address = $1 ORDER BY mail_created_at',
          [body.email],
        )
      ).rows;
    const [mail, ...others] = await mails();
    assert.equal(others.length, 0);
    assert.equal(mail!.category, 'support');
    const { rows } = await service.context.db.query<{ reply_token: string }>('SELECT reply_token FROM support_tickets WHERE id = $1', [ticketId]);
    const [local, domain] = service.context.config.support.address.split('@');
    assert.equal(mail!.reply_to, `${local}+${rows[0]!.reply_token}@${domain}`);
    assert.ok(mail!.from_address.endsWith(`<${service.context.config.support.address}>`) || mail!.from_address === service.context.config.support.address, mail!.from_address);
    assert.equal(mail!.subject, `We received your message (reference #${ticketId})`);
    assert.ok(mail!.text_body.includes(`#${ticketId}`));
    for (const part of [mail!.subject, mail!.text_body, mail!.html_body]) assert.doesNotMatch(part, /spam\.example/, 'nothing the form said is mailed back');

    await service.exposed.sendQueuedEmails();
    assert.ok(['Sent', 'Delivered'].includes((await mails())[0]!.status), 'handed to the provider');

    assert.equal((await submit(form({ email: body.email }))).status, 200);
    assert.equal((await mails()).length, 1, 'a form joining the open ticket sends no second acknowledgement');
  });

  it('records the signed-in user from the token, never the user id a body names', async () => {
    const userId = randomUUID();
    const token = await signTestToken({ userId, email: 'signed-in@example.com', roles: [] });
    const body = { ...form(), userId: randomUUID(), submittedUserId: randomUUID(), user: randomUUID() };
    const answer = await submit(body, { token });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const [message] = await messagesOf(body.email);
    assert.equal(message!.submitted_user_id, userId);
    assert.equal((await ticket(Number(answer.body.response.reference))).user_id, userId);

    const anonymous = form();
    const withForgedUser = await submit({ ...anonymous, userId: randomUUID(), submittedUserId: randomUUID() });
    assert.equal(withForgedUser.status, 200);
    assert.equal((await messagesOf(anonymous.email))[0]!.submitted_user_id, null, 'a body cannot name a user');

    const forged = await submit(form(), { token: `${token.slice(0, -4)}AAAA` });
    assert.equal(forged.status, 401, 'a bad token is refused rather than silently anonymous');
  });

  it('limits forms per address per hour: 429 with Retry-After and the message, nothing written', async () => {
    const email = address('flood');
    for (let i = 0; i < PER_HOUR; i += 1) assert.equal((await submit(form({ email, message: `message ${i}` }))).status, 200);
    const before = await counts();
    const refused = await submit(form({ email: email.toUpperCase(), message: 'one too many' }));
    assert.equal(refused.status, 429);
    assert.equal(refused.body.status.message, SUPPORT_MESSAGES.formRateLimited);
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 3600, `Retry-After ${String(refused.headers['retry-after'])}`);
    assert.deepEqual(await counts(), before, 'nothing written');
    assert.equal((await messagesOf(email)).length, PER_HOUR);

    // An hour later the address has room again.
    await service.context.db.query("UPDATE form_submission_hits SET submitted_at = submitted_at - interval '61 minutes'");
    assert.equal((await submit(form({ email, message: 'after an hour' }))).status, 200);
  });

  it('limits forms per client address per hour, whatever addresses they name', async () => {
    const ip = '192.0.2.44';
    for (let i = 0; i < PER_HOUR; i += 1) assert.equal((await submit(form(), { ip })).status, 200);
    const before = await counts();
    const refused = await submit(form(), { ip });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.status.message, SUPPORT_MESSAGES.formRateLimited);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.deepEqual(await counts(), before, 'nothing written');
    assert.equal((await submit(form(), { ip: '192.0.2.45' })).status, 200, 'another client is not limited');
  });

  it('counts concurrent forms of one address one by one', async () => {
    const email = address('race');
    const answers = await Promise.all(Array.from({ length: PER_HOUR + 3 }, (_, i) => submit(form({ email, message: `at once ${i}` }))));
    assert.equal(answers.filter((a) => a.status === 200).length, PER_HOUR);
    assert.equal(answers.filter((a) => a.status === 429).length, 3);
    const messages = await messagesOf(email);
    assert.equal(messages.length, PER_HOUR);
    assert.equal(new Set(messages.map((m) => m.ticket_id)).size, 1, 'they all joined one ticket');
  });

  it('refuses a body over 32 KB with 413, writing nothing', async () => {
    const before = await counts();
    const answer = await submit(null, { raw: JSON.stringify(form({ message: 'a'.repeat(4000), name: 'n'.repeat(40_000) })) });
    assert.equal(answer.status, 413);
    assert.equal(answer.body.status.type, 'PayloadTooLarge');
    assert.deepEqual(await counts(), before);
  });

  it('refuses every bad field with a 400 naming it, writing nothing', async () => {
    const before = await counts();
    const cases: Array<[Record<string, unknown>, string, string | null]> = [
      [form({ email: 'not an address' }), 'email', 'Please enter a valid email.'],
      [form({ email: undefined }), 'email', null],
      [form({ email: `${'a'.repeat(320)}@example.com` }), 'email', 'Please enter a valid email.'],
      [form({ message: '' }), 'message', SUPPORT_MESSAGES.formMessage],
      [form({ message: '   \n  ' }), 'message', SUPPORT_MESSAGES.formMessage],
      [form({ message: 'm'.repeat(5001) }), 'message', SUPPORT_MESSAGES.formMessage],
      [form({ message: undefined }), 'message', null],
      [form({ formType: 'Complaint' }), 'formType', null],
      [form({ formType: undefined }), 'formType', null],
      [form({ subject: 'Hello\r\nBcc: victim@example.com' }), 'subject', null],
      [form({ subject: 'line\nbreak' }), 'subject', null],
      [form({ subject: 's'.repeat(201) }), 'subject', null],
      [form({ platform: 'Amiga' }), 'platform', null],
      [form({ name: 'n'.repeat(201) }), 'name', null],
      [form({ page: 'javascript:alert(1)' }), 'page', null],
      [form({ page: '//evil.example/path' }), 'page', null],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await submit(payload);
      assert.equal(answer.status, 400, `${field}: ${JSON.stringify(answer.body)}`);
      const fields = (answer.body.status.problems as Array<{ field: string }>).map((p) => p.field);
      assert.ok(fields.includes(field), `${field} named in ${JSON.stringify(answer.body.status)}`);
      if (message) assert.equal(answer.body.status.message, message);
    }
    assert.equal((await submit(null, { raw: '{"formType":' })).status, 400, 'malformed JSON');
    assert.equal((await submit(null, { raw: '[]' })).status, 400, 'not an object');
    assert.deepEqual(await counts(), before, 'nothing written on any refusal');
  });

  it('refuses NUL characters, and keeps control characters out of a one-line name', async () => {
    const before = await counts();
    const nul = await submit(form({ message: 'before\u0000after' }));
    assert.equal(nul.status, 400);
    assert.deepEqual(nul.body.status.problems.map((p: { field: string }) => p.field), ['message']);
    assert.deepEqual(await counts(), before);
    const body = form({ name: 'Ada\t\r\nReader' });
    const answer = await submit(body);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal((await ticket(Number(answer.body.response.reference))).from_name, 'Ada Reader');
  });
});

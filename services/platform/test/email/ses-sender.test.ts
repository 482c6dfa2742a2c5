import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import pino from 'pino';
import sesLocal from 'aws-ses-v2-local';
import { SendFailure, SesEmailSender, createEmailSender, sesSendFailure } from '@inkwell/platform';

const ACCOUNT = {
  DedicatedIpAutoWarmupEnabled: false,
  Details: {
    AdditionalContactEmailAddresses: [],
    ContactLanguage: 'EN',
    MailType: 'TRANSACTIONAL',
    ReviewDetails: { CaseId: 'case-1', Status: 'GRANTED' },
    UseCaseDescription: 'Transactional mail of a comics store',
    WebsiteURL: 'https://inkwell.example',
  },
  EnforcementStatus: 'PROBATION',
  ProductionAccessEnabled: true,
  SendingEnabled: true,
  SendQuota: { Max24HourSend: 50_000, MaxSendRate: 14, SentLast24Hours: 123 },
  SuppressionAttributes: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
};

interface StoredSesMail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  headers?: Array<{ name: string; value: string }>;
}

/**
 * The SES v2 driver against a real local SES v2 server (aws-ses-v2-local, started here): it
 * implements SendEmail and GetAccount; the identity calls it does not implement are tried once and
 * what it answers is recorded.
 */
describe('SES v2 driver (aws-ses-v2-local)', () => {
  let server: Server;
  let endpoint: string;
  let sender: SesEmailSender;
  let previousAccount: string | undefined;
  const credentials = { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' };

  beforeAll(async () => {
    // aws-ses-v2-local answers GetAccount with this variable of its (our) process.
    previousAccount = process.env.AWS_SES_ACCOUNT;
    process.env.AWS_SES_ACCOUNT = JSON.stringify(ACCOUNT);
    server = await sesLocal({ host: '127.0.0.1', port: 0 });
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    sender = new SesEmailSender({ region: 'eu-west-1', endpoint, configurationSet: 'inkwell-events', credentials });
  });
  afterAll(async () => {
    await sender?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (previousAccount === undefined) delete process.env.AWS_SES_ACCOUNT;
    else process.env.AWS_SES_ACCOUNT = previousAccount;
  });

  const store = async (): Promise<StoredSesMail[]> => ((await (await fetch(`${endpoint}/store`)).json()) as { emails: StoredSesMail[] }).emails;

  it('sends a mail with its subject, bodies, Reply-To and threading headers, answering SES’s MessageId', async () => {
    const receipt = await sender.send({
      messageId: '<ours-1@inkwell.example>',
      from: 'Inkwell Support <support@inkwell.example>',
      to: 'reader@example.com',
      subject: 'Re: my order\r\nBcc: victim@example.com',
      html: '<p>Hello</p>',
      text: 'Hello',
      replyTo: 'support+tok123@inkwell.example',
      inReplyTo: '<their-1@example.com>',
      references: '<their-0@example.com> <their-1@example.com>',
      headers: { 'X-Ticket': '42' },
    });
    assert.ok(receipt.messageId && receipt.messageId !== '<ours-1@inkwell.example>', 'SES assigns its own id');
    const mail = (await store()).find((stored) => stored.messageId === receipt.messageId);
    assert.ok(mail, 'the mail is in the local server’s store under the answered id');
    assert.equal(mail.from, 'Inkwell Support <support@inkwell.example>');
    assert.deepEqual(mail.destination.to, ['reader@example.com']);
    assert.deepEqual(mail.replyTo, ['support+tok123@inkwell.example']);
    assert.equal(mail.subject, 'Re: my order Bcc: victim@example.com', 'a line break in the subject cannot add a header');
    assert.equal(mail.body.html, '<p>Hello</p>');
    assert.equal(mail.body.text, 'Hello');
    assert.deepEqual(mail.headers, [
      { name: 'In-Reply-To', value: '<their-1@example.com>' },
      { name: 'References', value: '<their-0@example.com> <their-1@example.com>' },
      { name: 'X-Ticket', value: '42' },
    ]);
  });

  it('reads the quota and enforcement status with GetAccount', async () => {
    assert.deepEqual(await sender.account.quota(), {
      max24HourSend: 50_000,
      maxSendRate: 14,
      sentLast24Hours: 123,
      sendingEnabled: true,
      enforcementStatus: 'PROBATION',
    });
  });

  it('a refusal of the local server (no From) is a permanent failure', async () => {
    const refused = await sender.send({ messageId: '<x@inkwell.example>', from: '', to: 'reader@example.com', subject: 's', html: 'h', text: 't' }).catch((error: unknown) => error);
    assert.ok(refused instanceof SendFailure);
    assert.equal(refused.permanent, true, String(refused.message));
    assert.match(refused.message, /^SES \w+ \(400\): Bad Request Exception/);
  });

  it('an unreachable endpoint is a retried failure', async () => {
    const nowhere = new SesEmailSender({ region: 'eu-west-1', endpoint: 'http://127.0.0.1:9', credentials });
    try {
      const failed = await nowhere.send({ messageId: '<y@inkwell.example>', from: 'a@inkwell.example', to: 'b@example.com', subject: 's', html: 'h', text: 't' }).catch((error: unknown) => error);
      assert.ok(failed instanceof SendFailure);
      assert.equal(failed.permanent, false);
    } finally {
      await nowhere.close();
    }
  });

  it('classifies SES errors: throttling and 5xx retried, rejections permanent', () => {
    const error = (name: string, status: number) => Object.assign(new Error(`${name} happened`), { name, $metadata: { httpStatusCode: status } });
    assert.equal(sesSendFailure(error('TooManyRequestsException', 429)).permanent, false);
    assert.equal(sesSendFailure(error('LimitExceededException', 400)).permanent, false);
    assert.equal(sesSendFailure(error('InternalFailure', 500)).permanent, false);
    assert.equal(sesSendFailure(error('MessageRejected', 400)).permanent, true);
    assert.equal(sesSendFailure(error('MailFromDomainNotVerifiedException', 400)).permanent, true);
    assert.equal(sesSendFailure(error('AccountSuspendedException', 400)).permanent, true);
  });

  it('the identity calls are not implemented by aws-ses-v2-local: recorded as it answers them', async () => {
    // The local server answers 404 `<UnknownOperationException/>` to every call it lacks; the SDK
    // surfaces that as an error (not NotFoundException, so it is not mistaken for "no such identity").
    const listed = await sender.account.listIdentities({}).catch((error: unknown) => error as Error & { $metadata?: { httpStatusCode?: number } });
    assert.ok(listed instanceof Error, 'ListEmailIdentities fails');
    assert.equal(listed.$metadata?.httpStatusCode, 404);
    const created = await sender.account.createIdentity('ops@inkwell.example').catch((error: unknown) => error as Error & { $metadata?: { httpStatusCode?: number } });
    assert.ok(created instanceof Error, 'CreateEmailIdentity fails');
    assert.equal(created.$metadata?.httpStatusCode, 404);
  });

  it('createEmailSender picks SES when configured, over SMTP', async () => {
    const logger = pino({ level: 'silent' });
    const ses = createEmailSender({ email: { from: 'a@b.example', dailySendCap: 10, smtpUrl: 'smtp://127.0.0.1:2525', ses: { region: 'eu-west-1', endpoint, snsTopicArns: [] } } }, logger);
    assert.equal(ses.driver, 'ses');
    assert.ok(ses.account);
    await ses.close();
    const smtp = createEmailSender({ email: { from: 'a@b.example', dailySendCap: 10, smtpUrl: 'smtp://127.0.0.1:2525' } }, logger);
    assert.equal(smtp.driver, 'smtp');
    assert.equal(smtp.account, undefined);
    await smtp.close();
  });
});

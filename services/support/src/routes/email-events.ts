import { Type } from '@sinclair/typebox';
import { BadRequestError, DomainError, EnvelopeOf, ForbiddenError, success, type App, type Database, type Logger } from '@inkwell/platform';
import {
  SNS_REFUSALS,
  SnsRefusal,
  isSnsUrl,
  parseSesEvent,
  parseSnsMessage,
  topicRegion,
  verifySnsSignature,
  type SnsMessage,
} from '../domain/sns-signature';
import { recordDeliveryEvent } from '../store/delivery-events';
import { confirmVerification } from '../store/email-identities';
import { VERIFY_IDENTITY_PATH } from './email-provider';

export const SES_EVENTS_PATH = '/api/email-events/ses';
/** SNS messages are at most 256 KB. */
const SNS_BODY_LIMIT = 300 * 1024;
const CERT_CACHE_SIZE = 20;
const CERT_CACHE_MS = 24 * 3_600_000;

export interface EmailEventRouteOptions {
  db: Database;
  logger: Logger;
  /** The SNS topics whose notifications are accepted (SES_SNS_TOPIC_ARNS); empty refuses every one. */
  topicArns: readonly string[];
  /**
   * Whether a SigningCertURL or SubscribeURL is Amazon SNS's for the topic's region. Production
   * leaves it out (https://sns.<region>.amazonaws.com only); tests pass their own, through these
   * options and never through a setting.
   */
  trustsUrl?: (url: string, region: string, kind: 'certificate' | 'subscribe') => boolean;
  /** Reads a URL's text (default: fetch with a 10 s timeout). */
  fetchText?: (url: string) => Promise<string>;
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  if (!response.ok) throw new Error(`${response.status} from ${new URL(url).host}`);
  const text = await response.text();
  if (text.length > 20_000) throw new Error('answer too large');
  return text;
}

const Received = Type.Object({ received: Type.Boolean(), recorded: Type.Integer({ minimum: 0 }) });

/**
 * The SES event feed and the identity verification link, both public (no staff token: SNS and the
 * person at an address call them). An SNS message counts only when its topic is one of ours, its
 * signing certificate is on SNS's host for the topic's region and its signature matches; a
 * SubscriptionConfirmation is then confirmed by fetching its SubscribeURL (also SNS's host only);
 * a Notification carrying an SES Delivery, Bounce, Complaint or Reject event is recorded once per
 * SNS MessageId (a permanent bounce and a complaint suppress the address). Anything else is a 400
 * or 403 and changes nothing. Nothing of a mail's content is logged.
 *
 * Register it in its own scope: `await app.register(emailEventRoutes, options)` (SNS posts JSON
 * as text/plain; this scope reads both as text).
 */
export async function emailEventRoutes(app: App, options: EmailEventRouteOptions): Promise<void> {
  const { db, logger } = options;
  const topics = new Set(options.topicArns);
  const trusts = options.trustsUrl ?? ((url: string, region: string, kind: 'certificate' | 'subscribe') => isSnsUrl(url, region, { pem: kind === 'certificate' }));
  const read = options.fetchText ?? fetchText;
  const certificates = new Map<string, { pem: string; until: number }>();

  const certificate = async (url: string): Promise<string> => {
    const cached = certificates.get(url);
    if (cached && cached.until > Date.now()) return cached.pem;
    let pem: string;
    try {
      pem = await read(url);
    } catch (error) {
      logger.warn({ host: safeHost(url), err: error }, 'the SNS signing certificate could not be fetched');
      throw new DomainError(503, 'ServiceUnavailable', 'The signing certificate could not be fetched; send again later.');
    }
    if (certificates.size >= CERT_CACHE_SIZE) certificates.delete(certificates.keys().next().value!);
    certificates.set(url, { pem, until: Date.now() + CERT_CACHE_MS });
    return pem;
  };

  const parseBody = (_request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => done(null, body);
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: SNS_BODY_LIMIT }, parseBody);
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: SNS_BODY_LIMIT }, parseBody);

  app.post(SES_EVENTS_PATH, {
    bodyLimit: SNS_BODY_LIMIT,
    schema: {
      tags: ['email'],
      summary: 'Amazon SNS notifications of SES events (delivery, bounce, complaint, reject); signature checked',
      consumes: ['text/plain', 'application/json'],
      body: Type.String({ description: 'The SNS message (JSON, posted by SNS as text/plain)' }),
      response: { 200: EnvelopeOf(Received) },
    },
    handler: async (request) => {
      let json: unknown;
      try {
        json = JSON.parse(typeof request.body === 'string' ? request.body : '');
      } catch {
        throw new BadRequestError(SNS_REFUSALS.notSns);
      }
      const message = parseSnsMessage(json);
      if (!message) throw new BadRequestError(SNS_REFUSALS.notSns);
      const declared = request.headers['x-amz-sns-message-type'];
      if (declared !== undefined && declared !== message.Type) throw new BadRequestError(SNS_REFUSALS.notSns);
      if (!topics.has(message.TopicArn)) throw new ForbiddenError(SNS_REFUSALS.topic);
      const region = topicRegion(message.TopicArn);
      if (!region) throw new ForbiddenError(SNS_REFUSALS.topic);
      if (!trusts(message.SigningCertURL, region, 'certificate')) throw new ForbiddenError(SNS_REFUSALS.certUrl);
      const pem = await certificate(message.SigningCertURL);
      try {
        verifySnsSignature(message, pem);
      } catch (error) {
        if (error instanceof SnsRefusal) {
          logger.warn({ snsMessageId: message.MessageId.slice(0, 100), reason: error.message }, 'an SNS message was refused');
          throw new ForbiddenError(error.message);
        }
        throw error;
      }
      return success(await handle(message, region));
    },
  });

  async function handle(message: SnsMessage, region: string): Promise<{ received: boolean; recorded: number }> {
    if (message.Type === 'SubscriptionConfirmation') {
      if (!message.SubscribeURL || !trusts(message.SubscribeURL, region, 'subscribe')) throw new ForbiddenError(SNS_REFUSALS.certUrl);
      try {
        await read(message.SubscribeURL);
      } catch (error) {
        logger.warn({ topicArn: message.TopicArn, err: error }, 'confirming the SNS subscription failed');
        throw new DomainError(503, 'ServiceUnavailable', 'The subscription could not be confirmed; send again later.');
      }
      logger.info({ topicArn: message.TopicArn }, 'SNS subscription confirmed');
      return { received: true, recorded: 0 };
    }
    if (message.Type === 'UnsubscribeConfirmation') {
      logger.warn({ topicArn: message.TopicArn }, 'SNS unsubscribed this endpoint');
      return { received: true, recorded: 0 };
    }
    const event = parseSesEvent(message.Message);
    // Other SES events (Send, Open, Click, Rendering Failure, …) are acknowledged and dropped.
    if (!event) return { received: true, recorded: 0 };
    const recipients = event.recipients.length > 0 ? event.recipients : [undefined];
    let recorded = 0;
    for (const [index, recipient] of recipients.entries()) {
      const known = await recordDeliveryEvent(db, {
        messageId: event.messageId,
        type: event.type,
        detail: event.detail,
        // One event per recipient; SNS redelivering the notification is recorded once.
        providerEventId: index === 0 ? message.MessageId : `${message.MessageId}#${index}`,
        permanent: event.permanent,
        ...(recipient ? { recipient } : {}),
        ...(event.at ? { at: event.at } : {}),
      });
      if (known) recorded += 1;
    }
    if (recorded === 0) logger.info({ snsMessageId: message.MessageId.slice(0, 100), type: event.type }, 'an SES event named no mail of ours');
    return { received: true, recorded };
  }

  app.get(VERIFY_IDENTITY_PATH, {
    schema: {
      tags: ['email'],
      summary: 'Follow a sending identity’s verification link (public)',
      querystring: Type.Object({ token: Type.String({ maxLength: 200 }) }),
      produces: ['text/plain'],
      response: { 200: Type.String(), 404: Type.String() },
    },
    handler: async (request, reply) => {
      const identity = await confirmVerification(db, request.query.token);
      reply.type('text/plain; charset=utf-8');
      if (!identity) return reply.status(404).send('This verification link is not valid (it was used, replaced by a newer one, or mistyped).');
      return `${identity} is verified for sending Inkwell email. You can close this page.`;
    },
  });
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'unreadable';
  }
}

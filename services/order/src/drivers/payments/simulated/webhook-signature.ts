import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_MESSAGES } from '../messages';
import { WebhookSignatureError, type PaymentEvent } from '../port';

/** Signed events older than this are refused as replays (Stripe's default tolerance). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

function hmac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** The signed body and signature header of an event, as a webhook would carry them (Stripe's scheme). */
export function signEvent(secret: string, event: PaymentEvent, timestamp: number): { body: string; signature: string } {
  const body = JSON.stringify(event);
  return { body, signature: `t=${timestamp},v1=${hmac(secret, `${timestamp}.${body}`)}` };
}

/** The event of a signed body; a missing, malformed, wrong or stale signature throws WebhookSignatureError. */
export function verifiedEvent(secret: string, rawBody: Buffer | string, signature: string | undefined): PaymentEvent {
  if (!signature) throw new WebhookSignatureError(WEBHOOK_MESSAGES.noSignature);
  const parts = new Map(signature.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isSafeInteger(timestamp) || !given) throw new WebhookSignatureError(WEBHOOK_MESSAGES.malformedSignature);
  const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const expected = Buffer.from(hmac(secret, `${timestamp}.${body}`), 'hex');
  const actual = Buffer.from(given, 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new WebhookSignatureError(WEBHOOK_MESSAGES.wrongSignature);
  if (Math.abs(Date.now() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookSignatureError(WEBHOOK_MESSAGES.stale);
  return JSON.parse(body) as PaymentEvent;
}

import type { FastifyInstance } from 'fastify';
import { BadRequestError, success } from '@inkwell/platform';
import { WEBHOOK_MESSAGES } from '../drivers/payments/messages';
import { WebhookSignatureError, type PaymentEvent, type PaymentProcessor } from '../drivers/payments/port';

/** Where Stripe posts its events (set this address in Stripe's dashboard with the three event types). */
export const PAYMENT_WEBHOOK_PATH = '/api/order/payments/webhook';

/** Stripe's signature header; the simulated processor's `signEvent` fills the same one. */
const SIGNATURE_HEADER = 'stripe-signature';

export interface PaymentWebhookOptions {
  processor: PaymentProcessor;
  /**
   * The order service's reaction, run before the answer: when it throws, the answer is a 5xx and
   * the processor sends the event again later. Events come at least once: de-duplicate by `event.id`.
   */
  handle(event: PaymentEvent): Promise<void>;
}

/**
 * The processor's webhook: the signature is checked over the body exactly as it arrived, so this
 * plugin keeps JSON bodies as bytes inside its own scope. A missing, forged or stale signature is a
 * 400; a signed event of a type the order service does not act on is acknowledged and dropped.
 *
 * Register it on the order service's app: `await app.register(paymentWebhookRoute, { processor, handle })`.
 */
export async function paymentWebhookRoute(app: FastifyInstance, { processor, handle }: PaymentWebhookOptions): Promise<void> {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(PAYMENT_WEBHOOK_PATH, { schema: { hide: true } }, async (request) => {
    const signature = request.headers[SIGNATURE_HEADER];
    if (!Buffer.isBuffer(request.body)) throw new BadRequestError(WEBHOOK_MESSAGES.notJson);
    let event: PaymentEvent | undefined;
    try {
      event = processor.parseWebhook(request.body, typeof signature === 'string' ? signature : undefined);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new BadRequestError(error.message);
      if (error instanceof SyntaxError) throw new BadRequestError(WEBHOOK_MESSAGES.invalidJson);
      throw error;
    }
    if (event) await handle(event);
    return success({ received: true });
  });
}

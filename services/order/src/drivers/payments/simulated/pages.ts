import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PaymentNotFoundError } from '../port';
import { SIMULATED_PAGES_PATH, type SimulatedPaymentProcessor } from './processor';

/**
 * The simulated processor's provider page: where the browser goes when a payment answers
 * requires_action (the extra authentication step of a 3-D Secure test card, or a wallet). The shopper
 * authorises or fails the payment and comes back to the payment's returnUrl with
 * `payment_intent=<id>&redirect_status=succeeded|failed`, as from Stripe.
 *
 * A plain HTML form, no script at all; its one style sheet is allowed by its hash in the page's own
 * Content-Security-Policy. Knowing the payment id (random, 144 bits) is what lets a browser answer,
 * as Stripe's client secret does.
 *
 * Register it on the order service's app: `await app.register(simulatedProviderPages, { processor })`.
 */
export interface SimulatedPagesOptions {
  processor: SimulatedPaymentProcessor;
}

const STYLE = [
  'body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f6;color:#1b1b1f}',
  'main{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:8px;border:1px solid #d0d0d7}',
  'h1{font-size:1.4rem;margin-top:0}',
  'dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}',
  'dt{font-weight:600}',
  'dd{margin:0}',
  '.actions{display:flex;gap:.75rem;margin-top:1.5rem}',
  'button,a.button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:2px solid #1d3f8f;cursor:pointer;text-decoration:none}',
  'button[value=authorise]{background:#1d3f8f;color:#fff}',
  'button[value=fail]{background:#fff;color:#1d3f8f}',
  'button:focus-visible,a:focus-visible{outline:3px solid #f0a000;outline-offset:2px}',
  '@media (max-width:30rem){main{margin:1rem}}',
].join('');
const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

const METHOD_NAMES: Readonly<Record<string, string>> = { Card: 'Card', PayPal: 'PayPal', GooglePay: 'Google Pay', ApplePay: 'Apple Pay' };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

function formatAmount(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

function page(reply: FastifyReply, statusCode: number, title: string, body: string, returnUrl?: string) {
  // Chrome applies form-action to the redirect after the POST too: the return address's origin.
  const formTargets = ["'self'", ...(returnUrl && /^https?:/i.test(returnUrl) ? [new URL(returnUrl).origin] : [])];
  return reply
    .status(statusCode)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', `default-src 'none'; style-src '${STYLE_HASH}'; form-action ${formTargets.join(' ')}; frame-ancestors 'none'; base-uri 'none'`)
    .send(
      `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)} – Inkwell test payments</title><style>${STYLE}</style></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

const notFound = (reply: FastifyReply) => page(reply, 404, 'Payment not found', '<p>There is no payment at this address. Go back to the store and try again.</p>');

export async function simulatedProviderPages(app: FastifyInstance, { processor }: SimulatedPagesOptions): Promise<void> {
  // Forms post url-encoded; parsed only inside this plugin's routes.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get<{ Params: { paymentId: string } }>(`${SIMULATED_PAGES_PATH}/:paymentId`, { schema: { hide: true } }, async (request, reply) => {
    const described = await processor.describe(request.params.paymentId);
    if (!described) return notFound(reply);
    const { payment, method, returnUrl } = described;
    const details =
      `<dl><dt>Amount</dt><dd>${escapeHtml(formatAmount(payment.amount, payment.currency))}</dd>` +
      `<dt>Method</dt><dd>${escapeHtml(METHOD_NAMES[method] ?? method)}</dd></dl>`;
    if (payment.status !== 'requires_action') {
      const outcome = payment.status === 'succeeded' ? 'This payment is already authorised.' : 'This payment has already failed.';
      return page(reply, 200, 'Payment already answered', `<p>${outcome}</p>${details}<p><a class="button" href="${escapeHtml(returnUrl)}">Return to the store</a></p>`);
    }
    const title = method === 'Card' ? 'Authorise your card payment' : `Pay with ${METHOD_NAMES[method] ?? method}`;
    const action = `${SIMULATED_PAGES_PATH}/${encodeURIComponent(payment.paymentId)}`;
    return page(
      reply,
      200,
      title,
      `<p>This is Inkwell's simulated payment provider: no real money moves. Choose what the provider answers.</p>${details}` +
        `<form method="post" action="${escapeHtml(action)}"><div class="actions">` +
        `<button type="submit" name="decision" value="authorise">Authorise</button>` +
        `<button type="submit" name="decision" value="fail">Fail</button>` +
        `</div></form>`,
      returnUrl,
    );
  });

  app.post<{ Params: { paymentId: string }; Body: unknown }>(`${SIMULATED_PAGES_PATH}/:paymentId`, { schema: { hide: true } }, async (request, reply) => {
    const decision = (request.body as { decision?: unknown } | undefined)?.decision;
    if (decision !== 'authorise' && decision !== 'fail') {
      return page(reply, 400, 'Choose an answer', '<p>Send the form with Authorise or Fail.</p>');
    }
    try {
      const { returnUrl } = await processor.completeAction(request.params.paymentId, decision);
      return reply.status(303).header('cache-control', 'no-store').redirect(returnUrl, 303);
    } catch (error) {
      if (error instanceof PaymentNotFoundError) return notFound(reply);
      throw error;
    }
  });
}

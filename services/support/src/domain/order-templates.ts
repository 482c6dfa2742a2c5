import { ORDER_TEMPLATES, type OrderTemplateName } from './order-mails';
import type { EmailContent } from './render';
import { BRAND, SIGN_OFF_TEXT, buttonHtml, documentHtml, paragraph } from './layout';

export interface OrderTemplate extends EmailContent {
  name: OrderTemplateName;
  description: string;
}

/**
 * What one order mail says. Paragraphs may hold placeholders, no markup. Lists and conditional
 * wording (the items, what happens next) arrive as one value of plain lines, shown as they are.
 */
interface OrderMailCopy {
  name: OrderTemplateName;
  description: string;
  subject: string;
  heading: string;
  intro: string[];
  /** The order box: its number, `{{items}}` when listed, and one amount line. */
  order?: { items: boolean; amountLine: string };
  /** A titled block filled from one placeholder of lines. */
  lines?: { title: string; placeholder: string };
  button: string;
  after: string[];
}

/** Keeps the line breaks of a value: `pre` holds them even where a client drops the style. */
const preformatted = (placeholder: string, margin: string) =>
  `<pre style="margin:${margin};font-family:${BRAND.font};font-size:16px;line-height:1.6;color:${BRAND.ink};white-space:pre-wrap;">{{${placeholder}}}</pre>`;

function orderBoxHtml(order: NonNullable<OrderMailCopy['order']>): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px;border:1px solid #e6e4dd;border-radius:8px;">
<tr><td style="padding:16px 20px;">
<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:${BRAND.muted};">Order {{orderNumber}}</p>
${order.items ? `${preformatted('items', '0 0 8px')}\n` : ''}<p style="margin:0;font-size:16px;line-height:1.6;font-weight:700;color:${BRAND.navy};">${order.amountLine}</p>
</td></tr></table>`;
}

function orderHtml(copy: OrderMailCopy): string {
  const parts = copy.intro.map((text) => paragraph(text));
  if (copy.order) parts.push(orderBoxHtml(copy.order));
  if (copy.lines) {
    parts.push(`<h2 style="margin:0 0 8px;font-size:18px;line-height:1.4;color:${BRAND.navy};">${copy.lines.title}</h2>`);
    parts.push(preformatted(copy.lines.placeholder, '0 0 16px'));
  }
  parts.push(buttonHtml(copy.button), ...copy.after.map((text) => paragraph(text, BRAND.muted)));
  return documentHtml(copy.heading, parts.join('\n'));
}

function orderText(copy: OrderMailCopy): string {
  const lines = [copy.heading, '', ...copy.intro.flatMap((text) => [text, ''])];
  if (copy.order) lines.push('Order {{orderNumber}}', ...(copy.order.items ? ['{{items}}'] : []), copy.order.amountLine, '');
  if (copy.lines) lines.push(copy.lines.title, `{{${copy.lines.placeholder}}}`, '');
  lines.push(`${copy.button}:`, '{{link}}', '', ...copy.after.flatMap((text) => [text, '']), ...SIGN_OFF_TEXT);
  return lines.join('\n');
}

const REFUND_TIMING = 'The money goes back to the card or account you paid with. Depending on your bank, it can take a few business days to show.';

const COPY: OrderMailCopy[] = [
  {
    name: ORDER_TEMPLATES.confirmation,
    description: 'Sent for each order of a purchase once it is paid (or needed no payment), pre-orders included.',
    subject: 'Your Inkwell order {{orderNumber}} is confirmed',
    heading: 'Thank you for your order',
    intro: ['Your order {{orderNumber}} is confirmed. Here is what you ordered:'],
    order: { items: true, amountLine: 'Total: {{total}}' },
    lines: { title: 'What happens next', placeholder: 'nextSteps' },
    button: '{{linkLabel}}',
    after: ['Questions about your order? Visit our support center at {{supportUrl}} and mention order {{orderNumber}}.'],
  },
  {
    name: ORDER_TEMPLATES.preOrderReleased,
    description: 'Sent when the release day of a pre-order comes and its items are unlocked.',
    subject: '{{headline}}',
    heading: '{{headline}}',
    intro: ['Your pre-order (order {{orderNumber}}) has been released.'],
    order: { items: true, amountLine: 'Total: {{total}}' },
    lines: { title: 'Where to find it', placeholder: 'nextSteps' },
    button: '{{linkLabel}}',
    after: ['Questions about your order? Visit our support center at {{supportUrl}} and mention order {{orderNumber}}.'],
  },
  {
    name: ORDER_TEMPLATES.cancelled,
    description: 'Sent when an order is cancelled, by staff or because the purchase could not be completed.',
    subject: 'Your Inkwell order {{orderNumber}} was cancelled',
    heading: 'Your order was cancelled',
    intro: ['Your order {{orderNumber}} has been cancelled. {{reasonLine}}', `If you paid for this order, the payment is refunded. ${REFUND_TIMING}`],
    button: 'Contact support',
    after: ['If you did not expect this or have any questions, contact us and we will help.'],
  },
  {
    name: ORDER_TEMPLATES.refunded,
    description: 'Sent when an order is refunded in full or in part.',
    subject: 'Your Inkwell refund for order {{orderNumber}}',
    heading: 'Your refund is on its way',
    intro: ['We have refunded {{amount}} for your order {{orderNumber}}.', REFUND_TIMING],
    lines: { title: 'About this refund', placeholder: 'refundDetails' },
    button: 'Contact support',
    after: ['Questions about this refund? Contact us and we will help.'],
  },
  {
    name: ORDER_TEMPLATES.shipped,
    description: "Sent when staff mark an order's print items shipped, with the carrier and tracking number.",
    subject: 'Your order {{orderNumber}} has shipped',
    heading: 'Your order is on its way',
    intro: ['Good news: the print items of your order {{orderNumber}} have shipped with {{carrier}}.'],
    lines: { title: 'Tracking', placeholder: 'tracking' },
    button: '{{linkLabel}}',
    after: ['Questions about your order? Visit our support center at {{supportUrl}} and mention order {{orderNumber}}.'],
  },
];

/** The order templates as the service ships them. */
export const ORDER_TEMPLATE_CONTENT: readonly OrderTemplate[] = COPY.map((copy) => ({
  name: copy.name,
  description: copy.description,
  subject: copy.subject,
  html: orderHtml(copy),
  text: orderText(copy),
}));

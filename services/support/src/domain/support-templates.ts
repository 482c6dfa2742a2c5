import type { EmailContent } from './render';
import { SIGN_OFF_TEXT, buttonHtml, documentHtml, paragraph } from './layout';

/** The scheduled emails' database templates, installed at start-up when missing (staff may reword them). */
export const SCHEDULED_TEMPLATES = {
  ticketFollowUp: 'ticket-follow-up',
  preOrderRelease: 'pre-order-release',
} as const;

export interface SupportTemplate extends EmailContent {
  name: string;
  description: string;
}

/**
 * `ticket-follow-up`: sent when a ticket waited on the customer for a while after our reply.
 * Values: `ticketSubject`, `ticketReference` (the ticket's reference the customer quotes), `storeUrl`.
 */
const ticketFollowUp: SupportTemplate = {
  name: SCHEDULED_TEMPLATES.ticketFollowUp,
  description: 'Scheduled: asks a customer whether our answer to their support request helped (ticket pending on the customer).',
  subject: 'Did we answer your question? [{{ticketReference}}]',
  html: documentHtml(
    'Did we answer your question?',
    [
      paragraph('A few days ago we answered your message “{{ticketSubject}}” (reference {{ticketReference}}).'),
      paragraph('If you still need help, just reply to this email and your message goes straight back to the person helping you.'),
      paragraph('If everything is sorted, there is nothing to do: we will close the request shortly.'),
    ].join('\n'),
  ),
  text: [
    'Did we answer your question?',
    '',
    'A few days ago we answered your message “{{ticketSubject}}” (reference {{ticketReference}}).',
    '',
    'If you still need help, just reply to this email and your message goes straight back to the person helping you.',
    '',
    'If everything is sorted, there is nothing to do: we will close the request shortly.',
    '',
    ...SIGN_OFF_TEXT,
  ].join('\n'),
};

/**
 * `pre-order-release`: sent on a pre-ordered item's release day, one per order line.
 * Values: `itemName`, `orderNumber`, `link` (where to find it), `storeUrl`.
 */
const preOrderRelease: SupportTemplate = {
  name: SCHEDULED_TEMPLATES.preOrderRelease,
  description: 'Scheduled: tells a customer that an item they pre-ordered is released today (one per order line).',
  subject: '{{itemName}} is out today',
  html: documentHtml(
    '{{itemName}} is out today',
    [
      paragraph('Release day is here: {{itemName}}, which you pre-ordered (order {{orderNumber}}), comes out today.'),
      buttonHtml('See it on Inkwell'),
    ].join('\n'),
  ),
  text: [
    '{{itemName}} is out today',
    '',
    'Release day is here: {{itemName}}, which you pre-ordered (order {{orderNumber}}), comes out today.',
    '',
    'See it on Inkwell:',
    '{{link}}',
    '',
    ...SIGN_OFF_TEXT,
  ].join('\n'),
};

export const SUPPORT_TEMPLATE_CONTENT: readonly SupportTemplate[] = [ticketFollowUp, preOrderRelease];

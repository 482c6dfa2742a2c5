import type { EmailContent } from './render';
import { SIGN_OFF_TEXT, buttonHtml, documentHtml, paragraph } from './layout';

/** The scheduled emails' database templates, installed at start-up when missing (staff may reword them). */
export const SCHEDULED_TEMPLATES = {
  ticketFollowUp: 'ticket-follow-up',
  preOrderReminder: 'pre-order-reminder',
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
 * `pre-order-reminder`: sent the day before a pre-ordered item comes out, one per order line (on the
 * day itself the order mails' 'pre-order-released' tells the customer it is in their library).
 * Values: `itemName`, `orderNumber`, `link` (where to find it), `storeUrl`.
 */
const preOrderReminder: SupportTemplate = {
  name: SCHEDULED_TEMPLATES.preOrderReminder,
  description: 'Scheduled: reminds a customer the day before that an item they pre-ordered comes out tomorrow (one per order line).',
  subject: '{{itemName}} comes out tomorrow',
  html: documentHtml(
    '{{itemName}} comes out tomorrow',
    [
      paragraph('Good news: {{itemName}}, which you pre-ordered (order {{orderNumber}}), comes out tomorrow.'),
      paragraph('There is nothing to do: we will let you know the moment it is yours.'),
      buttonHtml('See your comics'),
    ].join('\n'),
  ),
  text: [
    '{{itemName}} comes out tomorrow',
    '',
    'Good news: {{itemName}}, which you pre-ordered (order {{orderNumber}}), comes out tomorrow.',
    'There is nothing to do: we will let you know the moment it is yours.',
    '',
    'See your comics:',
    '{{link}}',
    '',
    ...SIGN_OFF_TEXT,
  ].join('\n'),
};

export const SUPPORT_TEMPLATE_CONTENT: readonly SupportTemplate[] = [ticketFollowUp, preOrderReminder];

import { BadRequestError, EnvelopeOf, TooManyRequestsError, success, type App, type ServiceContext } from '@inkwell/platform';
import { SUPPORT_MESSAGES, SubmittedFormBodySchema, SubmittedFormReceiptSchema, type SubmittedFormBody } from '@inkwell/contracts/dashboard-support';
import type { FormType } from '@inkwell/contracts/support-rules';
import { BRAND, documentHtml, paragraph, SIGN_OFF_TEXT } from '../domain/layout';
import { renderEmail, type EmailContent } from '../domain/render';
import { replyAddressFor } from '../domain/reply-address';
import { displayNameOf, mailbox } from '../domain/reply-headers';
import { formLimitKeys, takeFormAllowance } from '../store/form-limits';
import type { MailQueue } from '../store/mail-queue';
import { addFormMessage, findRecentTicketOf, openTicket, ticketForCustomerMessage, type TicketOpening } from '../store/ticket-writes';

/** A form's body is small: 5,000 characters of message and a few short fields fit well within this. */
export const FORM_BODY_LIMIT = 32 * 1024;
/** A form joins the sender's ticket that is not closed and was updated within this many days. */
export const FORM_JOINS_TICKET_DAYS = 7;
const USER_AGENT_MAX_LENGTH = 500;
const PAGE_MESSAGE = 'page must be a path on the store (starting with /) or a web address.';

/** The subject a ticket gets when the form has none. */
export const DEFAULT_FORM_SUBJECTS: Readonly<Record<FormType, string>> = {
  Contact: 'Contact form',
  Support: 'Support request',
  Librarians: 'Librarians enquiry',
  Feedback: 'Feedback',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A one-line value (a name, a user agent): control characters become spaces; blank is null. */
function oneLine(text: string | undefined, max: number): string | null {
  if (text === undefined) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, max).trim();
  return line === '' ? null : line;
}

/** The page the form was sent from: a path on the store or an http(s) address, nothing else (no `javascript:`). */
function pageOf(page: string | undefined): string | null {
  const value = page?.trim();
  if (!value) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[\u0000-\u001f\u007f\s]/.test(value)) throw new BadRequestError(PAGE_MESSAGE, { field: 'page' });
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // not an address: refused below
  }
  throw new BadRequestError(PAGE_MESSAGE, { field: 'page' });
}

/**
 * The acknowledgement a new ticket's sender gets. It repeats nothing the form said (subject,
 * name, message): whoever fills in someone else's address cannot make us mail them their words.
 * One per new ticket — a form joining an open ticket sends none — and the hourly limit of forms
 * per address bounds them further.
 */
export const FORM_ACKNOWLEDGEMENT: EmailContent = {
  subject: 'We received your message (reference #{{reference}})',
  html: documentHtml(
    'We received your message',
    [
      paragraph('Thank you for writing to Inkwell. Your message reached our support team, and a person will answer it by email, usually within two working days.'),
      paragraph('Your reference is <strong>#{{reference}}</strong>. To add anything, reply to this email.'),
      paragraph('If you did not write to us, you can ignore this email.', BRAND.muted),
    ].join('\n'),
  ),
  text: [
    'We received your message',
    '',
    'Thank you for writing to Inkwell. Your message reached our support team, and a person will answer it by email, usually within two working days.',
    '',
    'Your reference is #{{reference}}. To add anything, reply to this email.',
    '',
    'If you did not write to us, you can ignore this email.',
    '',
    ...SIGN_OFF_TEXT,
  ].join('\n'),
};

/**
 * Storefront spec §7 `POST /submitted-form/submit`: the contact, support-center and librarians
 * forms. A form opens a ticket, or joins the sender's recent open one, in one transaction with its
 * count against the hourly limit of its address and of its client. The user is the bearer token's,
 * never the body's.
 */
export async function submittedFormRoutes(app: App, context: ServiceContext, queue: MailQueue): Promise<void> {
  const perHour = context.config.support.formsPerHour;
  const supportAddress = context.config.support.address;
  const from = mailbox(displayNameOf(context.config.email.from), supportAddress);
  app.post<{ Body: SubmittedFormBody }>('/api/submitted-form/submit', {
    bodyLimit: FORM_BODY_LIMIT,
    preHandler: context.auth.optionalUser,
    schema: {
      tags: ['storefront'],
      summary: 'Send a contact or support form: opens a support ticket (or adds to the sender’s open one) and answers its reference',
      body: SubmittedFormBodySchema,
      response: { 200: EnvelopeOf(SubmittedFormReceiptSchema) },
    },
    handler: async (request) => {
      const body = request.body;
      const feedbackUrl = pageOf(body.page);
      const email = body.email.trim();
      const userId = request.principal && UUID.test(request.principal.userId) ? request.principal.userId : null;
      const ip = request.ip || null;
      const userAgent = oneLine(request.headers['user-agent'], USER_AGENT_MAX_LENGTH);
      const subject = body.subject === undefined ? null : oneLine(body.subject, 200);
      const platform = body.platform ?? null;
      const opening: TicketOpening = {
        fromEmail: email,
        fromName: oneLine(body.name, 200),
        userId,
        subject: subject ?? DEFAULT_FORM_SUBJECTS[body.formType],
        type: 'SubmittedForm',
        platform,
      };
      const reference = await context.db.transaction(async (tx) => {
        const waitSeconds = await takeFormAllowance(tx, formLimitKeys(email, ip), perHour);
        if (waitSeconds > 0) throw new TooManyRequestsError(SUPPORT_MESSAGES.formRateLimited, waitSeconds);
        const recent = await findRecentTicketOf(tx, email, FORM_JOINS_TICKET_DAYS);
        const { ticket, opened } = recent ? await ticketForCustomerMessage(tx, recent.id, opening) : { ticket: await openTicket(tx, opening), opened: true };
        await addFormMessage(tx, ticket.id, {
          formType: body.formType,
          submittedEmail: email,
          submittedUserId: userId,
          subject,
          text: body.message,
          userAgent,
          ipAddress: ip,
          feedbackUrl,
          platform,
        });
        if (opened) {
          await queue.add(tx, {
            to: email,
            content: renderEmail(FORM_ACKNOWLEDGEMENT, { reference: String(ticket.id), storeUrl: context.config.publicUrl }),
            templateName: null,
            userId,
            category: 'support',
            from,
            replyTo: replyAddressFor(supportAddress, ticket.replyToken),
          });
        }
        return String(ticket.id);
      });
      request.log.info({ ticketId: Number(reference) }, 'submitted form received');
      return success({ reference });
    },
  });
}

import { AUTH_TEMPLATES, type AuthTemplateName } from './account-mails';
import type { EmailContent } from './render';
import { BRAND, SIGN_OFF_TEXT, buttonHtml, documentHtml, paragraph } from './layout';

export interface AuthTemplate extends EmailContent {
  name: AuthTemplateName;
  description: string;
}

/** What one account mail says; the layout around it is the same for all of them. */
interface MailCopy {
  name: AuthTemplateName;
  description: string;
  subject: string;
  heading: string;
  /** Paragraphs before the button; may hold placeholders, no markup. */
  intro: string[];
  button: string;
  /** Paragraphs after the button. */
  after: string[];
}

/**
 * The button carries the account link; the layout around it is the one every shipped mail shares.
 */
function layoutHtml(copy: MailCopy): string {
  return documentHtml(
    copy.heading,
    [...copy.intro.map((text) => paragraph(text)), buttonHtml(copy.button), ...copy.after.map((text) => paragraph(text, BRAND.muted))].join('\n'),
  );
}

function layoutText(copy: MailCopy): string {
  return [copy.heading, '', ...copy.intro.flatMap((text) => [text, '']), `${copy.button}:`, '{{link}}', '', ...copy.after.flatMap((text) => [text, '']), ...SIGN_OFF_TEXT].join('\n');
}

const COPY: MailCopy[] = [
  {
    name: AUTH_TEMPLATES.verifyEmail,
    description: 'Sent after sign-up and when a reader asks for the verification email again.',
    subject: 'Verify your email for Inkwell',
    heading: 'Welcome to Inkwell!',
    intro: ['Thanks for signing up. Please confirm that {{email}} is your email address, so your account and your library stay yours.'],
    button: 'Verify my email',
    after: ['The link works for 7 days. If you did not create an Inkwell account, you can ignore this email.'],
  },
  {
    name: AUTH_TEMPLATES.resetPassword,
    description: 'Sent when someone asks to reset the password of an account.',
    subject: 'Reset your Inkwell password',
    heading: 'Choose a new password',
    intro: ['We received a request to reset the password of the Inkwell account for {{email}}. Use the button below to choose a new one.'],
    button: 'Choose a new password',
    after: ['The link works once, for 1 hour. If you did not ask for this, you can ignore this email: your password stays as it is.'],
  },
  {
    name: AUTH_TEMPLATES.changeEmail,
    description: 'Sent to the new address when a reader asks to change the email of their account.',
    subject: 'Confirm your new Inkwell email address',
    heading: 'Confirm your new email address',
    intro: [
      'You asked to change the email address of your Inkwell account from {{oldEmail}} to {{newEmail}}.',
      'Please confirm that this address is yours:',
    ],
    button: 'Confirm my new email',
    after: ['The link works for 24 hours. Until you confirm, you keep signing in with {{oldEmail}}. If you did not ask for this, you can ignore this email.'],
  },
  {
    name: AUTH_TEMPLATES.emailChanged,
    description: 'Sent to the old address once the email of an account has been changed.',
    subject: 'Your Inkwell email address was changed',
    heading: 'Your email address was changed',
    intro: [
      'The email address of your Inkwell account was changed from {{oldEmail}} to {{newEmail}}.',
      'From now on, sign in with {{newEmail}}; emails about your account go there too.',
    ],
    button: 'Contact support',
    after: ['If you made this change, there is nothing else to do. If you did not, contact us right away and we will help you get your account back.'],
  },
];

/** The authentication templates as the service ships them; written to the database at start-up. */
export const AUTH_TEMPLATE_CONTENT: readonly AuthTemplate[] = COPY.map((copy) => ({
  name: copy.name,
  description: copy.description,
  subject: copy.subject,
  html: layoutHtml(copy),
  text: layoutText(copy),
}));

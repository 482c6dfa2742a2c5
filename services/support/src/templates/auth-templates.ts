import { AUTH_TEMPLATES, type AuthTemplateName } from '../domain/account-mails';
import type { EmailContent } from '../domain/render';

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

const BRAND = {
  navy: '#151936',
  yellow: '#ffc73a',
  ink: '#1d2033',
  muted: '#5b5f76',
  paper: '#f5f3ee',
  blue: '#2e63e6',
  font: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
};

const paragraph = (text: string, color = BRAND.ink) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${color};">${text}</p>`;

/**
 * Email HTML: tables and inline styles, because that is what mail clients render reliably. The
 * link appears twice, as a button and written out, for clients that block or mangle buttons.
 */
function layoutHtml(copy: MailCopy): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${copy.heading}</title>
</head>
<body style="margin:0;padding:0;background:${BRAND.paper};font-family:${BRAND.font};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.paper};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;">
<tr><td style="background:${BRAND.navy};padding:20px 32px;">
<span style="display:inline-block;width:22px;height:22px;border-radius:6px;background:${BRAND.yellow};vertical-align:middle;"></span>
<span style="font-size:22px;font-weight:800;color:#ffffff;vertical-align:middle;padding-left:8px;">Inkwell</span>
</td></tr>
<tr><td style="padding:32px 32px 8px;">
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;color:${BRAND.navy};">${copy.heading}</h1>
${copy.intro.map((text) => paragraph(text)).join('\n')}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr>
<td style="border-radius:8px;background:${BRAND.yellow};">
<a href="{{link}}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:700;color:${BRAND.navy};text-decoration:none;border-radius:8px;">${copy.button}</a>
</td></tr></table>
${paragraph('If the button does not work, copy this link into your browser:', BRAND.muted)}
<p style="margin:0 0 24px;font-size:14px;line-height:1.5;word-break:break-all;"><a href="{{link}}" style="color:${BRAND.blue};">{{link}}</a></p>
${copy.after.map((text) => paragraph(text, BRAND.muted)).join('\n')}
</td></tr>
<tr><td style="padding:16px 32px 28px;border-top:1px solid #e6e4dd;font-size:13px;line-height:1.5;color:${BRAND.muted};">
Happy reading,<br>The Inkwell team<br>
<a href="{{storeUrl}}" style="color:${BRAND.blue};">{{storeUrl}}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function layoutText(copy: MailCopy): string {
  return [copy.heading, '', ...copy.intro.flatMap((text) => [text, '']), `${copy.button}:`, '{{link}}', '', ...copy.after.flatMap((text) => [text, '']), 'Happy reading,', 'The Inkwell team', '{{storeUrl}}', ''].join('\n');
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

import { EVENTS, assertEventData, type EventData } from '@inkwell/platform';
import type { TemplateValues } from './render';

/** The authentication templates (dashboard spec §3 "authentication templates"), by name. */
export const AUTH_TEMPLATES = {
  verifyEmail: 'verify-email',
  resetPassword: 'reset-password',
  changeEmail: 'change-email',
  emailChanged: 'email-changed',
} as const;

export type AuthTemplateName = (typeof AUTH_TEMPLATES)[keyof typeof AUTH_TEMPLATES];

/**
 * Storefront pages the mails link to that need no token. Links with a token (verification, reset,
 * email change) are built by the account service, which alone holds their tokens.
 */
export const LINK_PATHS = {
  supportCenter: '/support-center/',
} as const;

/** The account events the support service mails about. */
export const ACCOUNT_MAIL_EVENTS = [
  EVENTS.accountCreated.type,
  EVENTS.accountVerificationRequested.type,
  EVENTS.accountPasswordResetRequested.type,
  EVENTS.accountEmailChanged.type,
] as const;

/**
 * One mail to send: which template, to whom, about which account, and the template's values. A
 * mail with `linkId` carries an account link: its `link` value is the URL the account service
 * issues for that id when the mail is composed.
 */
export interface MailRequest {
  template: AuthTemplateName;
  to: string;
  userId: string;
  values: TemplateValues;
  linkId?: string;
}

function pageLink(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * The mail an account event asks for, or null when it asks for none (an account created by staff
 * without a verification link). Throws `InvalidEventError` when the data does not match the
 * event catalogue.
 */
export function mailForAccountEvent(type: string, data: unknown, publicUrl: string): MailRequest | null {
  assertEventData(type, data);
  const storeUrl = pageLink(publicUrl, '/');
  switch (type) {
    case EVENTS.accountCreated.type:
    case EVENTS.accountVerificationRequested.type: {
      const { userId, email, verificationLinkId } = data as EventData<'accountCreated'>;
      if (!verificationLinkId) return null;
      return { template: AUTH_TEMPLATES.verifyEmail, to: email, userId, values: { email, storeUrl }, linkId: verificationLinkId };
    }
    case EVENTS.accountPasswordResetRequested.type: {
      const { userId, email, resetLinkId } = data as EventData<'accountPasswordResetRequested'>;
      return { template: AUTH_TEMPLATES.resetPassword, to: email, userId, values: { email, storeUrl }, linkId: resetLinkId };
    }
    case EVENTS.accountEmailChanged.type: {
      const { userId, oldEmail, newEmail, confirmationLinkId } = data as EventData<'accountEmailChanged'>;
      // With a link the change waits for the new address to confirm; without, it is done and the
      // old address is told, so an owner whose account was taken over finds out.
      return confirmationLinkId
        ? { template: AUTH_TEMPLATES.changeEmail, to: newEmail, userId, values: { email: newEmail, oldEmail, newEmail, storeUrl }, linkId: confirmationLinkId }
        : {
            template: AUTH_TEMPLATES.emailChanged,
            to: oldEmail,
            userId,
            values: { email: oldEmail, oldEmail, newEmail, storeUrl, link: pageLink(publicUrl, LINK_PATHS.supportCenter) },
          };
    }
    default:
      return null;
  }
}

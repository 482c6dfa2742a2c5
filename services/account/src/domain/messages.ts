import { ACCOUNT_MESSAGES } from '@inkwell/contracts/account-rules';

/**
 * The account service's messages: the spec's words where it gives them (storefront spec §5, §8).
 * Those the storefront shows too are owned by `@inkwell/contracts/account-rules`; the rest are said
 * only here.
 */
export const MESSAGES = {
  ...ACCOUNT_MESSAGES,
  malformedBase64: 'email and password must be base64-encoded UTF-8 text.',
  refreshTokenNotFound: 'Refresh token not found.',
  alreadyVerified: 'Your account is already verified.',
  emailUnchanged: 'That is already the email of your account.',
  unknownSetting: 'Unknown setting.',
  invalidRating: 'The maximum shown rating must be one of e, e7, pg, t or m.',
  emailMismatch: 'Email does not match the signed-in account.',
  accountGone: 'This account no longer exists.',
  credentialsMissing: 'Enter your email and password.',
  refreshTokenRequired: 'refresh_token is required to log out.',
  /** A user export download link that was altered or made up (one that ran out is USER_MESSAGES.exportExpired). */
  exportLinkInvalid: 'This download link is not valid: open the export again in the dashboard for a working one.',
} as const;

export function tooManyLoginsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export function resendTooSoonMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `A verification email was sent less than 3 minutes ago. You can ask for another in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** `npm run create-admin` refusing its argument. */
export function notAnEmailMessage(rawEmail: string): string {
  return `"${rawEmail}" is not a valid email address`;
}

/** The AccountLinks refusals the support service logs. */
export function unknownLinkMessage(linkId: string): string {
  return `No link ${linkId}`;
}

export function spentLinkMessage(linkId: string): string {
  return `Link ${linkId} was already issued, used, replaced or has expired`;
}

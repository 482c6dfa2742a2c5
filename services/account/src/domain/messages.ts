/** The account service's messages: the spec's words where it gives them (storefront spec §5, §8). */
export const MESSAGES = {
  wrongPassword: 'Wrong password.',
  invalidEmail: 'Please enter a valid email.',
  signupFailed: 'signup.failed',
  emailTaken: 'An account with this email already exists.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 256 characters.',
  passwordsDoNotMatch: 'Passwords do not match.',
  malformedBase64: 'email and password must be base64-encoded UTF-8 text.',
  refreshTokenNotFound: 'Refresh token not found.',
  invalidLink: 'This link is invalid or has expired.',
  alreadyVerified: 'Your account is already verified.',
  emailUnchanged: 'That is already the email of your account.',
  unknownSetting: 'Unknown setting.',
  invalidRating: 'The maximum shown rating must be one of e, e7, pg, t or m.',
  emailMismatch: 'Email does not match the signed-in account.',
  accountGone: 'This account no longer exists.',
} as const;

export function tooManyLoginsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export function resendTooSoonMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `A verification email was sent less than 3 minutes ago. You can ask for another in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

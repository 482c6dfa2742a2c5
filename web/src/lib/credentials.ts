/**
 * Rules for what a reader types as an email or a password (storefront spec §5), shared by the
 * login overlay and the account pages so every form accepts and refuses the same things. The
 * account service checks again; these only spare a round trip and say what is wrong while typing.
 */

/** The spec's general pattern: something, an @, something, a dot, something. */
const GENERAL_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The spec's stricter pattern: a top-level domain of 2 to 12 letters after a well-formed domain. */
const STRICT_EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,12}$/;
/** RFC 5321 caps an address at 254 characters; the service refuses longer ones. */
const MAX_EMAIL_LENGTH = 254;

export const PASSWORD_MIN_LENGTH = 8;

/** Messages the storefront shows about credentials; the service answers with the same words. */
export const CREDENTIAL_MESSAGES = {
  invalidEmail: 'Please enter a valid email.',
  wrongPassword: 'Wrong password.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordsDoNotMatch: 'Passwords do not match.',
  emailTaken: 'An account with this email already exists.',
  invalidLink: 'This link is invalid or has expired.',
} as const;

/** The address as it is checked and sent: without the spaces a paste often brings along. */
export function normalizeEmail(value: string): string {
  return value.trim();
}

/** Both of the spec's patterns must accept the address. */
export function isValidEmail(value: string): boolean {
  const email = normalizeEmail(value);
  return email.length <= MAX_EMAIL_LENGTH && GENERAL_EMAIL.test(email) && STRICT_EMAIL.test(email) && !email.includes('..');
}

/** What to show under an email field: nothing while it is empty or valid (spec §5). */
export function emailProblem(value: string): string | undefined {
  return normalizeEmail(value) === '' || isValidEmail(value) ? undefined : CREDENTIAL_MESSAGES.invalidEmail;
}

/** The problem with a new password, or undefined when it is long enough. Counted in characters, not UTF-16 units. */
export function newPasswordProblem(password: string): string | undefined {
  return [...password].length < PASSWORD_MIN_LENGTH ? CREDENTIAL_MESSAGES.passwordTooShort : undefined;
}

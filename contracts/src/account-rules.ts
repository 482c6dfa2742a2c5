/**
 * The account rules both ends share (storefront spec §5): what an email address and a password must
 * be, and the words said when they are not. The storefront checks as the reader types, the account
 * service checks again, the order service checks a shipping address's email with the same rule.
 * Constants and pure functions only, so a frontend importing them pulls in no schema code.
 */

/** The spec's general pattern: something, an @, something, a dot, something. */
const GENERAL_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The spec's stricter pattern: a top-level domain of 2 to 12 letters after a well-formed domain. */
const STRICT_EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,12}$/;

/** RFC 5321 caps an address at 254 characters. */
export const MAX_EMAIL_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it cannot be used to tie up the CPU. */
export const PASSWORD_MAX_LENGTH = 256;

/** What the account service answers and the storefront shows, in the spec's words where it gives them. */
export const ACCOUNT_MESSAGES = {
  wrongPassword: 'Wrong password.',
  invalidEmail: 'Please enter a valid email.',
  signupFailed: 'signup.failed',
  emailTaken: 'An account with this email already exists.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  /** The start of a refusal by the strength rule; zxcvbn's warning and suggestions follow it (passwordStrengthMessage). */
  passwordTooWeak: 'This password is too easy to guess.',
  passwordsDoNotMatch: 'Passwords do not match.',
  invalidLink: 'This link is invalid or has expired.',
} as const;

/** The address as it is checked, stored and compared: without the spaces a paste often brings along. */
export function normalizeEmail(value: string): string {
  return value.trim();
}

/** Both of the spec's patterns must accept the (normalized) address, and it must fit RFC 5321. */
export function isValidEmail(value: string): boolean {
  const email = normalizeEmail(value);
  return email.length <= MAX_EMAIL_LENGTH && GENERAL_EMAIL.test(email) && STRICT_EMAIL.test(email) && !email.includes('..');
}

/** What to show under an email field: nothing while it is empty or valid. */
export function emailProblem(value: string): string | undefined {
  return normalizeEmail(value) === '' || isValidEmail(value) ? undefined : ACCOUNT_MESSAGES.invalidEmail;
}

/** The problem with a new password, or undefined when it is acceptable. Counted in characters, not UTF-16 units. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  return undefined;
}

/**
 * The strength rule (issue 26), the same at both ends: a new password is scored by zxcvbn-ts (its
 * common-password list, built from breached passwords, plus English words, names and keyboard
 * patterns, with the person's email as their own words) and refused below this score of 0–4.
 * The service and the storefront each run zxcvbn-ts with the options of `PASSWORD_STRENGTH_OPTIONS`.
 */
export const PASSWORD_MIN_SCORE = 3;

/** The options both ends give zxcvbn-ts: no Levenshtein matching (a hundred times slower, and it blocks the service's event loop). */
export const PASSWORD_STRENGTH_OPTIONS = { useLevenshteinDistance: false } as const;

/** What zxcvbn says about a password, as both ends read it. */
export interface PasswordFeedback {
  score: number;
  warning: string | null;
  suggestions: readonly string[];
}

/** The person's own words, which a password must not lean on: the address and the part before the @. */
export function passwordUserInputs(email: string | null | undefined): string[] {
  const address = normalizeEmail(email ?? '').toLowerCase();
  if (address === '') return [];
  const local = address.split('@')[0] ?? '';
  return local && local !== address ? [address, local] : [address];
}

/** Why a password is refused by the strength rule, or undefined when it is strong enough. */
export function passwordStrengthMessage(feedback: PasswordFeedback): string | undefined {
  if (feedback.score >= PASSWORD_MIN_SCORE) return undefined;
  const why = feedback.warning ? [feedback.warning] : [];
  const advice = feedback.suggestions.length > 0 ? feedback.suggestions : ['Add more words that are less common.'];
  return [ACCOUNT_MESSAGES.passwordTooWeak, ...why, ...advice].join(' ');
}

/** Words for the strength meter, by zxcvbn score 0–4. */
export const PASSWORD_STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

/**
 * Email addresses (storefront spec §5): a general pattern for sign-up and sign-in, and the stricter
 * one, whose top-level domain has 2 to 12 letters.
 */
const GENERAL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const STRICT = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,12}$/;

/** RFC 5321 caps a path at 254 characters. */
export const MAX_EMAIL_LENGTH = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && GENERAL.test(value);
}

export function isStrictEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && STRICT.test(value) && !value.includes('..');
}

/** What is stored and compared: surrounding spaces dropped; case is kept but never significant. */
export function normalizeEmail(value: string): string {
  return value.trim();
}

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  ALL_LISTS,
  NEWSLETTER_ATTRIBUTE_NAME_PATTERN,
  NEWSLETTER_CONFIRM_TTL_HOURS,
  NEWSLETTER_MAX_ATTRIBUTE_TEXT,
  NEWSLETTER_MAX_ATTRIBUTES,
  NEWSLETTER_PATHS,
} from '@inkwell/contracts/newsletter';

/** The newsletter calls' messages (storefront spec §7 Newsletter gives none of its own). */
export const NEWSLETTER_MESSAGES = {
  emailRequired: 'email is required: the address whose newsletters to read or change.',
  notYourEmail: 'You may only see or change the newsletters of your own email address.',
  unknownList: (id: string) => `There is no newsletter list "${id}".`,
  duplicateList: (id: string) => `The list "${id}" is given twice.`,
  tooManyAttributes: `At most ${NEWSLETTER_MAX_ATTRIBUTES} attributes.`,
  badAttributeName: (name: string) => `The attribute name "${name.slice(0, 60)}" must start with a letter and hold only letters, digits and underscores (at most 40).`,
  badAttributeValue: (name: string) => `The attribute "${name.slice(0, 60)}" must be text of at most ${NEWSLETTER_MAX_ATTRIBUTE_TEXT} characters, a finite number or true/false.`,
  unsubscribeNeedsToken: 'This unsubscribe link is incomplete: use the link from the newsletter email, or sign in to change your newsletters.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid (it was altered or mistyped): use the link from the newsletter email, or sign in to change your newsletters.',
  confirmLinkInvalid: 'This confirmation link is not valid (it was altered or mistyped). Subscribe again to get a new one.',
  confirmLinkExpired: `This confirmation link has expired (links work for ${NEWSLETTER_CONFIRM_TTL_HOURS} hours). Subscribe again to get a new one.`,
  confirmNotHere: 'Confirmation links are handled by the newsletter service itself: use the link in its email.',
  serviceUnavailable: 'The newsletter service is not answering just now. Please try again in a moment.',
} as const;

/**
 * The key newsletter links are signed with. Derived from the account service's token-signing key,
 * so no further secret has to be configured (rotating that key makes older links invalid: a new
 * newsletter carries new ones, and a signed-in owner can always unsubscribe on the account page).
 */
export function newsletterLinkKey(signingKeyPem: string): Buffer {
  return createHash('sha256').update('inkwell newsletter links\0').update(signingKeyPem).digest();
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function mac(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

function sameMac(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token of a one-click unsubscribe link: HMAC-SHA256 of the address and the list (`*`: every list). */
export function unsubscribeToken(key: Buffer, email: string, listId: string): string {
  return mac(key, `unsubscribe\n${email}\n${listId}`);
}

export function checkUnsubscribeToken(key: Buffer, email: string, listId: string, token: string): boolean {
  return sameMac(unsubscribeToken(key, email, listId), token);
}

interface ConfirmClaims {
  email: string;
  lists: string[];
  /** Unix seconds after which the link no longer works. */
  expiresAt: number;
}

/** A double opt-in token: the address, the lists and the expiry, signed (no row holds it). */
export function confirmToken(key: Buffer, email: string, lists: string[], now = new Date()): string {
  const claims = { e: email, l: lists, x: Math.floor(now.getTime() / 1000) + NEWSLETTER_CONFIRM_TTL_HOURS * 3600 };
  const body = b64url(JSON.stringify(claims));
  return `${body}.${mac(key, `confirm\n${body}`)}`;
}

export type ConfirmCheck = { ok: true; claims: ConfirmClaims } | { ok: false; reason: 'invalid' | 'expired' };

export function checkConfirmToken(key: Buffer, token: string, now = new Date()): ConfirmCheck {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || !sameMac(mac(key, `confirm\n${body}`), signature)) return { ok: false, reason: 'invalid' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const claims = parsed as { e?: unknown; l?: unknown; x?: unknown };
  if (typeof claims.e !== 'string' || !Array.isArray(claims.l) || !claims.l.every((id) => typeof id === 'string') || typeof claims.x !== 'number') {
    return { ok: false, reason: 'invalid' };
  }
  if (claims.x * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { email: claims.e, lists: claims.l as string[], expiresAt: claims.x } };
}

/** The links a newsletter mail carries: the storefront's confirmation page and unsubscribe page, and the RFC 8058 one-click URL. */
export function newsletterLinks(publicUrl: string, key: Buffer, email: string, listId: string = ALL_LISTS) {
  const base = publicUrl.replace(/\/+$/, '');
  const query = new URLSearchParams({ email, list: listId, token: unsubscribeToken(key, email, listId) }).toString();
  return {
    unsubscribePage: `${base}${NEWSLETTER_PATHS.unsubscribe}?${query}`,
    oneClick: `${base}/api/newsletter/UnsubscribeFromNewsletters?${query}`,
    confirmPage: (token: string) => `${base}${NEWSLETTER_PATHS.confirm}?${new URLSearchParams({ token }).toString()}`,
  };
}

/** RFC 2369 / RFC 8058 headers of a marketing mail. */
export function listUnsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export type AttributeValue = string | number | boolean;

/** The first problem with subscriber attributes, or undefined. */
export function attributesProblem(attributes: Record<string, unknown>): string | undefined {
  const names = Object.keys(attributes);
  if (names.length > NEWSLETTER_MAX_ATTRIBUTES) return NEWSLETTER_MESSAGES.tooManyAttributes;
  const pattern = new RegExp(NEWSLETTER_ATTRIBUTE_NAME_PATTERN);
  for (const name of names) {
    if (!pattern.test(name)) return NEWSLETTER_MESSAGES.badAttributeName(name);
    const value = attributes[name];
    const fine = typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.length <= NEWSLETTER_MAX_ATTRIBUTE_TEXT);
    if (!fine) return NEWSLETTER_MESSAGES.badAttributeValue(name);
  }
  return undefined;
}

/** The opt-in mail's words (plain text and HTML built from them). */
export function confirmationMail(input: { email: string; listNames: string[]; confirmUrl: string; unsubscribeUrl: string }) {
  const lists = input.listNames.join(', ');
  const subject = 'Confirm your Inkwell newsletter subscription';
  const text = [
    'Please confirm your subscription',
    '',
    `Someone (we hope you) asked to send the Inkwell newsletters ${lists} to ${input.email}.`,
    '',
    'Confirm my subscription:',
    input.confirmUrl,
    '',
    `The link works for ${NEWSLETTER_CONFIRM_TTL_HOURS} hours. If you did not ask for this, ignore this email: nothing will be sent.`,
    '',
    'Unsubscribe:',
    input.unsubscribeUrl,
  ].join('\n');
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1f2933">
<h1 style="font-size:20px">Please confirm your subscription</h1>
<p>Someone (we hope you) asked to send the Inkwell newsletters <strong>${escape(lists)}</strong> to ${escape(input.email)}.</p>
<p><a href="${escape(input.confirmUrl)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">Confirm my subscription</a></p>
<p style="color:#52606d">The link works for ${NEWSLETTER_CONFIRM_TTL_HOURS} hours. If you did not ask for this, ignore this email: nothing will be sent.</p>
<p style="color:#52606d;font-size:12px"><a href="${escape(input.unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`;
  return { subject, text, html };
}

/**
 * Signed, expiring page-image links: a link opens only the one image it names, only until `exp`.
 * Whoever is handed a link may use it until then (that is what lets a browser and a CDN cache it);
 * who gets links is decided when the page list is answered.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type PageImageFormat = 'webp' | 'jpeg';

const EXTENSION: Record<PageImageFormat, string> = { webp: 'webp', jpeg: 'jpg' };

export function pageImageFormatOf(extension: string): PageImageFormat | undefined {
  return (Object.keys(EXTENSION) as PageImageFormat[]).find((format) => EXTENSION[format] === extension);
}

/** Where the reader serves page images; the gateway routes `/api/reader` to it. */
export const PAGE_IMAGE_ROOT = '/api/reader/pages';

export function pageImagePath(productId: string, pageNumber: number, width: number, format: PageImageFormat): string {
  return `${PAGE_IMAGE_ROOT}/${productId}/${pageNumber}/${width}.${EXTENSION[format]}`;
}

/**
 * Expiry in unix seconds, rounded up to a bucket of a quarter of the time to live (at least a
 * minute), so page lists asked again within a bucket carry identical links and the browser's cache
 * answers. A link then lives between `ttlSeconds` and `ttlSeconds` plus one bucket.
 */
export function linkExpiry(now: Date, ttlSeconds: number): number {
  const bucket = Math.max(60, Math.floor(ttlSeconds / 4));
  return Math.ceil((Math.floor(now.getTime() / 1000) + ttlSeconds) / bucket) * bucket;
}

function signature(path: string, exp: number, secret: string): string {
  return createHmac('sha256', secret).update(`${path}?exp=${exp}`).digest('base64url');
}

export function signPageLink(path: string, exp: number, secret: string): string {
  return `${path}?exp=${exp}&sig=${signature(path, exp, secret)}`;
}

export type PageLinkCheck = { valid: true; secondsLeft: number } | { valid: false; reason: 'forged' | 'expired' };

/** Checks the signature before the time, so a forged link is never told it merely expired. */
export function checkPageLink(path: string, exp: string, sig: string, secret: string, now: Date): PageLinkCheck {
  if (!/^\d{1,12}$/.test(exp)) return { valid: false, reason: 'forged' };
  const expected = Buffer.from(signature(path, Number(exp), secret));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false, reason: 'forged' };
  const secondsLeft = Number(exp) - Math.floor(now.getTime() / 1000);
  return secondsLeft > 0 ? { valid: true, secondsLeft } : { valid: false, reason: 'expired' };
}

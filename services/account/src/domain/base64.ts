const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Decodes the base64 the newer sign-up call sends (storefront spec §3). Node's decoder skips
 * characters it does not know, so the shape is checked first; the bytes must be valid UTF-8.
 */
export function decodeBase64Text(value: string): string | undefined {
  const compact = value.trim();
  if (compact.length === 0 || !BASE64.test(compact)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(compact, 'base64'));
  } catch {
    return undefined;
  }
}

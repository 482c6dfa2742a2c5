/**
 * What the storefront knows about a session without asking the server, and what it forgets when
 * one ends.
 */
import { writeStored } from '@inkwell/ui-kit/storage';
import { resetBrowserId } from '@/lib/storage';
import { VERIFICATION_SENT_KEY } from './verification-window';

/**
 * The account id (`sub`) an access token was issued to. The signature is not checked: this only
 * tells a renewed token of the same reader (keep showing them) from another reader's token (forget
 * everything), and every call is still checked by the server.
 */
export function tokenSubject(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims: unknown = JSON.parse(atob(base64));
    const sub = typeof claims === 'object' && claims !== null ? (claims as { sub?: unknown }).sub : undefined;
    return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : null;
  } catch {
    return null;
  }
}

/**
 * Storefront spec §4: logout clears the carts along with the account. The guest cart id goes, so
 * the next visitor on this browser starts an empty cart instead of the reader's; the remembered
 * verification send belongs to the account too.
 */
export function forgetSessionData(): void {
  resetBrowserId();
  writeStored(VERIFICATION_SENT_KEY, null);
}

/**
 * What only the storefront keeps in the browser's local storage, under the keys earlier clients
 * also used. The tokens, which the dashboard shares, are kept by `@inkwell/ui-kit/storage`.
 */
import { readStored, writeStored } from '@inkwell/ui-kit/storage';

export const STORAGE_KEYS = {
  /** Guest cart id: the cart service keys carts by it. */
  browserId: 'browserId',
  cookieConsent: 'cookieConsent',
  /** The visitor's last searches, most recent first (JSON array of strings). */
  searchHistory: 'searchHistory',
  /** Set once the visitor has confirmed the mature-content warning (storefront spec §9: kept persistently). */
  matureContentAccepted: 'matureContentAccepted',
} as const;

/** RFC 4122 version 4 id; `crypto.randomUUID` exists only in secure contexts (https, localhost). */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The guest cart id of this browser, created on first use. */
export function getBrowserId(): string {
  const stored = readStored(STORAGE_KEYS.browserId);
  if (stored) return stored;
  const id = randomUuid();
  writeStored(STORAGE_KEYS.browserId, id);
  return id;
}

// Like the tokens: `storage` events reach only other tabs, so this tab's changes are announced here.
const browserIdListeners = new Set<() => void>();

/**
 * Storefront spec §4 and §9: a new cart id when the cart is abandoned (logout) or its purchase is
 * done. The next `getBrowserId` makes it; whoever shows the cart hears of the change.
 */
export function resetBrowserId(): void {
  writeStored(STORAGE_KEYS.browserId, null);
  for (const listener of browserIdListeners) listener();
}

/** Subscribes to cart id changes made in this tab or another one (for useSyncExternalStore). */
export function subscribeToBrowserId(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.browserId) listener();
  };
  browserIdListeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    browserIdListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor's answer to the cookie banner: every cookie, or only those the shop needs to work. */
export type CookieChoice = 'all' | 'essential';

export function getCookieChoice(): CookieChoice | null {
  const stored = readStored(STORAGE_KEYS.cookieConsent);
  return stored === 'all' || stored === 'essential' ? stored : null;
}

export function storeCookieChoice(choice: CookieChoice): void {
  writeStored(STORAGE_KEYS.cookieConsent, choice);
}

export function getSearchHistory(): string[] {
  return parseSearchHistory(readStored(STORAGE_KEYS.searchHistory));
}

/** The stored history as this or an earlier client wrote it; anything unreadable counts as none. */
export function parseSearchHistory(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

export function storeSearchHistory(history: readonly string[]): void {
  writeStored(STORAGE_KEYS.searchHistory, history.length > 0 ? JSON.stringify(history) : null);
}

export function hasAcceptedMatureContent(): boolean {
  return readStored(STORAGE_KEYS.matureContentAccepted) === 'true';
}

export function storeMatureContentAccepted(): void {
  writeStored(STORAGE_KEYS.matureContentAccepted, 'true');
}

/**
 * Everything the storefront keeps in the browser's local storage, under the keys the dashboard
 * (same origin) and earlier clients also use. Local storage can be unavailable (privacy modes,
 * disabled storage), so reads fall back to "nothing stored" and writes are best effort.
 */

export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  /** Guest cart id: the cart service keys carts by it. */
  browserId: 'browserId',
  cookieConsent: 'cookieConsent',
  /** The visitor's last searches, most recent first (JSON array of strings). */
  searchHistory: 'searchHistory',
  /** Set once the visitor has confirmed the mature-content warning (storefront spec §9: kept persistently). */
  matureContentAccepted: 'matureContentAccepted',
} as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage is full or disabled: the value lives only as long as this page.
  }
}

// `storage` events only reach *other* tabs, so this tab's own token changes are announced here.
const tokenListeners = new Set<() => void>();

function notifyTokenListeners(): void {
  for (const listener of tokenListeners) listener();
}

export function getAccessToken(): string | null {
  return read(STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return read(STORAGE_KEYS.refreshToken);
}

export function setTokens(tokens: { accessToken: string; refreshToken?: string | undefined }): void {
  write(STORAGE_KEYS.accessToken, tokens.accessToken);
  if (tokens.refreshToken !== undefined) write(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  notifyTokenListeners();
}

export function clearTokens(): void {
  write(STORAGE_KEYS.accessToken, null);
  write(STORAGE_KEYS.refreshToken, null);
  notifyTokenListeners();
}

/** Subscribes to access-token changes made in this tab or another one (for useSyncExternalStore). */
export function subscribeToTokens(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.accessToken) listener();
  };
  tokenListeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    tokenListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

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
  const stored = read(STORAGE_KEYS.browserId);
  if (stored) return stored;
  const id = randomUuid();
  write(STORAGE_KEYS.browserId, id);
  return id;
}

/** The visitor's answer to the cookie banner: every cookie, or only those the shop needs to work. */
export type CookieChoice = 'all' | 'essential';

export function getCookieChoice(): CookieChoice | null {
  const stored = read(STORAGE_KEYS.cookieConsent);
  return stored === 'all' || stored === 'essential' ? stored : null;
}

export function storeCookieChoice(choice: CookieChoice): void {
  write(STORAGE_KEYS.cookieConsent, choice);
}

export function getSearchHistory(): string[] {
  const stored = read(STORAGE_KEYS.searchHistory);
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

export function storeSearchHistory(history: readonly string[]): void {
  write(STORAGE_KEYS.searchHistory, history.length > 0 ? JSON.stringify(history) : null);
}

export function hasAcceptedMatureContent(): boolean {
  return read(STORAGE_KEYS.matureContentAccepted) === 'true';
}

export function storeMatureContentAccepted(): void {
  write(STORAGE_KEYS.matureContentAccepted, 'true');
}

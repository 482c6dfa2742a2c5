/**
 * The staff member's tokens. The dashboard has no sign-in of its own: staff log in on the
 * storefront, which keeps the tokens in local storage on this same origin under these keys.
 * Local storage can be unavailable (privacy modes), so reads fall back to "nothing stored".
 */

export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
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

// `storage` events only reach *other* tabs (a login on the storefront tab), so this tab's own
// changes are announced here.
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

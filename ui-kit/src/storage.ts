/**
 * The browser's local storage, shared by the storefront and the dashboard. Both are served from the
 * same origin, so the tokens a login on the storefront stores are the dashboard's tokens too (the
 * dashboard has no login of its own). Local storage can be unavailable (privacy modes, disabled
 * storage), so reads fall back to "nothing stored" and writes are best effort.
 */

/** Keys the tokens are kept under; earlier clients used them too, so they must not change. */
export const TOKEN_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
} as const;

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`, or removes the key for null. */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage is full or disabled: the value lives only as long as this page.
  }
}

// `storage` events only reach *other* tabs (a login in the storefront's tab, seen by the
// dashboard's), so this tab's own token changes are announced here.
const tokenListeners = new Set<() => void>();

function notifyTokenListeners(): void {
  for (const listener of tokenListeners) listener();
}

/** Where the tokens are kept: local storage, unless the desktop build keeps them itself (web/src/lib/desktop-tokens.ts). */
export interface TokenBackend {
  read(key: string): string | null;
  write(key: string, value: string | null): void;
}

let tokenBackend: TokenBackend = { read: readStored, write: writeStored };

/** The desktop build's tokens live in memory and, encrypted, in session storage (storefront spec §4). */
export function setTokenBackend(backend: TokenBackend): void {
  tokenBackend = backend;
}

export function getAccessToken(): string | null {
  return tokenBackend.read(TOKEN_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return tokenBackend.read(TOKEN_KEYS.refreshToken);
}

export function setTokens(tokens: { accessToken: string; refreshToken?: string | undefined }): void {
  tokenBackend.write(TOKEN_KEYS.accessToken, tokens.accessToken);
  if (tokens.refreshToken !== undefined) tokenBackend.write(TOKEN_KEYS.refreshToken, tokens.refreshToken);
  notifyTokenListeners();
}

export function clearTokens(): void {
  tokenBackend.write(TOKEN_KEYS.accessToken, null);
  tokenBackend.write(TOKEN_KEYS.refreshToken, null);
  notifyTokenListeners();
}

/** Subscribes to access-token changes made in this tab or another one (for useSyncExternalStore). */
export function subscribeToTokens(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEYS.accessToken) listener();
  };
  tokenListeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    tokenListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

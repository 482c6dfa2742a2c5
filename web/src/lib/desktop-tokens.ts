/**
 * Tokens on the desktop build (storefront spec §4: session storage on the desktop app; §8: a
 * decrypt failure clears them; §9: AES-GCM, 256-bit key of 32 random bytes, 12-byte IV). The page
 * holds the tokens in memory; session storage holds them only encrypted. The key never stays on
 * the machine: the server keeps it under an identifier (`POST /account/SteamStoreEncryptionEntry`,
 * with a platform ticket and the platform user as identity) and gives it back for a fresh ticket of
 * the same identity (`SteamRetrieveEncryptionEntry`). docs/desktop.md.
 */
import { DESKTOP_AES, type RetrievedEncryptionEntry, type StoredEncryptionEntry } from '@inkwell/contracts/desktop';
import { api } from '@inkwell/ui-kit/api-client';
import { setTokenBackend, setTokens, TOKEN_KEYS, type TokenBackend } from '@inkwell/ui-kit/storage';
import { desktopBridge, ticketWithRetries, type DesktopBridge } from './desktop';

/** The session-storage key of the encrypted tokens. */
export const DESKTOP_TOKENS_KEY = 'desktopTokens';

interface Sealed {
  v: 1;
  /** The encryption entry's identifier on the server. */
  entry: string;
  iv: string;
  data: string;
}

type TokenKey = (typeof TOKEN_KEYS)[keyof typeof TOKEN_KEYS];

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

function readSession(): string | null {
  try {
    return window.sessionStorage.getItem(DESKTOP_TOKENS_KEY);
  } catch {
    return null;
  }
}

function writeSession(value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(DESKTOP_TOKENS_KEY);
    else window.sessionStorage.setItem(DESKTOP_TOKENS_KEY, value);
  } catch {
    // Storage disabled: the tokens live as long as this page.
  }
}

const importKey = (raw: Uint8Array) => crypto.subtle.importKey('raw', raw as BufferSource, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);

class DesktopTokens implements TokenBackend {
  private readonly memory = new Map<TokenKey, string>();
  private key: { entry: string; cryptoKey: CryptoKey } | null = null;
  /** Writes one after another, so the last tokens are what is stored. */
  private persisting: Promise<void> = Promise.resolve();

  constructor(private readonly bridge: DesktopBridge | undefined) {}

  read(key: string): string | null {
    return this.memory.get(key as TokenKey) ?? null;
  }

  write(key: string, value: string | null): void {
    if (value === null) this.memory.delete(key as TokenKey);
    else this.memory.set(key as TokenKey, value);
    this.persisting = this.persisting.then(() => this.persist()).catch((error: unknown) => console.warn('The desktop app could not store its tokens encrypted; they last as long as this window.', error));
  }

  private async ticket(bridge: DesktopBridge): Promise<{ ticket: string; identity: string }> {
    const ticket = await ticketWithRetries(() => bridge.getAuthTicket());
    return { ticket, identity: await bridge.identity() };
  }

  private async persist(): Promise<void> {
    if (this.memory.size === 0) {
      // Logged out: nothing is kept, not even the entry (a new sign-in stores a new key).
      writeSession(null);
      this.key = null;
      return;
    }
    if (!this.bridge) throw new Error('no desktop bridge');
    if (!this.key) {
      const raw = crypto.getRandomValues(new Uint8Array(DESKTOP_AES.keyBytes));
      const { ticket, identity } = await this.ticket(this.bridge);
      // Signed in by now: the server links the platform user to the account too.
      const { data } = await api.post<StoredEncryptionEntry>('/account/SteamStoreEncryptionEntry', { ticket, identity, aesKey: toBase64(raw) });
      this.key = { entry: data.identifier, cryptoKey: await importKey(raw) };
      raw.fill(0);
    }
    const iv = crypto.getRandomValues(new Uint8Array(DESKTOP_AES.ivBytes));
    const plain = new TextEncoder().encode(JSON.stringify(Object.fromEntries(this.memory)));
    const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: iv as BufferSource }, this.key.cryptoKey, plain as BufferSource));
    const sealed: Sealed = { v: 1, entry: this.key.entry, iv: toBase64(iv), data: toBase64(data) };
    writeSession(JSON.stringify(sealed));
  }

  /**
   * Reads the stored tokens back: the key asked of the server with a fresh ticket, then AES-GCM
   * decryption. Any failure — no ticket after the retries, the entry refused, a key that does not
   * open them — clears the stored tokens (spec §8): the reader logs in again.
   */
  async restore(): Promise<'none' | 'restored' | 'cleared'> {
    const stored = readSession();
    if (!stored) return 'none';
    try {
      if (!this.bridge) throw new Error('no desktop bridge');
      const sealed = JSON.parse(stored) as Sealed;
      if (sealed.v !== 1 || !sealed.entry || !sealed.iv || !sealed.data) throw new Error('not sealed tokens');
      const { ticket, identity } = await this.ticket(this.bridge);
      const { data } = await api.post<RetrievedEncryptionEntry>('/account/SteamRetrieveEncryptionEntry', { ticket, tokenEntryId: sealed.entry, identity });
      const cryptoKey = await importKey(fromBase64(data.aesKey));
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(sealed.iv) as BufferSource }, cryptoKey, fromBase64(sealed.data) as BufferSource);
      const tokens = JSON.parse(new TextDecoder().decode(plain)) as Partial<Record<TokenKey, string>>;
      const accessToken = tokens[TOKEN_KEYS.accessToken];
      if (!accessToken) throw new Error('no access token in the stored tokens');
      this.key = { entry: sealed.entry, cryptoKey };
      // Through the shared setter, so the login state hears of the tokens and validates them (§4).
      setTokens({ accessToken, refreshToken: tokens[TOKEN_KEYS.refreshToken] });
      return 'restored';
    } catch (error) {
      console.warn('The stored desktop tokens could not be decrypted; they were cleared.', error);
      writeSession(null);
      this.memory.clear();
      this.key = null;
      return 'cleared';
    }
  }
}

let installed: DesktopTokens | undefined;

/** On the desktop build, before anything reads a token: tokens in memory and, encrypted, in session storage. */
export function installDesktopTokens(): DesktopTokens {
  installed ??= new DesktopTokens(desktopBridge());
  setTokenBackend(installed);
  return installed;
}

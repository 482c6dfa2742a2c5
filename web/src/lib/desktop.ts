/**
 * The desktop build (`npm run build:desktop`, docs/desktop.md): the storefront packaged in the
 * desktop shell of a games platform. The flag is set at build time (VITE_PLATFORM=desktop): the
 * footer is hidden (storefront spec §2), tokens live in session storage encrypted with a key the
 * server keeps (§4, §9; desktop-tokens.ts), reading sessions say `Steam-desktop` (§3).
 */
import { DESKTOP_TICKET_RETRY } from '@inkwell/contracts/desktop';

export const IS_DESKTOP = import.meta.env.VITE_PLATFORM === 'desktop';

/** The platform reading sessions (spec §3: Web or the Steam-desktop build) and support forms report. */
export const READING_PLATFORM: 'Web' | 'Steam-desktop' = IS_DESKTOP ? 'Steam-desktop' : 'Web';

/**
 * What the shell gives the page (desktop/bridge.js in the Tauri shell; a stand-in in the browser
 * tests): the platform user it runs as, and the platform's auth tickets for the server to check.
 */
export interface DesktopBridge {
  platform: string;
  /** The platform user id (a SteamID64). */
  identity(): Promise<string>;
  /** A fresh auth ticket; rejects while the platform is not ready (the caller retries). */
  getAuthTicket(): Promise<string>;
}

declare global {
  interface Window {
    __INKWELL_DESKTOP__?: DesktopBridge;
  }
}

export function desktopBridge(): DesktopBridge | undefined {
  return typeof window === 'undefined' ? undefined : window.__INKWELL_DESKTOP__;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A ticket from the shell, asked again after 1000 ms, then doubling, up to 8 retries (spec §9).
 * Throws the last failure when every try failed.
 */
export async function ticketWithRetries(getTicket: () => Promise<string>, sleep: (ms: number) => Promise<void> = wait): Promise<string> {
  let delay: number = DESKTOP_TICKET_RETRY.firstDelayMs;
  for (let retry = 0; ; retry++) {
    try {
      const ticket = await getTicket();
      if (ticket) return ticket;
      throw new Error('the shell gave an empty ticket');
    } catch (error) {
      if (retry >= DESKTOP_TICKET_RETRY.maxRetries) throw error;
      await sleep(delay);
      delay *= DESKTOP_TICKET_RETRY.factor;
    }
  }
}

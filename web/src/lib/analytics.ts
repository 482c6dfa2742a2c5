/**
 * Storefront analytics events (storefront spec §3 "Analytics event", §7 Analytics). The session id
 * lasts as long as the browser tab's session, the user proxy as long as the browser keeps local
 * storage; both are MD5 hashes of a random value and the unix time, as the spec says, so neither
 * carries anything about the person. Events are sent only to visitors who allowed analytics
 * cookies (the privacy policy promises that), and a failure to record one never troubles the
 * visitor.
 */
import { md5 } from 'js-md5';
import { api } from '@inkwell/ui-kit/api-client';
import { readStored, writeStored } from '@inkwell/ui-kit/storage';
import { getCookieChoice } from './storage';

/** Version of the event shape this client sends. */
export const ANALYTICS_EVENT_VERSION = '1';

const USER_PROXY_KEY = 'analyticsUserProxy';
const SESSION_KEY = 'analyticsSessionId';

/** The spec's id: MD5 of a random value plus the unix time. */
export function analyticsId(random: Uint32Array = crypto.getRandomValues(new Uint32Array(4)), now: number = Date.now()): string {
  return md5(`${Array.from(random).join('-')}${Math.floor(now / 1000)}`);
}

function sessionId(): string {
  try {
    const stored = window.sessionStorage.getItem(SESSION_KEY);
    if (stored) return stored;
    const id = analyticsId();
    window.sessionStorage.setItem(SESSION_KEY, id);
    return id;
  } catch {
    return analyticsId();
  }
}

function userProxy(): string {
  const stored = readStored(USER_PROXY_KEY);
  if (stored) return stored;
  const id = analyticsId();
  writeStored(USER_PROXY_KEY, id);
  return id;
}

/** Which of the analytics service's inboxes an event goes to. */
export type AnalyticsChannel = 'sendEvent' | 'sendReaderEvent' | 'updateCart';

/** Sends one event if the visitor allowed analytics; resolves whether or not it was recorded. */
export async function sendAnalyticsEvent(channel: AnalyticsChannel, eventName: string, extraData: Record<string, unknown> = {}): Promise<void> {
  if (getCookieChoice() !== 'all') return;
  try {
    await api.post(`/analytics/${channel}`, {
      version: ANALYTICS_EVENT_VERSION,
      sessionId: sessionId(),
      userProxy: userProxy(),
      timestamp: Date.now(),
      eventName,
      path: window.location.pathname,
      extraData,
    });
  } catch {
    // Analytics is best effort: the visitor's action already happened.
  }
}

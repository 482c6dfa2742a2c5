/**
 * Storefront analytics events (storefront spec §3 "Analytics event", §7 Analytics). The session id
 * lasts as long as the browser tab's session, the user proxy as long as the browser keeps local
 * storage; both are MD5 hashes of a random value and the unix time, as the spec says, so neither
 * carries anything about the person. Events are sent only to visitors who allowed analytics
 * cookies (the privacy policy promises that), and a failure to record one never troubles the
 * visitor.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { md5 } from 'js-md5';
import { api } from '@inkwell/ui-kit/api-client';
import { readStored, writeStored } from '@inkwell/ui-kit/storage';
import { LoginStatus, useAuth } from './auth';
import { getCookieChoice } from './storage';

/** Version of the event shape this client sends. */
export const ANALYTICS_EVENT_VERSION = '1';

const USER_PROXY_KEY = 'analyticsUserProxy';
const SESSION_KEY = 'analyticsSessionId';
/** The render bot (pre-render services, crawlers): the same test as the checkout's payment-provider loading. */
const RENDER_BOT = /bot\b|crawler|spider|prerender|headlesschrome.*lighthouse|slurp/i;

/** Storefront spec §7: the session-storage key that marks a browser session's landing as sent. */
export const VISITED_BEFORE_KEY = 'visitedBefore';

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

/** Whether events may be sent: the visitor allowed analytics cookies. */
export function analyticsAllowed(): boolean {
  return getCookieChoice() === 'all';
}

/**
 * Sends one event if the visitor allowed analytics; resolves whether or not it was recorded. Each
 * event carries its own id (so the service stores a retry once) and, when the browser says it is
 * driven by automation, `webdriver: true` (the service counts it as a bot).
 */
export async function sendAnalyticsEvent(channel: AnalyticsChannel, eventName: string, extraData: Record<string, unknown> = {}): Promise<void> {
  if (!analyticsAllowed()) return;
  const body = {
    version: ANALYTICS_EVENT_VERSION,
    eventId: crypto.randomUUID(),
    sessionId: sessionId(),
    userProxy: userProxy(),
    timestamp: Date.now(),
    eventName,
    path: window.location.pathname,
    extraData: navigator.webdriver ? { ...extraData, webdriver: true } : extraData,
  };
  try {
    await api.post(`/analytics/${channel}`, body);
  } catch {
    // Analytics is best effort: the visitor's action already happened. One retry, with the same
    // event id, so it is stored once however many of the two arrive.
    try {
      await api.post(`/analytics/${channel}`, body);
    } catch {
      // Given up.
    }
  }
}

/** `landing_page` {url_path}, once per browser session (storefront spec §7). */
export function trackLanding(pathname: string): void {
  if (!analyticsAllowed()) return;
  try {
    if (window.sessionStorage.getItem(VISITED_BEFORE_KEY)) return;
    window.sessionStorage.setItem(VISITED_BEFORE_KEY, 'true');
  } catch {
    return;
  }
  void sendAnalyticsEvent('sendEvent', 'landing_page', { url_path: pathname });
}

/**
 * Storefront spec §7: PAGE_VIEW {url} on each location change once the login state is known (not
 * Unknown), never for the render bot; the first page of a browser session also sends landing_page.
 * Used once, by the store's root layout (paths without their trailing slash are about to be
 * replaced, so they are not counted).
 */
export function usePageViewTracking(): void {
  const { pathname, search } = useLocation();
  const { status } = useAuth();
  const known = status !== LoginStatus.Unknown;
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!known || !pathname.endsWith('/') || RENDER_BOT.test(navigator.userAgent)) return;
    const location = `${pathname}${search}`;
    if (sent.current === location) return;
    sent.current = location;
    trackLanding(pathname);
    void sendAnalyticsEvent('sendEvent', 'PAGE_VIEW', { url: window.location.href });
  }, [known, pathname, search]);
}

/** `store_link_click` {store, productId, url}: a product's link to another store was followed. */
export function trackStoreLinkClick(store: string, productId: string, url: string): void {
  void sendAnalyticsEvent('sendEvent', 'store_link_click', { store, productId, url });
}

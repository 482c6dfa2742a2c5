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
import { api, buildApiUrl } from '@inkwell/ui-kit/api-client';
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

/** The inbox of each channel, as `sendEvents` names it. */
const CHANNEL_OF: Record<AnalyticsChannel, 'store' | 'reader' | 'cart'> = { sendEvent: 'store', sendReaderEvent: 'reader', updateCart: 'cart' };
/** Events wait at most this long before they are sent together (a page's burst goes in one request). */
export const ANALYTICS_FLUSH_DELAY_MS = 250;
/** Events sent at once when this many wait. */
export const ANALYTICS_FLUSH_SIZE = 20;
/** The batched call takes at most this many events (the service's limit). */
const MAX_BATCH = 100;

interface QueuedEvent {
  channel: 'store' | 'reader' | 'cart';
  version: string;
  eventId: string;
  sessionId: string;
  userProxy: string;
  timestamp: number;
  eventName: string;
  path: string;
  extraData: Record<string, unknown>;
}

let queue: QueuedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/** Sends what waits when the page goes away (pagehide, or hidden: a phone may never say pagehide). */
function listenForLeaving(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', () => flushOnLeaving());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushOnLeaving();
  });
}

/** The events waiting, taken out of the queue (at most one request's worth). */
function take(): QueuedEvent[] {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const batch = queue.slice(0, MAX_BATCH);
  queue = queue.slice(MAX_BATCH);
  if (queue.length > 0) timer = setTimeout(() => void flushAnalytics(), 0);
  return batch;
}

/**
 * Sends the waiting events now, in one `POST /api/analytics/sendEvents` (issue 25: the service
 * stores thousands of events a second only in batches). Best effort: one retry with the same event
 * ids (the service stores each once however many copies arrive), then given up.
 */
export async function flushAnalytics(): Promise<void> {
  const events = take();
  if (events.length === 0) return;
  try {
    await api.post('/analytics/sendEvents', { events });
  } catch {
    try {
      await api.post('/analytics/sendEvents', { events });
    } catch {
      // Given up: the visitor's action already happened.
    }
  }
}

/** The page is going away: what waits goes by beacon (it outlives the page), else a keepalive fetch. */
function flushOnLeaving(): void {
  while (queue.length > 0) {
    const body = JSON.stringify({ events: take() });
    const url = buildApiUrl('/analytics/sendEvents');
    let queued: boolean;
    try {
      queued = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
    } catch {
      queued = false;
    }
    if (!queued) void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(() => undefined);
  }
}

/**
 * Queues one event if the visitor allowed analytics; they are sent together after
 * ANALYTICS_FLUSH_DELAY_MS, at once when ANALYTICS_FLUSH_SIZE wait, and by beacon when the page goes
 * away. Resolves once queued, whether or not it is recorded. Each event carries its own id (so the
 * service stores a retry once) and, when the browser says it is driven by automation,
 * `webdriver: true` (the service counts it as a bot).
 */
export async function sendAnalyticsEvent(channel: AnalyticsChannel, eventName: string, extraData: Record<string, unknown> = {}): Promise<void> {
  if (!analyticsAllowed()) return;
  queue.push({
    channel: CHANNEL_OF[channel],
    version: ANALYTICS_EVENT_VERSION,
    eventId: crypto.randomUUID(),
    sessionId: sessionId(),
    userProxy: userProxy(),
    timestamp: Date.now(),
    eventName,
    path: window.location.pathname,
    extraData: navigator.webdriver ? { ...extraData, webdriver: true } : extraData,
  });
  listenForLeaving();
  if (queue.length >= ANALYTICS_FLUSH_SIZE) void flushAnalytics();
  else timer ??= setTimeout(() => void flushAnalytics(), ANALYTICS_FLUSH_DELAY_MS);
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

import { isbot } from 'isbot';

/** Headless browsers and render farms that `isbot` may let through. */
const HEADLESS = /HeadlessChrome|PhantomJS|Puppeteer|Playwright|Lighthouse|Prerender|Rendertron|Chrome-Lighthouse|SlimerJS|jsdom|node-fetch|axios|python-requests|Go-http-client|curl\/|Wget/i;

/**
 * Whether an event came from a bot (kept, but counted apart): a crawler's user agent (`isbot`),
 * a headless or scripted client, no user agent at all (`isBotAgent`, once a request), or a browser
 * that says it is driven by automation (`saysAutomated`: `extraData.webdriver === true`, sent by
 * the storefront from `navigator.webdriver`).
 */
export function isBotAgent(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.trim() === '') return true;
  return isbot(userAgent) || HEADLESS.test(userAgent);
}

/** The event's part: its browser says it is driven by automation. */
export function saysAutomated(extraData: Record<string, unknown> | undefined): boolean {
  return extraData?.webdriver === true;
}

import { isbot } from 'isbot';

/** Headless browsers and render farms that `isbot` may let through. */
const HEADLESS = /HeadlessChrome|PhantomJS|Puppeteer|Playwright|Lighthouse|Prerender|Rendertron|Chrome-Lighthouse|SlimerJS|jsdom|node-fetch|axios|python-requests|Go-http-client|curl\/|Wget/i;

/**
 * Whether a request came from a bot (kept, but counted apart): a crawler's user agent (`isbot`),
 * a headless or scripted client, no user agent at all, or a browser that says it is driven by
 * automation (`extraData.webdriver === true`, sent by the storefront from `navigator.webdriver`).
 */
export function isBotRequest(userAgent: string | undefined, extraData: Record<string, unknown> | undefined): boolean {
  if (!userAgent || userAgent.trim() === '') return true;
  if (extraData?.webdriver === true) return true;
  return isbot(userAgent) || HEADLESS.test(userAgent);
}

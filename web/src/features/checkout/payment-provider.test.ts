import { describe, expect, it } from 'vitest';
import { isRenderBot, paymentProviderWanted } from './payment-provider';

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const base = { loggedIn: false, pathname: '/', overlayOpen: false, userAgent: browser };

describe('when the payment provider loads (storefront spec §4)', () => {
  it.each([
    ['an anonymous visitor browsing', base, false],
    ['a signed-in reader', { ...base, loggedIn: true }, true],
    ['on /confirm', { ...base, pathname: '/confirm' }, true],
    ['on a path under /confirm', { ...base, pathname: '/confirm/abc' }, true],
    ['on a path that only starts like it', { ...base, pathname: '/confirmation' }, false],
    ['with the cart or checkout overlay open', { ...base, overlayOpen: true }, true],
    ['for the render bot, even signed in with the cart open', { ...base, loggedIn: true, overlayOpen: true, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, false],
    ['for a pre-render service', { ...base, overlayOpen: true, userAgent: 'Mozilla/5.0 Prerender (+https://github.com/prerender/prerender)' }, false],
  ] as const)('%s → %s', (_name, conditions, wanted) => {
    expect(paymentProviderWanted(conditions)).toBe(wanted);
  });

  it('knows a browser from a bot', () => {
    expect(isRenderBot(browser)).toBe(false);
    expect(isRenderBot('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true);
  });
});

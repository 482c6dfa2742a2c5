import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { CHROMIUM_PATH, type Viewport } from './chromium';
import type { Env } from '@inkwell/platform';
import { startTestStack, type TestStack } from './stack';

export * from './chromium';

/** What the browser suites share besides Chromium itself: the built frontends, served by a whole stack, and screenshots. */
export const ROOT_DIR = path.resolve(import.meta.dirname, '../..');

/**
 * The built frontends; TEST_WEB_DIST and TEST_DASHBOARD_DIST point at builds made elsewhere (e.g.
 * `vite build --outDir …`), so that work on a frontend can be tested while another build runs.
 */
const DIST = {
  web: process.env.TEST_WEB_DIST ?? path.join(ROOT_DIR, 'web/dist'),
  dashboard: process.env.TEST_DASHBOARD_DIST ?? path.join(ROOT_DIR, 'dashboard/dist'),
} as const;

/** Why a browser suite cannot run here (no Chromium, frontends not built), for `skipBecause`; false when it can. */
export function browserSuiteSkip(...frontends: Array<keyof typeof DIST>): string | false {
  if (!existsSync(CHROMIUM_PATH)) return `Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium) to run browser tests`;
  const unbuilt = (frontends.length > 0 ? frontends : ['web' as const]).filter((frontend) => !existsSync(path.join(DIST[frontend], 'index.html')));
  return unbuilt.length > 0 ? `${unbuilt.join(' and ')} not built: run npm run build first` : false;
}

/**
 * Where the browser suites keep the demo art they draw (renderDemoArt's `cacheDir`): each suite's
 * fresh stack draws the same covers, so only the first suite of a run pays for them.
 */
export const DEMO_ART = { cacheDir: path.join(os.tmpdir(), 'inkwell-test-demo-art') } as const;

/** The whole stack serving the built storefront and dashboard. */
export function startBrowserStack(env: Env = {}): Promise<TestStack> {
  return startTestStack({ WEB_DIST: DIST.web, DASHBOARD_DIST: DIST.dashboard, ...env });
}

/** test-results/screens/<suite>, created; screenshots there are looked at after a run. */
export async function screenshotDir(suite: string): Promise<string> {
  const dir = path.join(ROOT_DIR, 'test-results/screens', suite);
  await mkdir(dir, { recursive: true });
  return dir;
}

export interface OpenPageOptions {
  /** Script run in the page before its own (e.g. stored tokens or settings). */
  setup?: string;
  deviceScaleFactor?: number;
}

/** A page in a fresh browser context that has answered the cookie banner, with script errors collected. */
export async function openPage(browser: Browser, viewport: Viewport, options: OpenPageOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, ...(options.deviceScaleFactor ? { deviceScaleFactor: options.deviceScaleFactor } : {}) });
  // The storefront's storage keeps the cookie choice under 'cookieConsent'.
  await context.addInitScript({ content: `localStorage.setItem('cookieConsent', 'essential');${options.setup ?? ''}` });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

export interface Credentials {
  email: string;
  password: string;
}

/** Signs `who` up as a reader through the account's sign-up call. */
export async function signUpReader(url: string, who: Credentials): Promise<void> {
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  const response = await fetch(`${url}/api/account/signupCustomerV2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: base64(who.email), password: base64(who.password) }),
  });
  if (response.status !== 200) throw new Error(`signing ${who.email} up answered ${response.status}`);
}

/** `who`'s tokens, from the account's token call. */
export async function tokensOf(url: string, who: Credentials): Promise<{ access_token: string; refresh_token: string }> {
  const response = await fetch(`${url}/api/account/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: who.email, Password: who.password }),
  });
  if (response.status !== 200) throw new Error(`signing ${who.email} in answered ${response.status}`);
  return ((await response.json()) as { response: { access_token: string; refresh_token: string } }).response;
}

/** A page already signed in as `who` (the tokens where the storefront and the dashboard keep them). */
export async function openSignedIn(browser: Browser, viewport: Viewport, url: string, who: Credentials): Promise<{ page: Page; errors: string[] }> {
  const tokens = await tokensOf(url, who);
  return openPage(browser, viewport, {
    setup: `if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('accessToken', ${JSON.stringify(tokens.access_token)}); localStorage.setItem('refreshToken', ${JSON.stringify(tokens.refresh_token)}); }`,
  });
}

/* ------------------------------------------------------------------ the staff dashboard's pages */

export type ViewportName = 'desktop' | 'phone';

/** The page's main landmark, where the dashboard's areas render. */
export const mainOf = (page: Page) => page.getByRole('main');

/** A toast of the dashboard's notifications region that says `text`. */
export const dashboardToast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notifications/ }).getByText(text).first();

/** Signs `who` in through the dashboard's own staff sign-in, landing on the Overview. */
export async function signInToDashboard(page: Page, url: string, who: Credentials): Promise<void> {
  await page.goto(`${url}/dashboard/`);
  const gate = page.getByRole('region', { name: 'Staff sign in' });
  await gate.getByLabel('Email').fill(who.email);
  await gate.getByLabel('Password').fill(who.password);
  await gate.getByRole('button', { name: 'Sign in', exact: true }).click();
  await mainOf(page).getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
}

/** Opens the dashboard area `label` from the sidebar (behind its menu button on a phone). */
export async function openDashboardArea(page: Page, viewport: ViewportName, label: string): Promise<void> {
  if (viewport === 'phone') await page.getByRole('button', { name: 'Dashboard areas', exact: true }).click();
  await page.getByRole('navigation', { name: 'Dashboard areas' }).getByRole('link', { name: label }).click();
  await mainOf(page).getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
}

/** Picks `option` in the React Aria select labelled `label` inside `scope` (a select is a button named by its value and its label). */
export async function chooseOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(`\\b${label}$`) }).first().click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/* ------------------------------------------------------------------ a shopper's paid order */

/** A complete US address the order service's embedded verifier knows (Beverly Hills, CA 90210). */
export const SHOPPER_ADDRESS = {
  firstName: 'Ada',
  surName: 'Lovelace',
  country: 'US',
  address: '1 Main Street',
  locality: 'Beverly Hills',
  postalCode: '90210',
  administrativeArea: 'CA',
  phoneNumber: '+1 310 555 0100',
} as const;

export interface PaidOrder {
  id: string;
  accountingId: string;
  orderItems: Array<{ productId: number; variantId: number; name: string; distributionType: 'Digital' | 'Print'; quantity: number }>;
}

/**
 * `items` bought by the signed-in shopper (`accessToken`, `email`) through the storefront API as the
 * checkout does it: a new cart, a quote for the address (shipping to it when there is Print),
 * paid with the simulated processor's card that succeeds, waited on until the purchase completes.
 * Answers the purchase's orders.
 */
export async function buyWithSimulatedCard(
  url: string,
  shopper: { accessToken: string; email: string },
  items: ReadonlyArray<{ productId: number; variantId: number; quantity?: number }>,
): Promise<PaidOrder[]> {
  const call = async (method: string, route: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(url + route, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${shopper.accessToken}`, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // Answers are read field by field.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const json = (await response.json()) as any;
    if (response.status !== 200) throw new Error(`${method} ${route} answered ${response.status}: ${JSON.stringify(json.status)}`);
    return json.response;
  };
  const cartId = crypto.randomUUID();
  for (const item of items) await call('PATCH', `/api/cart/${cartId}`, { productId: item.productId, VariantId: item.variantId, Amount: item.quantity ?? 1 });
  const address = { ...SHOPPER_ADDRESS, email: shopper.email };
  const quoted = await call('POST', '/api/purchase-request', { cartId, billingAddress: address, shippingAddress: address, paymentMethod: 'Card' });
  let purchase = await call(
    'POST',
    '/api/order/purchase',
    { purchaseId: quoted.id, paymentMethod: 'Card', StripeNonce: '4242 4242 4242 4242' },
    { 'idempotency-key': crypto.randomUUID() },
  );
  for (let tries = 0; purchase.state !== 'Completed' && tries < 200; tries += 1) {
    if (purchase.state === 'Failed' || purchase.state === 'Compensated') throw new Error(`the purchase ended ${purchase.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    purchase = await call('GET', `/api/order/purchase/${quoted.id}`);
  }
  if (purchase.state !== 'Completed') throw new Error(`the purchase is still ${purchase.state}`);
  return purchase.orders as PaidOrder[];
}

import assert from 'node:assert/strict';
import { createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { issueSimulatedTicket } from '@inkwell/platform';
import { skipBecause } from '@inkwell/platform/testing';
import { expectNoSeriousViolations } from '../support/axe';
import { CHROMIUM_PATH, DESKTOP, launchChromium, openPage, PHONE, ROOT_DIR, screenshotDir, signUpReader, type ViewportName } from '../support/browser';
import { startTestStack, type TestStack } from '../support/stack';

/**
 * The desktop build (`npm run build:desktop`, docs/desktop.md) in Chromium with a stand-in of the
 * shell's bridge: desktop/bridge.js itself, as the Tauri shell injects it, issuing the simulated
 * platform's tickets; the stand-in can refuse the first tickets to exercise the retries.
 */
const DESKTOP_DIST = process.env.TEST_DESKTOP_DIST ?? path.join(ROOT_DIR, 'web/dist-desktop');
const DASHBOARD_DIST = process.env.TEST_DASHBOARD_DIST ?? path.join(ROOT_DIR, 'dashboard/dist');
const LOGIN_TITLE = 'Log in or create a Reader account';
const STEAM_ID = `76561198${String(process.pid).padStart(9, '0').slice(-9)}`;
const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;

function suiteSkip(): string | false {
  if (!existsSync(CHROMIUM_PATH)) return `Chromium not found at ${CHROMIUM_PATH}`;
  if (!existsSync(path.join(DESKTOP_DIST, 'index.html'))) return `the desktop build is not built: run npm run build:desktop (or set TEST_DESKTOP_DIST)`;
  return false;
}

interface Sealed {
  v: number;
  entry: string;
  iv: string;
  data: string;
}

describe('the desktop build in Chromium with a stand-in bridge', { skip: skipBecause(suiteSkip()) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let bridge: string;
  const reader = { email: `desktop-reader-${process.pid}@example.com`, password: 'harbour lantern quiet 2026' };

  beforeAll(async () => {
    stack = await startTestStack({ WEB_DIST: DESKTOP_DIST, DASHBOARD_DIST });
    browser = await launchChromium();
    shots = await screenshotDir('desktop');
    bridge = await readFile(path.join(ROOT_DIR, 'desktop/bridge.js'), 'utf8');
    await signUpReader(stack.url, reader);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /**
   * A page of the desktop build with the shell's bridge. `bridgeFailFirst` in session storage makes
   * the stand-in refuse that many tickets on each load (a platform still starting up).
   */
  const open = (viewport: ViewportName) =>
    openPage(browser, VIEWPORTS[viewport], {
      setup: `
        window.__INKWELL_DESKTOP_CONFIG__ = { platform: 'steam', steamId: ${JSON.stringify(STEAM_ID)}, simulatedSecret: 'inkwell-simulated-desktop-platform' };
        ${bridge}
        (function () {
          var real = window.__INKWELL_DESKTOP__.getAuthTicket;
          var failures = Number(sessionStorage.getItem('bridgeFailFirst') || 0);
          window.__ticketCalls = 0;
          window.__INKWELL_DESKTOP__.getAuthTicket = function () {
            window.__ticketCalls += 1;
            if (window.__ticketCalls <= failures) return Promise.reject(new Error('the platform is starting'));
            return real();
          };
        })();`,
    });

  const header = (page: Page) => page.getByRole('banner');
  /** Polls `expression` in the page (the store's CSP refuses the eval behind page.waitForFunction). */
  const until = async (page: Page, expression: string, what: string) => {
    for (let tries = 0; !(await page.evaluate<boolean>(expression)); tries++) {
      if (tries > 300) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const shotAndCheck = async (page: Page, viewport: ViewportName, name: string) => {
    await page.screenshot({ path: path.join(shots, `${viewport}-${name}.png`) });
    await expectNoSeriousViolations(page, `${viewport} ${name}`);
  };
  const sealedOf = async (page: Page): Promise<Sealed | null> => {
    const raw = await page.evaluate<string | null>("sessionStorage.getItem('desktopTokens')");
    return raw ? (JSON.parse(raw) as Sealed) : null;
  };
  const retrieveKey = async (entry: string): Promise<{ status: number; aesKey?: string }> => {
    const response = await fetch(`${stack.url}/api/account/SteamRetrieveEncryptionEntry?api-version=1.4`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ticket: issueSimulatedTicket(STEAM_ID), tokenEntryId: entry, identity: STEAM_ID }),
    });
    const body = (await response.json()) as { response?: { aesKey: string } };
    return { status: response.status, ...(body.response ? { aesKey: body.response.aesKey } : {}) };
  };
  const loggedInAs = async (page: Page, viewport: ViewportName) => {
    await header(page).getByRole('button', { name: viewport === 'desktop' ? 'Account menu' : 'Menu', exact: true }).click();
    await header(page).getByText(reader.email).waitFor();
    await page.keyboard.press('Escape');
  };
  const loginButton = (page: Page, viewport: ViewportName): Locator =>
    viewport === 'desktop' ? header(page).getByRole('button', { name: 'Login', exact: true }) : header(page).getByRole('button', { name: 'Menu', exact: true });

  it('hides the footer, keeps the tokens AES-GCM encrypted in session storage under a server-kept key, and reads them back after a reload (desktop size)', async () => {
    const { page, errors } = await open('desktop');
    await page.goto(`${stack.url}/`);
    await header(page).getByRole('button', { name: 'Login', exact: true }).waitFor();
    assert.equal(await page.getByRole('contentinfo').count(), 0, 'no footer on the desktop build');
    assert.equal(await page.getByText('GO TO TOP').count(), 0);
    await shotAndCheck(page, 'desktop', 'home-logged-out');

    await header(page).getByRole('button', { name: 'Login', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: LOGIN_TITLE, exact: true });
    await dialog.getByLabel('Email').fill(reader.email);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog.getByLabel('Password', { exact: true }).fill(reader.password);
    await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await loggedInAs(page, 'desktop');

    await until(page, "sessionStorage.getItem('desktopTokens') !== null", 'the sealed tokens');
    const sealed = (await sealedOf(page))!;
    const raw = JSON.stringify(sealed);
    assert.equal(sealed.v, 1);
    assert.doesNotMatch(raw, /eyJ/, 'no JWT (base64 of {") anywhere in what is stored');
    assert.equal(Buffer.from(sealed.iv, 'base64').length, 12, 'a 12-byte IV');
    assert.equal(await page.evaluate<string | null>("localStorage.getItem('accessToken')"), null, 'nothing in local storage');
    assert.equal(await page.evaluate<string | null>("sessionStorage.getItem('accessToken')"), null, 'nothing in clear in session storage');

    // The key is the server's: asked with a ticket of the same platform user, it opens the stored tokens.
    const { aesKey } = await retrieveKey(sealed.entry);
    const key = Buffer.from(aesKey!, 'base64');
    assert.equal(key.length, 32, 'a 256-bit key');
    const data = Buffer.from(sealed.data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    const tokens = JSON.parse(Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')) as Record<string, string>;
    assert.match(tokens.accessToken ?? '', /^eyJ/, 'the access token, a JWT, is what was encrypted');
    assert.ok(tokens.refreshToken);

    await page.reload();
    await loggedInAs(page, 'desktop');
    await shotAndCheck(page, 'desktop', 'home-logged-in');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('asks the shell for the ticket again after 1 s and 2 s when it is not ready, then logs in from the stored tokens', async () => {
    const { page } = await open('desktop');
    await page.goto(`${stack.url}/`);
    await header(page).getByRole('button', { name: 'Login', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: LOGIN_TITLE, exact: true });
    await dialog.getByLabel('Email').fill(reader.email);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog.getByLabel('Password', { exact: true }).fill(reader.password);
    await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
    await until(page, "sessionStorage.getItem('desktopTokens') !== null", 'the sealed tokens');

    await page.evaluate("sessionStorage.setItem('bridgeFailFirst', '2')");
    await page.reload();
    await loggedInAs(page, 'desktop');
    assert.equal(await page.evaluate<number>('window.__ticketCalls'), 3, 'two refusals, then the ticket on the second retry');
    await page.context().close();
  });

  it('clears the stored tokens when the key does not open them, and the reader is logged out (phone size)', async () => {
    const { page, errors } = await open('phone');
    await page.goto(`${stack.url}/`);
    assert.equal(await page.getByRole('contentinfo').count(), 0, 'no footer on the phone either');
    await header(page).getByRole('button', { name: 'Menu', exact: true }).click();
    await header(page).getByRole('button', { name: LOGIN_TITLE, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: LOGIN_TITLE, exact: true });
    await dialog.getByLabel('Email').fill(reader.email);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog.getByLabel('Password', { exact: true }).fill(reader.password);
    await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await until(page, "sessionStorage.getItem('desktopTokens') !== null", 'the sealed tokens');
    await shotAndCheck(page, 'phone', 'home-logged-in');

    // Another entry of the same platform user, with another key: the server gives a key, but not the one that sealed them.
    const store = await fetch(`${stack.url}/api/account/SteamStoreEncryptionEntry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ticket: issueSimulatedTicket(STEAM_ID), identity: STEAM_ID, aesKey: randomBytes(32).toString('base64') }),
    });
    const wrongEntry = ((await store.json()) as { response: { identifier: string } }).response.identifier;
    const sealed = (await sealedOf(page))!;
    await page.evaluate(`sessionStorage.setItem('desktopTokens', ${JSON.stringify(JSON.stringify({ ...sealed, entry: wrongEntry }))})`);
    await page.reload();
    await until(page, "sessionStorage.getItem('desktopTokens') === null", 'the sealed tokens to be cleared');
    await header(page).getByRole('button', { name: 'Menu', exact: true }).click();
    await header(page).getByRole('button', { name: LOGIN_TITLE, exact: true }).waitFor();
    await shotAndCheck(page, 'phone', 'menu-logged-out-after-wrong-key');
    await page.keyboard.press('Escape');
    assert.ok(await loginButton(page, 'phone').isVisible());
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('sends the contact form as the desktop build: its ticket says Steam-desktop (desktop size)', async () => {
    const { page, errors } = await open('desktop');
    // No footer on the desktop build: the contact page is reached by its address.
    await page.goto(`${stack.url}/contact/`);
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    const form = page.getByRole('region', { name: 'Send us a message' });
    const email = `desktop-contact-${process.pid}@example.com`;
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByRole('textbox', { name: 'Message', exact: true }).fill('The reader of the desktop app skips a page after the bookmark.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByRole('status').filter({ hasText: 'your message has been sent' }).waitFor();
    await shotAndCheck(page, 'desktop', 'contact-sent');
    const { rows } = await stack.service('support').context.db.query<{ platform: string | null }>('SELECT platform FROM ticket_messages WHERE submitted_email = $1', [email]);
    assert.deepEqual(rows, [{ platform: 'Steam-desktop' }]);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});

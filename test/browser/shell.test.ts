import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { startTestStack, type TestStack } from '../support/stack';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ROOT = path.resolve(import.meta.dirname, '../..');
const SHOTS = path.join(ROOT, 'test-results/screens/suite');

const missing = !existsSync(CHROMIUM)
  ? `Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) to run browser tests`
  : !existsSync(path.join(ROOT, 'web/dist/index.html')) || !existsSync(path.join(ROOT, 'dashboard/dist/index.html'))
    ? 'frontends not built: run npm run build first'
    : false;

describe('storefront and dashboard shells in Chromium', { skip: missing }, () => {
  let stack: TestStack;
  let browser: Browser;

  before(async () => {
    stack = await startTestStack({ WEB_DIST: path.join(ROOT, 'web/dist'), DASHBOARD_DIST: path.join(ROOT, 'dashboard/dist') });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    await mkdir(SHOTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  for (const viewport of [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1440, height: 900 }]) {
    it(`renders the storefront layout on a ${viewport.name}`, async () => {
      const page = await browser.newPage({ viewport });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const response = await page.goto(`${stack.url}/`);
      assert.equal(response?.status(), 200);
      await page.getByRole('link', { name: /inkwell/i }).first().waitFor();
      assert.ok(await page.getByText(/^beta$/i).first().isVisible(), 'the BETA tag shows');
      if (viewport.width > 1024) {
        for (const name of ['Browse', 'News', 'Library']) {
          assert.ok(await page.getByRole('navigation').getByRole('link', { name, exact: true }).first().isVisible(), `${name} in the navbar`);
        }
        assert.ok(await page.getByRole('button', { name: /log ?in/i }).or(page.getByRole('link', { name: /log ?in/i })).first().isVisible(), 'Login shows for a logged-out visitor');
      } else {
        assert.ok(await page.getByRole('button', { name: /menu/i }).first().isVisible(), 'narrow screens get the Menu button');
      }
      await page.getByText(/do not sell your personal information/i).first().waitFor();
      assert.ok(await page.getByText(/beta/i).last().isVisible());
      await page.screenshot({ path: path.join(SHOTS, `${viewport.name}-home.png`), fullPage: true });
      assert.deepEqual(errors, [], 'no script errors');
      await page.close();
    });
  }

  it('routes on the client: a deep link is served the app, which renders its page', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${stack.url}/library/`);
    assert.equal(response?.status(), 200);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.match(await page.getByRole('heading', { level: 1 }).first().innerText(), /library|my comics/i);
    await page.close();
  });

  it('corrects a path without a trailing slash', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url}/library`);
    await page.waitForURL(/\/library\/$/);
    await page.close();
  });

  it('renders the dashboard at /dashboard/ and asks staff to sign in', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const response = await page.goto(`${stack.url}/dashboard/`);
    assert.equal(response?.status(), 200);
    await page.getByRole('heading', { name: 'Staff sign in' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'desktop-dashboard.png') });
    await page.close();
  });
});

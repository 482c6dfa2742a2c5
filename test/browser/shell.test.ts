import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import type { Browser } from 'playwright-core';
import { expectNoSeriousViolations, seriousViolations } from '../support/axe';
import { browserSuiteSkip, DESKTOP, PHONE, launchChromium, screenshotDir, startBrowserStack } from '../support/browser';
import type { TestStack } from '../support/stack';


describe('storefront and dashboard shells in Chromium', { skip: skipBecause(browserSuiteSkip('web', 'dashboard')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;

  beforeAll(async () => {
    stack = await startBrowserStack();
    browser = await launchChromium();
    shots = await screenshotDir('suite');
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  for (const viewport of [{ name: 'phone', ...PHONE }, { name: 'desktop', ...DESKTOP }]) {
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
      await page.screenshot({ path: path.join(shots, `${viewport.name}-home.png`), fullPage: true });
      await expectNoSeriousViolations(page, `${viewport.name} storefront shell (first visit, cookie banner shown)`);
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
    await page.screenshot({ path: path.join(shots, 'desktop-dashboard.png') });
    await expectNoSeriousViolations(page, 'desktop dashboard sign-in');
    await page.close();
  });

  it('the accessibility gate fails on a serious violation and names it', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    // Served by the stack, so axe goes in under the storefront's content security policy as on every page.
    await page.goto(`${stack.url}/about/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.evaluate(`document.querySelector('main').insertAdjacentHTML('beforeend', '<p id="faint" style="color:#bbbbbb;background:#ffffff">Faint text</p><a id="misnamed" href="/" aria-label="Somewhere">Home</a>')`);
    const found = await seriousViolations(page);
    assert.deepEqual(found.map((violation) => violation.id).sort(), ['color-contrast', 'label-content-name-mismatch']);
    await assert.rejects(expectNoSeriousViolations(page, 'desktop about with planted faults'), (error: Error) => {
      assert.match(error.message, /2 serious or critical accessibility violations on desktop about with planted faults/);
      assert.match(error.message, /color-contrast \(serious, 1 node\)/);
      assert.match(error.message, /#faint\n\s+<p id="faint"/);
      assert.match(error.message, /label-content-name-mismatch \(serious, 1 node\)[\s\S]*#misnamed/);
      return true;
    });
    await page.close();
  });
});

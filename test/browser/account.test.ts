import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { grantAdmin } from '@inkwell/account';
import { waitForMail } from '../support/mailbox';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DESKTOP, launchChromium, openPage, PHONE, screenshotDir, startBrowserStack } from '../support/browser';
import type { TestStack } from '../support/stack';

const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;
type ViewportName = keyof typeof VIEWPORTS;

const LOGIN_TITLE = 'Log in or create a Reader account';

/**
 * A reader's account in a real Chromium against the whole stack: sign-up through the login overlay,
 * the verification email's link, logging out and in (with a wrong password on the way), changing
 * the password and logging in with the new one — on a desktop and on a phone, with a screenshot of
 * every screen.
 */
describe('reader accounts in Chromium', { skip: skipBecause(browserSuiteSkip()) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;

  beforeAll(async () => {
    stack = await startBrowserStack();
    browser = await launchChromium();
    shots = await screenshotDir('account');
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const open = (viewport: ViewportName) => openPage(browser, VIEWPORTS[viewport]);

  const shot = (page: Page, viewport: ViewportName, name: string, fullPage = false) =>
    page.screenshot({ path: path.join(shots, `${viewport}-${name}.png`), fullPage });

  const header = (page: Page) => page.getByRole('banner');

  /** A screenshot of the state, and the accessibility gate run on it. */
  const shotAndCheck = async (page: Page, viewport: ViewportName, name: string, fullPage = false) => {
    await shot(page, viewport, name, fullPage);
    await expectNoSeriousViolations(page, `${viewport} ${name}`);
  };

  /** The focused element's accessible name as far as these controls need it: its aria-label, else its text. */
  const focusedName = (page: Page) => page.evaluate<string>("(document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '').trim()");

  /** Presses Tab until the control named `name` has focus, failing after `limit` presses. */
  async function tabTo(page: Page, name: string, limit = 15): Promise<void> {
    for (let presses = 0; (await focusedName(page)) !== name; presses += 1) {
      assert.ok(presses < limit, `${name} is reached within ${limit} Tabs (focus is on “${await focusedName(page)}”)`);
      await page.keyboard.press('Tab');
    }
  }

  /** Wide screens have a Login button; narrow ones put the way in under Menu (storefront spec §2). */
  async function openLoginOverlay(page: Page, viewport: ViewportName): Promise<Locator> {
    if (viewport === 'desktop') await header(page).getByRole('button', { name: 'Login', exact: true }).click();
    else {
      await header(page).getByRole('button', { name: 'Menu', exact: true }).click();
      await header(page).getByRole('button', { name: LOGIN_TITLE, exact: true }).click();
    }
    const dialog = page.getByRole('dialog', { name: LOGIN_TITLE, exact: true });
    await dialog.waitFor();
    return dialog;
  }

  async function openAccountMenu(page: Page, viewport: ViewportName): Promise<void> {
    await header(page).getByRole('button', { name: viewport === 'desktop' ? 'Account menu' : 'Menu', exact: true }).click();
  }

  async function expectLoggedIn(page: Page, viewport: ViewportName, email: string): Promise<void> {
    await openAccountMenu(page, viewport);
    await header(page).getByText(email).waitFor();
    await page.keyboard.press('Escape');
  }

  async function logOut(page: Page, viewport: ViewportName): Promise<void> {
    await openAccountMenu(page, viewport);
    await header(page).getByRole('button', { name: 'Log Out', exact: true }).click();
    if (viewport === 'desktop') await header(page).getByRole('button', { name: 'Login', exact: true }).waitFor();
    else {
      await header(page).getByRole('button', { name: 'Menu', exact: true }).click();
      await header(page).getByRole('button', { name: LOGIN_TITLE, exact: true }).waitFor();
      await page.keyboard.press('Escape');
    }
  }

  /** Email, Continue, then the log-in step's password; resolves with the dialog still open. */
  async function submitLogin(page: Page, viewport: ViewportName, email: string, password: string): Promise<Locator> {
    const dialog = await openLoginOverlay(page, viewport);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog.getByRole('heading', { name: 'Welcome back', exact: true }).waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
    return dialog;
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`signs up, verifies by email, logs out and in, and changes the password on a ${viewport}`, async () => {
      const { page, errors } = await open(viewport);
      const email = `reader-${viewport}-${process.pid}@example.com`;
      const firstPassword = 'comics all night';
      const newPassword = 'manga all morning';

      await page.goto(`${stack.url}/`);
      const dialog = await openLoginOverlay(page, viewport);
      await shotAndCheck(page, viewport, '01-login-overlay');
      await dialog.getByLabel('Email').fill(email);
      await page.keyboard.press('Enter');
      await dialog.getByRole('heading', { name: 'Create your Reader account', exact: true }).waitFor();
      await dialog.getByLabel('Create a password').fill('short');
      await page.keyboard.press('Enter');
      await dialog.getByText('Password must be at least 8 characters.').waitFor();
      await shotAndCheck(page, viewport, '02-sign-up-step');
      await dialog.getByLabel('Create a password').fill(firstPassword);
      await dialog.getByRole('button', { name: 'Create Account', exact: true }).click();
      await dialog.getByRole('heading', { name: 'Welcome to Inkwell!', exact: true }).waitFor();
      await shotAndCheck(page, viewport, '03-signed-up');
      await dialog.getByRole('button', { name: 'Start reading', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectLoggedIn(page, viewport, email);
      await openAccountMenu(page, viewport);
      assert.equal(await header(page).getByRole('link', { name: 'Dashboard', exact: true }).count(), 0, 'only admins see the Dashboard link');
      await expectNoSeriousViolations(page, `${viewport} account menu open`);
      await page.keyboard.press('Escape');

      // Logged in but not verified: a banner on every page, /account included; nothing is walled off.
      const verificationBanner = page.getByRole('complementary', { name: 'Account verification', exact: true });
      await verificationBanner.getByRole('status').getByText('Your account has not been verified.').waitFor();
      await shotAndCheck(page, viewport, '04-unverified-banner');
      await page.goto(`${stack.url}/account/`);
      await verificationBanner.getByRole('status').getByText('Your account has not been verified.').waitFor();
      await page.getByRole('region', { name: 'Profile', exact: true }).getByText('Not verified yet', { exact: true }).waitFor();
      // Sign-up sent the first email a moment ago: another has to wait for the 3-minute window.
      assert.equal(await verificationBanner.getByRole('button', { name: 'EMAIL HAS BEEN SENT', exact: true }).isDisabled(), true);
      await shotAndCheck(page, viewport, '05-account-unverified', true);

      const mail = await waitForMail(stack, { to: email, subject: /verif|confirm/i });
      const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname === '/email-verified/' && url.searchParams.has('token'));
      assert.ok(link, `a verification link among ${mail.links.join(', ')}`);
      await page.goto(`${stack.url}${link.pathname}${link.search}`);
      await page.getByRole('heading', { level: 1, name: 'Your email is verified' }).waitFor();
      await page.getByText(`Thanks for confirming ${email}.`).waitFor();
      await shotAndCheck(page, viewport, '06-email-verified');

      await page.goto(`${stack.url}/account/`);
      await page.getByRole('region', { name: 'Profile', exact: true }).getByText('Verified', { exact: true }).waitFor();
      assert.equal(await verificationBanner.count(), 0, 'no banner once verified');
      await shotAndCheck(page, viewport, '07-account-verified', true);

      await logOut(page, viewport);
      await shotAndCheck(page, viewport, '08-logged-out');

      const wrong = await submitLogin(page, viewport, email, 'not my password');
      await wrong.getByText('Wrong password.').waitFor();
      await shotAndCheck(page, viewport, '09-wrong-password');
      await wrong.getByLabel('Password', { exact: true }).fill(firstPassword);
      await page.keyboard.press('Enter');
      await wrong.waitFor({ state: 'detached' });
      await expectLoggedIn(page, viewport, email);

      // The stored token is validated on start: a reload keeps the reader logged in.
      await page.reload();
      await expectLoggedIn(page, viewport, email);

      await page.goto(`${stack.url}/account/`);
      const passwordForm = page.getByRole('region', { name: 'Change password', exact: true });
      await passwordForm.getByLabel('Current password').fill(firstPassword);
      await passwordForm.getByLabel('New password', { exact: true }).fill(newPassword);
      await passwordForm.getByLabel('Confirm new password').fill(newPassword);
      await passwordForm.getByRole('button', { name: 'Change password', exact: true }).click();
      await passwordForm.getByText('Your password has been changed.').waitFor();
      await passwordForm.scrollIntoViewIfNeeded();
      await shotAndCheck(page, viewport, '10-password-changed');

      await logOut(page, viewport);
      const stale = await submitLogin(page, viewport, email, firstPassword);
      await stale.getByText('Wrong password.').waitFor();
      await page.keyboard.press('Escape');
      await stale.waitFor({ state: 'detached' });
      const fresh = await submitLogin(page, viewport, email, newPassword);
      await fresh.waitFor({ state: 'detached' });
      await expectLoggedIn(page, viewport, email);
      await shot(page, viewport, '11-logged-in-again');

      // The maximum shown rating needs the password, and the token is renewed to carry it.
      await page.goto(`${stack.url}/account/`);
      const rating = page.getByRole('region', { name: 'Content rating', exact: true });
      await rating.getByLabel('Show comics rated up to').selectOption('t');
      await rating.getByLabel('Password', { exact: true }).fill(newPassword);
      await rating.getByRole('button', { name: 'Save rating', exact: true }).click();
      await rating.getByText('Saved. The store now shows comics rated up to T.').waitFor();
      await rating.scrollIntoViewIfNeeded();
      await shotAndCheck(page, viewport, '12-rating-saved');
      await page.reload();
      assert.equal(await page.getByRole('region', { name: 'Content rating', exact: true }).getByLabel('Show comics rated up to').inputValue(), 't');

      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  it('resets a forgotten password from the emailed link', async () => {
    const { page, errors } = await open('phone');
    const email = `forgetful-${process.pid}@example.com`;
    const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const signup = await fetch(`${stack.url}/api/account/signupCustomerV2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: base64(email), password: base64('remembered once') }),
    });
    assert.equal(signup.status, 200);

    await page.goto(`${stack.url}/`);
    const dialog = await openLoginOverlay(page, 'phone');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog.getByRole('button', { name: 'Forgot password?', exact: true }).click();
    await dialog.getByText('Check your inbox').waitFor();
    await shotAndCheck(page, 'phone', '14-forgot-password');

    const mail = await waitForMail(stack, { to: email, subject: /reset|password/i });
    const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname === '/reset-password/' && url.searchParams.has('token'));
    assert.ok(link, `a reset link among ${mail.links.join(', ')}`);
    await page.goto(`${stack.url}${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('brand new secret');
    await page.getByLabel('Confirm new password').fill('brand new typo');
    await page.getByRole('button', { name: 'Set new password', exact: true }).click();
    await page.getByText('Passwords do not match.').waitFor();
    await expectNoSeriousViolations(page, 'phone reset password, passwords differ');
    await page.getByLabel('Confirm new password').fill('brand new secret');
    await page.getByRole('button', { name: 'Set new password', exact: true }).click();
    await page.getByRole('heading', { name: 'Your new password is set', exact: true }).waitFor();
    await shotAndCheck(page, 'phone', '15-password-reset');

    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const login = page.getByRole('dialog', { name: LOGIN_TITLE, exact: true });
    await login.getByLabel('Email').fill(email);
    await login.getByRole('button', { name: 'Continue', exact: true }).click();
    await login.getByLabel('Password', { exact: true }).fill('brand new secret');
    await login.getByRole('button', { name: 'Log In', exact: true }).click();
    await login.waitFor({ state: 'detached' });
    await expectLoggedIn(page, 'phone', email);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('shows admins the Dashboard link, and takes it away on logout', async () => {
    const { page, errors } = await open('desktop');
    const account = stack.services.find((service) => service.name === 'account')!;
    const admin = await grantAdmin(account.context.db, `staff-${process.pid}@example.com`);
    assert.ok(admin.created);

    await page.goto(`${stack.url}/`);
    const dialog = await submitLogin(page, 'desktop', admin.email, admin.password);
    await dialog.waitFor({ state: 'detached' });
    await openAccountMenu(page, 'desktop');
    const dashboard = header(page).getByRole('link', { name: 'Dashboard', exact: true });
    assert.equal(await dashboard.getAttribute('href'), '/dashboard/');
    await shotAndCheck(page, 'desktop', '18-admin-menu');
    await header(page).getByRole('button', { name: 'Log Out', exact: true }).click();
    await header(page).getByRole('button', { name: 'Login', exact: true }).waitFor();
    assert.equal(await dashboard.count(), 0);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('drops stored tokens the server rejects, and follows a login and a logout made in another tab', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addInitScript({ content: "localStorage.setItem('cookieConsent', 'essential');" });
    const stale = await context.newPage();
    // Storefront spec §4: a stored token is checked on start; rejected, and its refresh token too, it is cleared.
    await stale.addInitScript({ content: "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('accessToken', 'expired.token.value'); localStorage.setItem('refreshToken', 'spent-refresh-token'); }" });
    await stale.goto(`${stack.url}/`);
    await header(stale).getByRole('button', { name: 'Login', exact: true }).waitFor();
    assert.deepEqual(await stale.evaluate("[localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]"), [null, null]);

    const email = `two-tabs-${process.pid}@example.com`;
    const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    await fetch(`${stack.url}/api/account/signupCustomerV2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: base64(email), password: base64('one login, two tabs') }),
    });
    const other = await context.newPage();
    await other.goto(`${stack.url}/browse/`);
    await header(other).getByRole('button', { name: 'Login', exact: true }).waitFor();

    const dialog = await submitLogin(stale, 'desktop', email, 'one login, two tabs');
    await dialog.waitFor({ state: 'detached' });
    await expectLoggedIn(other, 'desktop', email);
    await other.evaluate("localStorage.setItem('browserId', 'the-readers-cart')");
    await logOut(other, 'desktop');
    await header(stale).getByRole('button', { name: 'Login', exact: true }).waitFor();
    // Logout clears the carts too (storefront spec §4): the next visitor here gets a new cart id
    // (the navbar's cart asks for one at once, so the key is either gone or holds a fresh id).
    const nextCartId = await stale.evaluate("localStorage.getItem('browserId')");
    assert.notEqual(nextCartId, 'the-readers-cart');
    await context.close();
  });

  it('keeps the overlay usable from the keyboard: invalid email, Continue, Escape', async () => {
    const { page, errors } = await open('desktop');
    await page.goto(`${stack.url}/`);
    const login = header(page).getByRole('button', { name: 'Login', exact: true });
    await login.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: LOGIN_TITLE, exact: true });
    await dialog.waitFor();
    // The email field has focus as soon as the overlay opens.
    await page.keyboard.type('reader@example');
    await dialog.getByText('Please enter a valid email.').waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Continue', exact: true }).isDisabled(), true);
    await shotAndCheck(page, 'desktop', '16-invalid-email');
    await page.keyboard.type('.com');
    assert.equal(await dialog.getByText('Please enter a valid email.').count(), 0);
    assert.equal(await dialog.getByRole('button', { name: 'Continue', exact: true }).isEnabled(), true);

    // Tab stays inside the dialog.
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      // A string, not a function: test files are type-checked without the DOM library.
      assert.equal(await page.evaluate("document.querySelector('dialog[open]').contains(document.activeElement)"), true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate('document.activeElement.textContent.trim()'), 'Login', 'focus is back on Login');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('logs in by keyboard only: Tab to Login, Tab through the overlay, errors announced, Enter submits, Escape closes', async () => {
    const { page, errors } = await open('desktop');
    const email = `keyboard-${process.pid}@example.com`;
    const password = 'typed, never clicked';
    const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const signup = await fetch(`${stack.url}/api/account/signupCustomerV2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: base64(email), password: base64(password) }),
    });
    assert.equal(signup.status, 200);

    await page.goto(`${stack.url}/`);
    await header(page).getByRole('button', { name: 'Login', exact: true }).waitFor();
    await tabTo(page, 'Login');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: LOGIN_TITLE, exact: true });
    await dialog.waitFor();
    const emailField = dialog.getByLabel('Email');
    assert.equal(await emailField.evaluate((field) => field === field.ownerDocument.activeElement), true, 'the email field has focus');
    await page.keyboard.type(email.slice(0, email.indexOf('.com')));
    // The problem is announced as it appears, and the field names it as its description.
    const invalid = dialog.getByRole('alert').filter({ hasText: 'Please enter a valid email.' });
    await invalid.waitFor();
    assert.equal(await emailField.getAttribute('aria-invalid'), 'true');
    assert.equal(await emailField.getAttribute('aria-describedby'), await invalid.getAttribute('id'));
    await page.keyboard.type('.com');
    await invalid.waitFor({ state: 'detached' });
    // Tab from the field to Continue, and Enter on it.
    await tabTo(page, 'Continue', 4);
    await page.keyboard.press('Enter');
    await dialog.getByRole('heading', { name: 'Welcome back', exact: true }).waitFor();
    const passwordField = dialog.getByLabel('Password', { exact: true });
    await passwordField.waitFor();
    assert.equal(await passwordField.evaluate((field) => field === field.ownerDocument.activeElement), true, 'the password field has focus');
    await page.keyboard.type('not the password');
    await page.keyboard.press('Enter');
    const wrong = dialog.getByRole('alert').filter({ hasText: 'Wrong password.' });
    await wrong.waitFor();
    assert.equal(await passwordField.getAttribute('aria-invalid'), 'true');
    assert.equal(await passwordField.evaluate((field) => field === field.ownerDocument.activeElement), true, 'focus stays in the field to try again');
    await expectNoSeriousViolations(page, 'desktop login overlay, wrong password');

    // Escape leaves the overlay and puts focus back on Login; it opens again from the keyboard.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await focusedName(page), 'Login', 'focus is back on Login');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await passwordField.waitFor();
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expectLoggedIn(page, 'desktop', email);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('says when a verification link is spent; the benefits page opens the overlay', async () => {
    const { page, errors } = await open('phone');
    await page.goto(`${stack.url}/email-verified/?token=no-such-token`);
    await page.getByRole('heading', { name: 'This link is invalid or has expired.', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Log in to get a new link', exact: true }).waitFor();
    await shotAndCheck(page, 'phone', '17-link-expired');

    await page.goto(`${stack.url}/account-benefits/`);
    await page.getByRole('button', { name: 'Create Account', exact: true }).waitFor();
    await expectNoSeriousViolations(page, 'phone account benefits');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByRole('dialog', { name: LOGIN_TITLE, exact: true }).waitFor();
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});

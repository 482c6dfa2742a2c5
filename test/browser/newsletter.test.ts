import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { skipBecause } from '@inkwell/platform/testing';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DESKTOP, launchChromium, openSignedIn, PHONE, screenshotDir, signUpReader, startBrowserStack, type ViewportName } from '../support/browser';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import type { TestStack } from '../support/stack';

const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;

/**
 * Newsletter preferences on the account page, the double opt-in link and the unsubscribe landing
 * page, in Chromium on a desktop and a phone, axe on every screen, a screenshot of each.
 */
describe('newsletters in Chromium', { skip: skipBecause(browserSuiteSkip()) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let mailbox: SmtpCapture;

  beforeAll(async () => {
    mailbox = await startSmtpCapture();
    stack = await startBrowserStack({ SMTP_URL: `smtp://127.0.0.1:${mailbox.port}` });
    browser = await launchChromium();
    shots = await screenshotDir('newsletter');
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await mailbox?.close();
  });

  const shotAndCheck = async (page: Page, viewport: ViewportName, name: string) => {
    await page.screenshot({ path: path.join(shots, `${viewport}-${name}.png`), fullPage: true });
    await expectNoSeriousViolations(page, `${viewport} ${name}`);
  };

  /** The newsletter mail to `to`, its links moved onto the stack's address. */
  const newsletterMail = async (to: string) => {
    for (let i = 0; i < 400; i++) {
      const mail = mailbox.received.find((each) => each.to.includes(to) && /Subject: Confirm your Inkwell newsletter/.test(each.raw));
      if (mail) {
        const text = mail.raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        const link = (pattern: RegExp) => {
          const found = pattern.exec(text)?.[0];
          assert.ok(found, `the mail has a link matching ${pattern}`);
          const url = new URL(found.replace(/&amp;/g, '&'));
          return `${stack.url}${url.pathname}${url.search}`;
        };
        return {
          raw: mail.raw,
          confirm: link(/https?:\/\/[^\s"<>]+\/newsletter\/confirm\/\?token=[^\s"<>]+/),
          unsubscribe: link(/https?:\/\/[^\s"<>]+\/newsletter\/unsubscribe\/\?[^\s"<>]+/),
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no newsletter mail to ${to}`);
  };

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`${viewport}: picks newsletters on the account page, confirms by the mailed link, unsubscribes by the other and resubscribes`, async () => {
      const who = { email: `news-${viewport}-${process.pid}@example.com`, password: 'Quiet orbit of paper lanterns 42' };
      await signUpReader(stack.url, who);
      const { page, errors } = await openSignedIn(browser, VIEWPORTS[viewport], stack.url, who);

      await page.goto(`${stack.url}/account/#newsletters`);
      const section = page.locator('section#newsletters');
      await section.getByRole('heading', { name: 'Newsletters' }).waitFor();
      const manga = section.getByRole('checkbox', { name: 'Manga' });
      await manga.waitFor();
      assert.equal(await manga.isChecked(), false);
      await section.scrollIntoViewIfNeeded();
      await shotAndCheck(page, viewport, '1-account-newsletters');

      await manga.check();
      await section.getByRole('checkbox', { name: 'Deals and sales' }).check();
      await section.getByRole('button', { name: 'Save newsletters' }).click();
      await section.getByText(`Almost done: we sent a confirmation link to ${who.email}. Open it to start receiving Manga, Deals and sales.`).waitFor();
      await section.getByText('Awaiting confirmation').first().waitFor();
      assert.equal(await section.getByText('Awaiting confirmation').count(), 2);
      await shotAndCheck(page, viewport, '2-awaiting-confirmation');

      const mail = await newsletterMail(who.email);
      const headers = mail.raw.replace(/\r\n[ \t]+/g, ' ');
      assert.match(headers, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
      assert.match(headers, /List-Unsubscribe: <http[^>]+\/api\/newsletter\/UnsubscribeFromNewsletters\?/);

      await page.goto(mail.confirm);
      await page.getByRole('heading', { name: "You're subscribed" }).waitFor();
      await page.getByText('now receives Manga, Deals and sales').waitFor();
      await shotAndCheck(page, viewport, '3-confirmed');

      await page.goto(`${stack.url}/account/#newsletters`);
      await section.getByText('Subscribed', { exact: true }).first().waitFor();
      assert.equal(await section.getByText('Subscribed', { exact: true }).count(), 2);
      assert.equal(await section.getByRole('checkbox', { name: 'Manga' }).isChecked(), true);

      await page.goto(mail.unsubscribe);
      await page.getByRole('heading', { name: /You are unsubscribed from (Manga, Deals and sales|Deals and sales, Manga)/ }).waitFor();
      await shotAndCheck(page, viewport, '4-unsubscribed');
      await page.getByRole('button', { name: 'Resubscribe' }).click();
      await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
      await shotAndCheck(page, viewport, '5-resubscribe');

      // A link whose signature was altered changes nothing and says why.
      await page.goto(mail.unsubscribe.replace(/token=([^&]+)/, (_, token: string) => `token=${token.slice(0, -3)}abc`));
      await page.getByRole('heading', { name: /This unsubscribe link is not valid/ }).waitFor();
      await shotAndCheck(page, viewport, '6-tampered-link');

      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
});

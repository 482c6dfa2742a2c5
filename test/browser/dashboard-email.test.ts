import assert from 'node:assert/strict';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { skipBecause } from '@inkwell/platform/testing';
import { grantAdmin } from '@inkwell/account';
import { expectNoSeriousViolations } from '../support/axe';
import {
  browserSuiteSkip,
  chooseOption,
  dashboardToast,
  DESKTOP,
  launchChromium,
  mainOf,
  openDashboardArea,
  openPage,
  PHONE,
  screenshotDir,
  signInToDashboard,
  startBrowserStack,
  tokensOf,
  type Credentials,
  type Viewport,
  type ViewportName,
} from '../support/browser';
import type { TestStack } from '../support/stack';

interface Envelope<T> {
  status: { type: string; message?: string };
  response: T;
}

interface SentRow {
  id: string;
  to: string;
  subject: string;
  status: string;
  events: { eventType: string }[];
}

/**
 * Issue 24's Email areas in a real Chromium against the whole stack: staff edit a database template
 * and watch the live preview follow their typing (the sample value of a placeholder too), save it,
 * send a test email and find it in Sent emails with its delivery events (the stack's stored driver
 * delivers at once); see the scheduled follow-up a staff reply to a ticket leaves behind, with the
 * budget and the figures; and read the provider's health. Phone and desktop; axe on every screen
 * and dialog; each shot saved to look at.
 */
describe('staff Email areas in Chromium', { skip: skipBecause(browserSuiteSkip('dashboard')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let admin: Credentials;
  let token: string;
  const run = process.pid;
  const templateIds: Record<ViewportName, number> = { desktop: 0, phone: 0 };
  const customer = `email-ui-customer-${run}@example.com`;

  async function call<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
    const response = await fetch(`${stack.url}/api${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await response.json()) as Envelope<T>;
    assert.equal(response.status, 200, `${method} ${route} answered ${response.status}: ${JSON.stringify(envelope.status)}`);
    return envelope.response;
  }

  beforeAll(async () => {
    stack = await startBrowserStack();
    browser = await launchChromium();
    shots = await screenshotDir('dashboard-email');
    for (const file of await readdir(shots)) if (file.startsWith('failed-')) await rm(path.join(shots, file));
    const granted = await grantAdmin(stack.service('account').context.db, `email-ui-${run}@example.com`);
    assert.ok(granted.created, 'a new admin account, with its generated password');
    admin = granted;
    token = (await tokensOf(stack.url, admin)).access_token;

    // A database template per viewport, to edit in the browser.
    for (const viewport of ['desktop', 'phone'] as const) {
      const created = await call<{ id: number }>('POST', '/dashboard/emailTemplates/db-templates/new', {
        name: `welcome-back-${viewport}-${run}`,
        description: 'Sent to readers who come back after a while',
        subject: 'Welcome back, {{customerName}}',
        htmlBody: '<h1>Welcome back</h1><p>Hello {{customerName}}, we kept your shelf as you left it.</p>',
        textBody: 'Hello {{customerName}}, we kept your shelf as you left it.',
      });
      templateIds[viewport] = created.id;
    }

    // A scheduled email made the way the store makes them: a reader writes through the contact
    // form, staff answer, and the answer schedules the ticket's follow-up.
    const form = await fetch(`${stack.url}/api/submitted-form/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ formType: 'Contact', email: customer, name: 'Ada Reader', subject: 'Where is my volume 2?', message: 'I cannot find volume 2 in my library.' }),
    });
    assert.equal(form.status, 200, `the contact form answered ${form.status}`);
    const tickets = await call<{ items: { id: number }[] }>('POST', '/dashboard/support-tickets/post-pagination', { pageNumber: 1, pageSize: 5, search: customer });
    assert.equal(tickets.items.length, 1, 'the form opened one ticket');
    await call('POST', '/dashboard/support-tickets/send-email', { ticketId: tickets.items[0]!.id, textBody: 'Volume 2 is in your library now. Enjoy!' });
    const scheduled = await call<{ items: { receipientEmail: string; status: string; reason: string }[] }>('POST', '/dashboard/scheduled-emails/post-pagination', {
      pageNumber: 1,
      pageSize: 5,
      search: customer,
    });
    assert.ok(
      scheduled.items.some((item) => item.receipientEmail === customer && item.status === 'Scheduled'),
      `the reply scheduled a follow-up: ${JSON.stringify(scheduled.items)}`,
    );
  }, 180_000);

  let failing: Page | undefined;
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && failing && !failing.isClosed()) {
      await failing.screenshot({ path: path.join(shots, `failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}.png`), fullPage: true }).catch(() => undefined);
    }
    failing = undefined;
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /**
   * The page's script errors, less the test's own setup (the cookie choice in localStorage), which
   * Chromium also runs in the sandboxed email frames, where it fails for want of an origin.
   */
  const pageErrors = (errors: string[]) => errors.filter((message) => !message.includes('The document is sandboxed'));

  const shotAndCheck = async (page: Page, viewport: ViewportName, name: string, fullPage = false) => {
    await expectNoSeriousViolations(page, `${viewport} ${name}`);
    await page.screenshot({ path: path.join(shots, `${viewport}-${name}.png`), fullPage });
  };

  /** Waits until the sent emails to `to` include one that reached an end (delivered, bounced, failed…): the dispatcher works in the background. */
  async function settledMailTo(to: string): Promise<SentRow> {
    for (;;) {
      const page = await call<{ items: SentRow[] }>('POST', '/dashboard/sent-emails/post-pagination', { pageNumber: 1, pageSize: 10, search: to });
      const settled = page.items.find((mail) => mail.to === to && mail.status !== 'Queued');
      if (settled) return settled;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  for (const [viewport, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as [ViewportName, Viewport][]) {
    it(`edits a template with its live preview, saves and test-sends it, and finds it in Sent emails (${viewport})`, async () => {
      const { page, errors } = await openPage(browser, size);
      failing = page;
      const main = mainOf(page);
      const name = `welcome-back-${viewport}-${run}`;
      const testTo = `email-ui-test-${viewport}-${run}@example.com`;
      // Each viewport's test email has a subject of its own, so the lists never mix them up.
      const volume = viewport === 'desktop' ? '2' : '3';
      await signInToDashboard(page, stack.url, admin);
      await openDashboardArea(page, viewport, 'Email templates');
      await main.getByRole('searchbox', { name: 'Search templates' }).fill(name);
      await page.waitForURL((url) => url.searchParams.get('db-q') === name);
      const link = main.getByRole('link', { name, exact: true });
      await link.waitFor();
      await shotAndCheck(page, viewport, 'templates-list');

      await main.getByRole('tab', { name: 'Authentication templates' }).click();
      await main.getByRole('tabpanel', { name: 'Authentication templates' }).getByText('Read-only').first().waitFor();
      await shotAndCheck(page, viewport, 'templates-auth');
      // An authentication template opens read-only, its HTML in a sandboxed frame.
      await main.getByRole('link', { name: 'verify-email', exact: true }).click();
      await main.getByRole('heading', { level: 1, name: 'verify-email' }).waitFor();
      await main.getByText('Verify your email for Inkwell').waitFor();
      const authFrame = main.locator('iframe[title="HTML of the verify-email template"]');
      assert.equal(await authFrame.getAttribute('sandbox'), '', 'the frame may run nothing');
      assert.equal(await main.getByRole('textbox').count(), 0, 'nothing to edit');
      await shotAndCheck(page, viewport, 'auth-template');
      await main.getByRole('link', { name: 'Email templates' }).click();
      await main.getByRole('tab', { name: 'Authentication templates', selected: true }).waitFor();
      await main.getByRole('tab', { name: 'Database templates' }).click();
      await main.getByRole('searchbox', { name: 'Search templates' }).fill(name);
      await page.waitForURL((url) => url.searchParams.get('db-q') === name);
      await link.waitFor();

      await main.getByRole('link', { name, exact: true }).click();
      await main.getByRole('heading', { level: 1, name }).waitFor();
      const preview = page.frameLocator('iframe[title="HTML preview of the template"]');
      // Before any sample value, the placeholder shows itself.
      await preview.getByText('Hello {{customerName}}, we kept your shelf as you left it.').waitFor();

      // The sample value fills the placeholder as it is typed.
      await main.getByRole('textbox', { name: 'customerName' }).first().fill('Ada');
      await preview.getByText('Hello Ada, we kept your shelf as you left it.').waitFor();
      await main.getByText('Welcome back, Ada').waitFor();

      // The HTML body follows every keystroke, a new placeholder gets its own sample field.
      const html = main.getByRole('textbox', { name: /^HTML body/ });
      await html.fill('<h1>Welcome back</h1><p>Hello {{customerName}}, volume {{volume}} is waiting.</p>');
      await preview.getByText('Hello Ada, volume {{volume}} is waiting.').waitFor();
      await main.getByRole('textbox', { name: 'volume' }).first().pressSequentially(volume);
      await preview.getByText(`Hello Ada, volume ${volume} is waiting.`).waitFor();
      await main.getByRole('tab', { name: 'Text version' }).click();
      await main.getByText('Hello Ada, we kept your shelf as you left it.').waitFor();
      await main.getByRole('tab', { name: 'HTML version' }).click();
      await main.getByText('Unsaved changes').waitFor();
      await shotAndCheck(page, viewport, 'template-editor', true);
      // Leaving with unsaved changes asks first; keeping on editing keeps them.
      await main.getByRole('link', { name: 'Email templates' }).click();
      const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
      await leave.waitFor();
      await leave.getByRole('button', { name: 'Keep editing' }).click();
      await leave.waitFor({ state: 'detached' });
      assert.match(await html.inputValue(), /volume \{\{volume\}\} is waiting/);
      // A full-page shot leaves the sandboxed frame blank (it is drawn apart from the page); the frame is shot on its own.
      await page.locator('iframe[title="HTML preview of the template"]').screenshot({ path: path.join(shots, `${viewport}-template-preview-frame.png`) });

      // A subject the server refuses is shown beside its field, and nothing is saved.
      const subject = main.getByRole('textbox', { name: /^Subject/ });
      await subject.fill('   ');
      await main.getByRole('button', { name: 'Save', exact: true }).click();
      await main.getByText('Subject is required.').first().waitFor();
      await subject.fill('Welcome back, {{customerName}}: volume {{volume}}');
      await main.getByRole('textbox', { name: /^Text body/ }).fill('Hello {{customerName}}, volume {{volume}} is waiting.');
      await main.getByRole('button', { name: 'Save', exact: true }).click();
      await dashboardToast(page, 'Template saved.').waitFor();
      await main.getByText(/^Saved /).waitFor();
      const stored = await call<{ htmlBody: string; placeholders: string[] }>('GET', `/dashboard/emailTemplates/db-templates/${templateIds[viewport]}`);
      assert.match(stored.htmlBody, /volume \{\{volume\}\} is waiting/);
      assert.deepEqual(stored.placeholders, ['customerName', 'volume']);

      // Send a test: to an address, with values for both placeholders.
      await main.getByRole('button', { name: 'Send test email' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /^To addresses/ }).fill('not an address');
      await dialog.getByRole('button', { name: 'Send test email' }).click();
      await dialog.getByText('not an address is not an email address.').waitFor();
      await dialog.getByRole('textbox', { name: /^To addresses/ }).fill(testTo);
      assert.equal(await dialog.getByRole('textbox', { name: 'customerName' }).inputValue(), 'Ada', 'the sample values carry over');
      await shotAndCheck(page, viewport, 'test-email-dialog');
      await dialog.getByRole('button', { name: 'Send test email' }).click();
      await dashboardToast(page, 'Test email queued.').waitFor();
      await dialog.waitFor({ state: 'detached' });

      const sent = await settledMailTo(testTo);
      assert.equal(sent.status, 'Delivered', `the stored driver delivers at once: ${JSON.stringify(sent)}`);
      assert.equal(sent.subject, `Welcome back, Ada: volume ${volume}`);

      await openDashboardArea(page, viewport, 'Sent emails');
      await main.getByRole('heading', { name: 'Delivery timeline' }).waitFor();
      await main.getByRole('searchbox', { name: 'Search sent emails' }).fill(testTo);
      await page.waitForURL((url) => url.searchParams.get('q') === testTo);
      const row = main.getByRole('button', { name: `Welcome back, Ada: volume ${volume}`, exact: true });
      await row.waitFor();
      await main.getByRole('table', { name: 'Sent emails' }).getByText('Delivered', { exact: true }).first().waitFor();
      // The status filter narrows the list: no failed email to this address.
      await chooseOption(page, main, 'Status', 'Failed');
      await main.getByText('Nothing matches').waitFor();
      await chooseOption(page, main, 'Status', 'Delivered');
      await row.waitFor();
      await main.getByRole('button', { name: 'Show table' }).first().click();
      await main.getByRole('table', { name: /Emails in 15-minute steps/ }).waitFor();
      await shotAndCheck(page, viewport, 'sent-emails', true);

      await row.click();
      const drawer = page.getByRole('dialog', { name: `Email: Welcome back, Ada: volume ${volume}` });
      await drawer.waitFor();
      const events = drawer.getByRole('list', { name: 'Delivery events' });
      await events.getByText('Queued', { exact: true }).waitFor();
      await events.getByText('Delivered', { exact: true }).waitFor();
      await drawer.frameLocator('iframe').getByText(`Hello Ada, volume ${volume} is waiting.`).waitFor();
      await shotAndCheck(page, viewport, 'sent-email-detail');
      await drawer.locator('iframe').screenshot({ path: path.join(shots, `${viewport}-sent-email-frame.png`) });
      await drawer.getByRole('button', { name: 'Close' }).click();
      await drawer.waitFor({ state: 'detached' });

      if (viewport === 'desktop') {
        // A new template: the server's refusal of a taken name shows beside the Name field; a free name creates it.
        await openDashboardArea(page, viewport, 'Email templates');
        await main.getByRole('link', { name: 'New template' }).first().click();
        await main.getByRole('heading', { level: 1, name: 'New email template' }).waitFor();
        const newName = main.getByRole('textbox', { name: /^Name/ });
        await newName.fill(name);
        await main.getByRole('textbox', { name: /^Subject/ }).fill('Your order {{orderNumber}} shipped');
        await main.getByRole('textbox', { name: /^HTML body/ }).fill('<p>Order {{orderNumber}} is on its way.</p>');
        await main.getByRole('textbox', { name: /^Text body/ }).fill('Order {{orderNumber}} is on its way.');
        await main.getByRole('textbox', { name: 'orderNumber' }).fill('A-100');
        await page.frameLocator('iframe[title="HTML preview of the template"]').getByText('Order A-100 is on its way.').waitFor();
        await main.getByRole('button', { name: 'Create template' }).click();
        const taken = `A template named "${name}" already exists.`;
        await main.getByText(taken).first().waitFor();
        assert.equal(await newName.getAttribute('aria-invalid'), 'true', 'the Name field is marked invalid');
        // The message sits beside the field: it is the field's own description.
        const describedBy = ((await newName.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
        const described = (await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
        assert.ok(described.includes(taken), `the Name field is described by the refusal: ${described}`);
        await shotAndCheck(page, viewport, 'new-template-refused');
        await newName.fill(`order-shipped-${run}`);
        await main.getByRole('button', { name: 'Create template' }).click();
        await dashboardToast(page, 'Template created.').waitFor();
        await main.getByRole('heading', { level: 1, name: `order-shipped-${run}` }).waitFor();
        assert.match(page.url(), /\/dashboard\/email-templates\/\d+$/, 'the editor moved to the new template’s address');
      }

      assert.deepEqual(pageErrors(errors), [], 'no script errors');
      await page.context().close();
    }, 120_000);

    it(`shows the scheduled follow-up with the budget and the figures, and the provider's health (${viewport})`, async () => {
      const { page, errors } = await openPage(browser, size);
      failing = page;
      const main = mainOf(page);
      await signInToDashboard(page, stack.url, admin);

      await openDashboardArea(page, viewport, 'Scheduled emails');
      await main.getByRole('progressbar', { name: /Daily budget used/i }).waitFor();
      await main.getByText('Due now').waitFor();
      await main.getByRole('searchbox', { name: 'Search scheduled emails' }).fill(customer);
      await page.waitForURL((url) => url.searchParams.get('q') === customer);
      const table = main.getByRole('table', { name: 'Scheduled emails' });
      await table.getByText(customer, { exact: true }).first().waitFor();
      await table.getByText('ticket-follow-up', { exact: true }).first().waitFor();
      await table.getByText('Scheduled', { exact: true }).first().waitFor();
      await main.getByRole('button', { name: `Cancel the email to ${customer}` }).waitFor();
      await main.getByRole('button', { name: 'Show table' }).click();
      await main.getByRole('table', { name: 'Due over the next 14 days' }).waitFor();
      await shotAndCheck(page, viewport, 'scheduled-emails', true);
      if (viewport === 'phone') {
        // Cancelling asks first; "Keep it" leaves it waiting (the desktop run keeps it for the phone's).
        await main.getByRole('button', { name: `Cancel the email to ${customer}` }).click();
        const confirm = page.getByRole('alertdialog');
        await confirm.waitFor();
        await shotAndCheck(page, viewport, 'scheduled-cancel-confirm');
        await confirm.getByRole('button', { name: 'Cancel the email' }).click();
        await dashboardToast(page, 'Scheduled email cancelled.').waitFor();
        await table.getByText('Cancelled', { exact: true }).first().waitFor();
      }

      await openDashboardArea(page, viewport, 'Email provider');
      await main.getByRole('progressbar', { name: /Sent in the last 24 hours/ }).waitFor();
      await main.getByText('Embedded (stored)').waitFor();
      await main.getByRole('meter', { name: /Bounce rate/ }).waitFor();
      await main.getByRole('meter', { name: /Complaint rate/ }).waitFor();
      await main.getByRole('figure', { name: 'Sending statistics, last 14 days' }).waitFor();
      await main.getByRole('table', { name: 'Verified identities' }).getByRole('row').nth(1).waitFor();
      await shotAndCheck(page, viewport, 'email-provider', true);
      await main.getByRole('button', { name: 'Verify an address' }).click();
      const dialog = page.getByRole('dialog', { name: 'Verify an address' });
      await dialog.waitFor();
      await shotAndCheck(page, viewport, 'verify-identity-dialog');
      const identity = `ops-${viewport}-${run}@inkwell.example`;
      await dialog.getByRole('textbox', { name: /^Email address/ }).fill(identity);
      await dialog.getByRole('button', { name: 'Send verification email' }).click();
      await dashboardToast(page, 'Verification email sent.').waitFor();
      const identities = main.getByRole('table', { name: 'Verified identities' });
      await identities.getByText(identity, { exact: true }).waitFor();
      await main.getByRole('button', { name: `Delete ${identity}` }).click();
      const confirm = page.getByRole('alertdialog', { name: `Delete ${identity}?` });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Delete identity' }).click();
      await dashboardToast(page, 'Identity deleted.').waitFor();
      await identities.getByText(identity, { exact: true }).waitFor({ state: 'detached' });

      assert.deepEqual(pageErrors(errors), [], 'no script errors');
      await page.context().close();
    }, 120_000);
  }
});

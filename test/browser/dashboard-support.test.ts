import assert from 'node:assert/strict';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import nodemailer from 'nodemailer';
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
  signUpReader,
  startBrowserStack,
  tokensOf,
  type Credentials,
  type ViewportName,
} from '../support/browser';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import type { TestStack } from '../support/stack';

/**
 * Issue 24's Support tickets area in a real Chromium against the whole stack, mail sent through a
 * real SMTP server: a customer writes through the storefront's contact page; the ticket is in the
 * inbox, unread and counted as waiting on us; staff open it (the customer's form with its page and
 * platform), create a tag on it, assign it to themselves, answer with a template and then free text
 * (each previewed first); the replies are in the conversation and the ticket is Pending on customer.
 * A reply the provider refuses shows Failed and is sent again with "Retry sending". In the inbox
 * j/k move between tickets and x selects, and two tickets are edited in bulk (a
 * move refused for one of them, 409, is shown naming it and changes nothing). Phone and desktop;
 * axe on every screen; each shot saved to look at.
 */
describe('staff Support tickets area in Chromium', { skip: skipBecause(browserSuiteSkip('dashboard', 'web')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let admin: Credentials;
  let token: string;
  let provider: SmtpCapture;
  let templateName: string;
  const run = process.pid;

  beforeAll(async () => {
    provider = await startSmtpCapture({ reply: (count) => `Message queued as provider-${count}` });
    stack = await startBrowserStack({ SMTP_URL: `smtp://127.0.0.1:${provider.port}`, SUPPORT_FORMS_PER_HOUR: '100', SUPPORT_SMTP_PORT: '0' });
    browser = await launchChromium();
    shots = await screenshotDir('dashboard-support');
    for (const file of await readdir(shots)) if (file.startsWith('failed-')) await rm(path.join(shots, file));
    const granted = await grantAdmin(stack.service('account').context.db, `support-ui-${run}@example.com`);
    assert.ok(granted.created, 'a new admin account, with its generated password');
    admin = granted;
    token = (await tokensOf(stack.url, admin)).access_token;
    templateName = `Order help ${run}`;
    await staffCall('/api/dashboard/emailTemplates/db-templates/new', {
      name: templateName,
      description: 'A reply about an order',
      subject: 'About your order {{orderNumber}}',
      htmlBody: '<p>Hello {{customerName}},</p><p>Your order {{orderNumber}} is on its way.</p>',
      textBody: 'Hello {{customerName}},\n\nYour order {{orderNumber}} is on its way.',
    });
  }, 240_000);

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
    await provider?.close();
  });

  async function staffCall<T = unknown>(pathname: string, body: unknown): Promise<T> {
    const response = await fetch(`${stack.url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as { response: T };
    assert.equal(response.status, 200, `${pathname} answered ${response.status}: ${JSON.stringify(envelope)}`);
    return envelope.response;
  }

  /** A contact form sent as the storefront sends it (the API itself), for the tickets the journey needs besides. */
  async function submitForm(email: string, subject: string, message: string): Promise<void> {
    const response = await fetch(`${stack.url}/api/submitted-form/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ formType: 'Contact', email, subject, message, page: '/contact', platform: 'Web' }),
    });
    assert.equal(response.status, 200, `submit answered ${response.status}: ${await response.text()}`);
  }

  /**
   * Script errors of the page, less those of the harness's own init script (openPage's cookie
   * choice), which Chromium also runs in the sandboxed email frames and which fails there for want
   * of storage: proof that the frames have no same origin, not a fault of the page.
   */
  const pageErrors = (errors: string[]) => errors.filter((error) => !/The document is sandboxed and lacks the 'allow-same-origin' flag/.test(error));

  const shotAndCheck = async (page: Page, viewport: ViewportName, name: string, fullPage = false) => {
    await expectNoSeriousViolations(page, `${viewport} ${name}`);
    await page.screenshot({ path: path.join(shots, `${viewport}-${name}.png`), fullPage });
  };

  /** The inbox row (its link) of the ticket with `subject`. */
  const rowLink = (page: Page, subject: string) => mainOf(page).getByRole('link', { name: new RegExp(subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });

  async function openInbox(page: Page, viewport: ViewportName): Promise<void> {
    await openDashboardArea(page, viewport, 'Support tickets');
    await mainOf(page).getByRole('table', { name: /Support tickets/ }).waitFor();
  }

  async function openTicket(page: Page, subject: string): Promise<void> {
    await rowLink(page, subject).click();
    await mainOf(page).getByRole('heading', { level: 1, name: subject }).waitFor();
  }

  /** Sends a reply from the editor after previewing it: free text, or a template with its values. */
  async function reply(page: Page, what: { text: string } | { template: string; values: Record<string, string> }, expectInPreview: string): Promise<void> {
    const editor = mainOf(page).getByRole('region', { name: /^Reply to / });
    if ('text' in what) {
      await editor.getByRole('textbox', { name: 'Reply' }).fill(what.text);
    } else {
      await chooseOption(page, editor, 'Template', what.template);
      for (const [name, value] of Object.entries(what.values)) await editor.getByRole('textbox', { name, exact: true }).fill(value);
    }
    await editor.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = editor.getByRole('region', { name: 'Reply preview' });
    await preview.waitFor();
    // The preview renders in a frame with no permissions at all: no scripts, no same origin.
    assert.equal(await preview.locator('iframe').getAttribute('sandbox'), '');
    await page.frameLocator('iframe[title="Reply preview"]').getByText(expectInPreview).waitFor();
    await editor.getByRole('button', { name: 'Send reply', exact: true }).click();
    await dashboardToast(page, 'Reply sent').waitFor();
  }

  it('desktop: a contact form becomes a ticket; staff tag, assign and answer it (template and free text); a failed reply is retried; j/k and bulk edit', async () => {
    const viewport: ViewportName = 'desktop';
    const customer = `reader-${run}@example.com`;
    const subject = `Where is my order ${run}?`;

    // The customer writes through the storefront's contact page.
    const { page: shopper } = await openPage(browser, DESKTOP);
    failing = shopper;
    await shopper.goto(`${stack.url}/contact`);
    await shopper.getByRole('textbox', { name: 'Email' }).fill(customer);
    await shopper.getByRole('textbox', { name: 'Subject (optional)' }).fill(subject);
    await shopper.getByRole('textbox', { name: /^Message/ }).fill('My order has not arrived yet. Could you look into it?');
    await shopper.getByRole('button', { name: 'Send message' }).click();
    await shopper.getByText(/Your reference is/).waitFor();
    await shopper.close();

    const { page, errors } = await openPage(browser, DESKTOP);
    failing = page;
    await signInToDashboard(page, stack.url, admin);
    await openInbox(page, viewport);
    const main = mainOf(page);

    // "Waiting on us" is the first view: the new ticket is there, unread, and counted.
    const waiting = main.getByRole('navigation', { name: 'Ticket views' }).getByRole('button', { name: /Waiting on us/ });
    assert.equal(await waiting.getAttribute('aria-pressed'), 'true');
    await rowLink(page, subject).waitFor();
    assert.match((await waiting.textContent()) ?? '', /Waiting on us\s*[1-9]/);
    assert.match((await rowLink(page, subject).textContent()) ?? '', /^Unread: /, 'an unread ticket says so (and is bold)');
    await main.getByText('Keyboard shortcuts:').waitFor();
    await shotAndCheck(page, viewport, 'inbox');

    // The ticket: the form with its details; opening it marks it read.
    await openTicket(page, subject);
    const form = main.getByRole('article', { name: `Contact form from ${customer}` });
    await form.getByText('My order has not arrived yet.').waitFor();
    await form.getByText('/contact').waitFor();
    await main.getByRole('region', { name: 'Customer' }).getByText('No account with this email.').waitFor();
    await shotAndCheck(page, viewport, 'ticket', true);

    // A new tag, created on the ticket; then the ticket assigned to the staff member.
    const tagName = `late-${run}`;
    const panel = main.getByRole('region', { name: 'Ticket' });
    await panel.getByRole('textbox', { name: 'New tag' }).fill(tagName);
    await panel.getByRole('button', { name: 'Create and add' }).click();
    await dashboardToast(page, `Tagged “${tagName}”`).waitFor();
    await panel.getByRole('list', { name: 'Tags of this ticket' }).getByText(tagName).waitFor();
    await panel.getByRole('button', { name: 'Assign to me' }).click();
    await dashboardToast(page, 'Ticket assigned to you').waitFor();
    await panel.getByRole('button', { name: new RegExp(`${admin.email}.*Assignee$`) }).waitFor();

    // A reply from the template, then one in free text; each previewed first.
    await reply(page, { template: templateName, values: { orderNumber: `INK-${run}` } }, `Your order INK-${run} is on its way.`);
    await shotAndCheck(page, viewport, 'ticket-template-reply', true);
    await main.getByRole('article', { name: /^Reply from / }).first().waitFor();
    await reply(page, { text: 'We have asked the carrier and will write again tomorrow.' }, 'We have asked the carrier');
    const replies = main.getByRole('article', { name: /^Reply from / });
    await replies.nth(1).waitFor();
    // Both delivered to the provider's server (the page reads the ticket again while a reply is queued).
    await replies.nth(0).getByText('Delivered', { exact: true }).waitFor();
    await replies.nth(1).getByText('Delivered', { exact: true }).waitFor();
    const header = main.locator('header', { has: page.getByRole('heading', { level: 1 }) });
    await header.getByText('Pending on customer', { exact: true }).waitFor();
    // At the provider's server (beside whatever else the customer was mailed, e.g. the form's receipt): both replies, answerable to the ticket.
    const mailTo = (text: string) => provider.received.filter((mail) => mail.to.includes(customer) && mail.raw.includes(text));
    const templated = mailTo(`Subject: About your order INK-${run}`);
    assert.equal(templated.length, 1);
    assert.match(templated[0]!.raw, /Reply-To: /);
    assert.equal(mailTo('We have asked the carrier').length, 1);

    // The provider refuses the next reply: it is Failed, and sent again by hand.
    provider.state.refuseData = true;
    await reply(page, { text: 'One more thing: the carrier says Tuesday.' }, 'the carrier says Tuesday');
    const failed = replies.nth(2);
    await failed.getByText('Failed', { exact: true }).waitFor();
    await failed.getByText(/refused by policy/i).waitFor();
    await shotAndCheck(page, viewport, 'ticket-failed-reply', true);
    provider.state.refuseData = false;
    await failed.getByRole('button', { name: 'Retry sending' }).click();
    await dashboardToast(page, 'The reply is being sent again').waitFor();
    await failed.getByText('Delivered', { exact: true }).waitFor();
    assert.equal(mailTo('the carrier says Tuesday').length, 1, 'the retried reply arrived once');

    // Two more tickets; in "All open" j/k move the selection, x selects, and both are closed in bulk.
    const others = [`Refund question ${run}`, `Gift card question ${run}`];
    await submitForm(`second-${run}@example.com`, others[0]!, 'Can I get a refund for a comic I bought twice?');
    await submitForm(`third-${run}@example.com`, others[1]!, 'Does a gift card expire?');
    await main.getByRole('link', { name: 'Support tickets', exact: true }).click();
    await main.getByRole('heading', { level: 1, name: 'Support tickets' }).waitFor();
    await main.getByRole('navigation', { name: 'Ticket views' }).getByRole('button', { name: /All open/ }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'open');
    await rowLink(page, others[1]!).waitFor();
    await rowLink(page, others[0]!).waitFor();
    // The view saved under a name (this browser's storage), and brought back from another view.
    await main.getByText('Saved filters').click();
    await main.getByRole('textbox', { name: 'Name for these filters' }).fill('Everything open');
    await main.getByRole('button', { name: 'Save filters' }).click();
    await dashboardToast(page, 'Filters saved as “Everything open”').waitFor();
    await main.getByRole('navigation', { name: 'Ticket views' }).getByRole('button', { name: /Unread/ }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'unread');
    await main.getByRole('button', { name: 'Everything open', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'open');
    await rowLink(page, others[0]!).waitFor();
    await main.getByText('Saved filters').click();
    // Newest first: the gift card question, then the refund question.
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    assert.match((await page.evaluate('document.activeElement && document.activeElement.textContent')) as string, new RegExp(others[1]!));
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    assert.match((await page.evaluate('document.activeElement && document.activeElement.textContent')) as string, new RegExp(others[0]!));
    await page.keyboard.press('x');
    const selected = main.getByRole('region', { name: 'Selected rows' });
    await selected.getByText('2 selected').waitFor();
    // "/" goes to the search box, and typing there is not taken for shortcuts.
    await page.keyboard.press('/');
    await page.keyboard.type('jk');
    assert.equal(await main.getByRole('searchbox', { name: 'Search tickets' }).inputValue(), 'jk');
    await main.getByRole('searchbox', { name: 'Search tickets' }).fill('');
    await shotAndCheck(page, viewport, 'inbox-selected');

    // Meanwhile someone else closes the refund question: solving both is refused (409) in words
    // naming that ticket, and nothing changes; closing both is allowed.
    const refund = await staffCall<{ items: { id: number }[] }>('/api/dashboard/support-tickets/post-pagination', { pageNumber: 1, pageSize: 5, search: others[0] });
    assert.equal(refund.items.length, 1);
    const refundId = refund.items[0]!.id;
    await staffCall('/api/dashboard/support-tickets/bulk-edit', { ticketIds: [refundId], status: 'Closed' });

    await selected.getByRole('button', { name: 'Edit selected…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit 2 tickets' });
    await dialog.waitFor();
    await chooseOption(page, dialog, 'Status', 'Solved');
    await shotAndCheck(page, viewport, 'bulk-edit');
    await dialog.getByRole('button', { name: 'Apply to 2 tickets' }).click();
    const refusal = dialog.getByRole('alert');
    await refusal.waitFor();
    assert.match((await refusal.textContent()) ?? '', new RegExp(`cannot be moved to Solved.*${refundId}`));
    await shotAndCheck(page, viewport, 'bulk-edit-refused');
    const giftCard = await staffCall<{ items: { id: number; status: string }[] }>('/api/dashboard/support-tickets/post-pagination', { pageNumber: 1, pageSize: 5, search: others[1] });
    assert.equal(giftCard.items[0]!.status, 'Open', 'the refused bulk edit changed nothing');
    await chooseOption(page, dialog, 'Status', 'Closed');
    await dialog.getByRole('button', { name: 'Apply to 2 tickets' }).click();
    await dashboardToast(page, '2 tickets updated').waitFor();
    await main.getByRole('navigation', { name: 'Ticket views' }).getByRole('button', { name: /Solved\/Closed/ }).click();
    await rowLink(page, others[0]!).waitFor();
    await rowLink(page, others[1]!).waitFor();
    await shotAndCheck(page, viewport, 'inbox-solved');

    // Enter on the keyboard's row opens it.
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await page.keyboard.press('Enter');
    await main.getByRole('heading', { level: 1, name: others[1]! }).waitFor();
    assert.deepEqual(pageErrors(errors), []);
    await page.close();
  });

  it('phone: the inbox and a ticket answered in free text', async () => {
    const viewport: ViewportName = 'phone';
    const customer = `phone-reader-${run}@example.com`;
    const subject = `Phone question ${run}`;
    await submitForm(customer, subject, 'Can I read my comics on a phone?');

    const { page, errors } = await openPage(browser, PHONE);
    failing = page;
    await signInToDashboard(page, stack.url, admin);
    await openInbox(page, viewport);
    await rowLink(page, subject).waitFor();
    await shotAndCheck(page, viewport, 'inbox', true);

    await openTicket(page, subject);
    await shotAndCheck(page, viewport, 'ticket', true);
    await reply(page, { text: 'Yes: open My Comics in your phone’s browser.' }, 'open My Comics');
    const sent = mainOf(page).getByRole('article', { name: /^Reply from / });
    await sent.getByText('Delivered', { exact: true }).waitFor();
    // In view, not a full-page shot: Chromium paints a frame's content only once it has been on screen.
    await sent.scrollIntoViewIfNeeded();
    await page.frameLocator('iframe[title^="Reply to "]').getByText('open My Comics').waitFor();
    await shotAndCheck(page, viewport, 'ticket-replied');
    assert.deepEqual(pageErrors(errors), []);
    await page.close();
  });

  it('desktop: an inbound email (its HTML sandboxed, its attachment and raw message downloaded) and the customer\'s account', async () => {
    const viewport: ViewportName = 'desktop';
    const customer: Credentials = { email: `mailer-${run}@example.com`, password: 'Correct-Horse-9' };
    await signUpReader(stack.url, customer);
    const subject = `Torn cover ${run}`;
    const port = stack.service('support').exposed.inboundSmtpPort();
    assert.ok(port, 'the support listener is on');
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, name: 'mx.customer.example' });
    try {
      const info = await transport.sendMail({
        from: `Mai Reader <${customer.email}>`,
        to: 'support@inkwell.example',
        subject,
        text: 'The cover of my print copy arrived torn.',
        html: '<p>The cover of my print copy arrived <b>torn</b>.</p><script>document.title = "owned"</script>',
        attachments: [{ filename: 'photo-notes.txt', content: `cover photo notes ${run}`, contentType: 'text/plain' }],
      });
      assert.equal(info.rejected.length, 0, `the listener took it: ${info.response}`);
    } finally {
      transport.close();
    }

    const { page, errors } = await openPage(browser, DESKTOP);
    failing = page;
    await signInToDashboard(page, stack.url, admin);
    await openInbox(page, viewport);
    await openTicket(page, subject);
    const main = mainOf(page);
    const email = main.getByRole('article', { name: `Email from Mai Reader <${customer.email}>` });
    await email.waitFor();
    // The HTML in a frame with every sandbox restriction: shown, and its script (had it survived the sanitiser) unable to run.
    const frame = email.locator('iframe');
    assert.equal(await frame.getAttribute('sandbox'), '');
    await page.frameLocator(`iframe[title="Email from ${customer.email}"]`).getByText('torn').waitFor();

    const [attachment] = await Promise.all([page.waitForEvent('download'), email.getByRole('button', { name: 'Download photo-notes.txt' }).click()]);
    assert.equal(await readFile((await attachment.path())!, 'utf8'), `cover photo notes ${run}`);
    const [raw] = await Promise.all([page.waitForEvent('download'), email.getByRole('button', { name: 'Download raw message' }).click()]);
    assert.match(await readFile((await raw.path())!, 'utf8'), new RegExp(`Subject: ${subject}`));

    // The customer has an account: its panel links to their page.
    const panel = main.getByRole('region', { name: 'Customer' });
    await panel.getByText(customer.email, { exact: true }).waitFor();
    await panel.getByText('No orders.').waitFor();
    await shotAndCheck(page, viewport, 'ticket-inbound-email', true);
    await panel.getByRole('link', { name: 'Open customer page' }).click();
    await main.getByRole('heading', { level: 1, name: customer.email }).waitFor();

    // A ticket that does not exist: the page says so in the server's words, with a way back.
    await page.goto(`${stack.url}/dashboard/support-tickets/999999`);
    await main.getByRole('heading', { name: 'No such ticket', exact: true }).waitFor();
    await main.getByText('No such ticket.', { exact: true }).waitFor();
    assert.equal(await main.getByRole('button', { name: 'Try again' }).count(), 0, 'no point trying again');
    await shotAndCheck(page, viewport, 'ticket-missing');
    await main.getByRole('link', { name: 'Support tickets' }).click();
    await main.getByRole('heading', { level: 1, name: 'Support tickets' }).waitFor();
    assert.deepEqual(pageErrors(errors), []);
    await page.close();
  });
});

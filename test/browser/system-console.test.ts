import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { grantAdmin } from '@inkwell/account';
import type { DeadLetter, DeadLetterList, SystemStatus } from '@inkwell/contracts/dashboard-system';
import { expectNoSeriousViolations } from '../support/axe';
import { browserSuiteSkip, DESKTOP, launchChromium, openPage, openSignedIn as openPageSignedIn, PHONE, screenshotDir, signUpReader, startBrowserStack, tokensOf as signedInTokens } from '../support/browser';
import type { TestStack } from '../support/stack';

const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;
type ViewportName = keyof typeof VIEWPORTS;

/** The consumer group that fails here: analytics keeps a copy of every domain event. */
const GROUP = 'analytics.domain-events';
/** What the analytics database says while its copy of publisher events is switched off. */
const REFUSAL = 'Publisher events are paused for maintenance';


/**
 * The System area (operations console) in a real Chromium against the whole stack, on a phone and a
 * desktop with the axe gate: a real consumer failure becomes a dead letter (the analytics service's
 * copy of publisher events refused by its database until the cause is fixed), staff see it with
 * the database's error, re-drive it while the cause is still there (it fails again, the row shows
 * the new attempt), fix the cause and re-drive it (it goes through and leaves the list), and the
 * re-drive is in the service's staff actions. Readers and visitors get the staff gate, not the area.
 */
describe('System console in Chromium', { skip: skipBecause(browserSuiteSkip('dashboard')) }, () => {
  let stack: TestStack;
  let browser: Browser;
  let shots: string;
  let admin: { email: string; password: string };
  const reader = { email: `system-reader-${process.pid}@example.com`, password: 'just here to read' };

  const analyticsDb = () => stack.services.find((service) => service.name === 'analytics')!.context.db;

  beforeAll(async () => {
    stack = await startBrowserStack();
    browser = await launchChromium();
    shots = await screenshotDir('system-console');
    const account = stack.services.find((service) => service.name === 'account')!;
    const granted = await grantAdmin(account.context.db, `system-staff-${process.pid}@example.com`);
    assert.ok(granted.created, 'a new admin account, with its password');
    admin = granted;
    await signUpReader(stack.url, reader);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** The accessibility gate run on the state, then its screenshot. */
  const shotAndCheck = async (page: Page, viewport: ViewportName, name: string, fullPage = false) => {
    await expectNoSeriousViolations(page, `${viewport} ${name}`);
    await page.screenshot({ path: path.join(shots, `${viewport}-${name}.png`), fullPage });
  };

  const tokensOf = (who: { email: string; password: string }) => signedInTokens(stack.url, who);
  const openSignedIn = (viewport: ViewportName, who: { email: string; password: string }) => openPageSignedIn(browser, VIEWPORTS[viewport], stack.url, who);

  /** A call to the API as `who` (or nobody); the HTTP status and the envelope's response. */
  async function call<T>(method: 'GET' | 'POST', route: string, who: { email: string; password: string } | null, body?: unknown): Promise<{ status: number; response: T }> {
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (who) headers.authorization = `Bearer ${(await tokensOf(who)).access_token}`;
    const response = await fetch(`${stack.url}/api${route}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: response.status, response: ((await response.json()) as { response: T }).response };
  }

  /**
   * Switches the analytics service's copy of publisher events off (its database refuses them, as
   * a table under maintenance would) or back on: the cause of the dead letter, and its fix.
   */
  async function refusePublisherEvents(refuse: boolean): Promise<void> {
    if (refuse) {
      await analyticsDb().query(`CREATE OR REPLACE FUNCTION refuse_publisher_events() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.type = 'publisher.changed' THEN RAISE EXCEPTION '${REFUSAL}'; END IF; RETURN NEW; END $$`);
      await analyticsDb().query('CREATE OR REPLACE TRIGGER refuse_publisher_events BEFORE INSERT ON domain_events FOR EACH ROW EXECUTE FUNCTION refuse_publisher_events()');
    } else {
      await analyticsDb().query('DROP TRIGGER IF EXISTS refuse_publisher_events ON domain_events');
    }
  }

  /**
   * A publisher created while analytics refuses its event: the domain-events group retries it,
   * gives up and keeps it as a dead letter in the analytics database. Resolves with that dead letter.
   */
  async function plantDeadLetter(name: string): Promise<DeadLetter> {
    await refusePublisherEvents(true);
    const created = await call<{ id: number }>('POST', '/dashboard/publisher/new', admin, { name, imprints: [] });
    assert.equal(created.status, 200, 'the publisher is created');
    const key = `publisher:${created.response.id}`;
    for (;;) {
      const { status, response } = await call<DeadLetterList>('GET', '/dashboard/system/analytics/dead-letters', admin);
      assert.equal(status, 200);
      const found = response.items.find((item) => item.group === GROUP && item.eventType === 'publisher.changed' && item.key === key);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  const main = (page: Page) => page.getByRole('main');
  const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notifications/ }).getByText(text);

  /** The sidebar: always there on a desktop, behind the menu button on a phone. */
  async function openSystem(page: Page, viewport: ViewportName): Promise<void> {
    if (viewport === 'phone') await page.getByRole('button', { name: 'Dashboard areas', exact: true }).click();
    await page.getByRole('navigation', { name: 'Dashboard areas' }).getByRole('link', { name: 'System', exact: true }).click();
    await main(page).getByRole('heading', { level: 1, name: 'System', exact: true }).waitFor();
  }

  /** The dead letter's row in the analytics panel's table. */
  const rowOf = (page: Page, deadLetter: DeadLetter): Locator =>
    main(page).getByRole('table', { name: 'Dead letters of the analytics service' }).getByRole('row').filter({ hasText: deadLetter.key }).filter({ hasText: 'publisher.changed' });

  async function confirmRedrive(page: Page, viewport: ViewportName, deadLetter: DeadLetter, shot?: string): Promise<void> {
    await rowOf(page, deadLetter).getByRole('button', { name: new RegExp(`^Re-drive publisher\\.changed ${deadLetter.eventId}$`) }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Re-drive publisher.changed?' });
    await dialog.waitFor();
    await dialog.getByText(deadLetter.eventId).waitFor();
    await dialog.getByText(GROUP).waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((button) => button === button.ownerDocument.activeElement), true, 'focus starts on Cancel');
    if (shot) await shotAndCheck(page, viewport, shot);
    await dialog.getByRole('button', { name: 'Re-drive event' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('keeps readers and visitors out of the System area and its calls', async () => {
    const visitor = await openPage(browser, VIEWPORTS.desktop);
    await visitor.page.goto(`${stack.url}/dashboard/system`);
    await visitor.page.getByRole('heading', { level: 1, name: 'Staff sign in' }).waitFor();
    assert.equal(await visitor.page.getByRole('heading', { name: 'System' }).count(), 0);
    await visitor.page.context().close();

    const signedIn = await openSignedIn('phone', reader);
    await signedIn.page.goto(`${stack.url}/dashboard/system?service=analytics`);
    await signedIn.page.getByRole('heading', { level: 1, name: 'This account is not a staff account' }).waitFor();
    assert.equal(await signedIn.page.getByRole('navigation', { name: 'Dashboard areas' }).count(), 0);
    await shotAndCheck(signedIn.page, 'phone', '00-reader-refused');
    assert.deepEqual(signedIn.errors, []);
    await signedIn.page.context().close();

    assert.equal((await call('GET', '/dashboard/system/analytics/status', null)).status, 401);
    assert.equal((await call('GET', '/dashboard/system/analytics/dead-letters', reader)).status, 403);
    assert.equal((await call('POST', '/dashboard/system/analytics/dead-letters/1/redrive', reader)).status, 403);
  });

  it('shows a dead letter, re-drives it while its cause remains (it fails again), then after the fix (it clears) on a desktop', async () => {
    const deadLetter = await plantDeadLetter(`System desk ${process.pid}`);
    assert.match(deadLetter.error, new RegExp(REFUSAL));

    const { page, errors } = await openSignedIn('desktop', admin);
    await page.goto(`${stack.url}/dashboard/`);
    await openSystem(page, 'desktop');
    // Every service has its card; the analytics one says why it needs attention.
    const services = main(page).getByRole('region', { name: 'Services' });
    for (const name of ['Account', 'Catalog', 'Cart', 'Order', 'Reader', 'Analytics', 'Support']) {
      await services.getByRole('link', { name: new RegExp(`^${name}`) }).waitFor();
    }
    const analyticsCard = services.getByRole('link', { name: /^Analytics/ });
    await analyticsCard.getByText('Degraded').waitFor();
    await analyticsCard.getByText('1 dead letter to re-drive.').waitFor();
    await services.getByRole('link', { name: /^Account/ }).getByText('Healthy').waitFor();

    // The card opens the analytics panel: health, consumer groups, the dead letter with the database's words.
    await analyticsCard.click();
    await main(page).getByRole('heading', { level: 2, name: 'Analytics service' }).waitFor();
    assert.equal(await main(page).getByRole('tab', { name: 'Analytics' }).getAttribute('aria-selected'), 'true');
    await main(page).getByRole('table', { name: 'Consumer groups of the analytics service' }).getByText(GROUP).waitFor();
    const row = rowOf(page, deadLetter);
    await row.getByText(REFUSAL).waitFor();
    const attemptsBefore = deadLetter.attempts;
    await row.getByRole('cell', { name: String(attemptsBefore), exact: true }).waitFor();
    await shotAndCheck(page, 'desktop', '01-dead-letter');
    await shotAndCheck(page, 'desktop', '02-dead-letter-full', true);

    // Re-driven while analytics still refuses it: it fails again, says so, and the row shows one more attempt.
    await confirmRedrive(page, 'desktop', deadLetter, '03-confirm');
    await toast(page, 'publisher.changed failed again').waitFor();
    await toast(page, new RegExp(REFUSAL)).waitFor();
    await row.getByRole('cell', { name: String(attemptsBefore + 1), exact: true }).waitFor();
    await shotAndCheck(page, 'desktop', '04-failed-again');

    // The cause fixed, the re-drive goes through: the row leaves, analytics has the event, and the action is on record.
    await refusePublisherEvents(false);
    await confirmRedrive(page, 'desktop', deadLetter);
    await toast(page, 'publisher.changed re-driven').waitFor();
    await row.waitFor({ state: 'detached' });
    await main(page).getByText('No dead letters: every event this service consumed went through.').waitFor();
    const copied = await analyticsDb().query<{ n: number }>('SELECT count(*)::int AS n FROM domain_events WHERE event_id = $1', [deadLetter.eventId]);
    assert.equal(copied.rows[0]!.n, 1, 'the re-drive ran the group’s effect');
    const actions = main(page).getByRole('table', { name: 'Last staff actions on the analytics service' });
    await actions.getByRole('row').filter({ hasText: 'dead-letter.redriven' }).filter({ hasText: admin.email }).waitFor();
    await actions.getByRole('row').filter({ hasText: 'dead-letter.redrive-failed' }).waitFor();
    await analyticsCard.getByText('Healthy').waitFor();
    await shotAndCheck(page, 'desktop', '05-cleared', true);

    // The service's own answer agrees.
    const status = await call<SystemStatus>('GET', '/dashboard/system/analytics/status', admin);
    assert.equal(status.response.consumers.find((group) => group.group === GROUP)?.deadLetters, 0);

    // The order service's panel adds its checkout sweeper: nothing stuck in a quiet stack.
    await main(page).getByRole('tab', { name: 'Order' }).click();
    await main(page).getByRole('heading', { level: 2, name: 'Order service' }).waitFor();
    const sweeper = main(page).getByRole('region', { name: 'Checkout sweeper' });
    await sweeper.getByText('No stuck purchases: every checkout finished or was undone.').waitFor();
    await sweeper.getByText('No compensations: no purchase is being undone.').waitFor();
    await shotAndCheck(page, 'desktop', '06-order', true);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('shows one service that does not answer as unreachable, the others as usual, and recovers with Try again', async () => {
    const { page, errors } = await openSignedIn('desktop', admin);
    // The cart's calls fail in the network, as when its process is gone (the stack runs every service in one process).
    const cartCalls = '**/api/dashboard/system/cart/**';
    await page.route(cartCalls, (route) => route.abort('connectionrefused'));
    await page.goto(`${stack.url}/dashboard/system?service=cart`);
    const services = main(page).getByRole('region', { name: 'Services' });
    await services.getByRole('link', { name: /^Cart/ }).getByText('Unreachable').waitFor();
    for (const name of ['Account', 'Catalog', 'Order', 'Reader', 'Analytics', 'Support']) {
      await services.getByRole('link', { name: new RegExp(`^${name}`) }).getByText('Healthy').waitFor();
    }
    const down = main(page).getByRole('alert').filter({ hasText: 'The cart service did not answer' });
    await down.waitFor();
    await shotAndCheck(page, 'desktop', '07-cart-unreachable', true);

    await page.unroute(cartCalls);
    await down.getByRole('button', { name: 'Try again' }).click();
    await main(page).getByRole('heading', { level: 2, name: 'Cart service' }).locator('..').getByText('Healthy').waitFor();
    await services.getByRole('link', { name: /^Cart/ }).getByText('Healthy').waitFor();
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('re-drives a dead letter with the keyboard on a phone', async () => {
    const deadLetter = await plantDeadLetter(`System phone ${process.pid}`);
    await refusePublisherEvents(false);

    const { page, errors } = await openSignedIn('phone', admin);
    await page.goto(`${stack.url}/dashboard/`);
    await openSystem(page, 'phone');
    await main(page).getByRole('region', { name: 'Services' }).getByRole('link', { name: /^Analytics/ }).getByText('Degraded').waitFor();
    await shotAndCheck(page, 'phone', '01-summary');

    // Tabs by keyboard: from the selected tab, the arrow keys move along and select as they go.
    await main(page).getByRole('tab', { name: 'Account', selected: true }).focus();
    for (const name of ['Catalog', 'Cart', 'Order', 'Reader', 'Analytics']) {
      await page.keyboard.press('ArrowRight');
      await main(page).getByRole('tab', { name, selected: true }).waitFor();
    }
    await main(page).getByRole('heading', { level: 2, name: 'Analytics service' }).waitFor();
    const row = rowOf(page, deadLetter);
    await row.getByText(REFUSAL).waitFor();
    await row.scrollIntoViewIfNeeded();
    await shotAndCheck(page, 'phone', '02-dead-letter');

    await row.getByRole('button', { name: /^Re-drive publisher\.changed/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Re-drive publisher.changed?' });
    await dialog.waitFor();
    await shotAndCheck(page, 'phone', '03-confirm');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'publisher.changed re-driven').waitFor();
    await row.waitFor({ state: 'detached' });
    await shotAndCheck(page, 'phone', '04-cleared');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});

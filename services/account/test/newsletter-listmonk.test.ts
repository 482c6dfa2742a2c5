import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause, testLogger } from '@inkwell/platform/testing';
import { ListmonkNewsletters, NewsletterServiceError } from '../src/drivers/newsletter';

const url = process.env.TEST_LISTMONK_URL;

/**
 * The listmonk driver against a real listmonk (`bash scripts/listmonk.sh start --background`, which
 * creates the store's three public double opt-in lists; admin listmonk / listmonk).
 */
describe.skipIf(skipBecause(!url && 'TEST_LISTMONK_URL is not set (bash scripts/listmonk.sh start --background, then TEST_LISTMONK_URL=http://127.0.0.1:9310)'))('listmonk newsletter driver', () => {
  let driver: ListmonkNewsletters;
  const email = `listmonk-${process.pid}-${Date.now()}@example.com`;

  beforeAll(() => {
    driver = new ListmonkNewsletters({ url: url!, username: process.env.TEST_LISTMONK_USERNAME ?? 'listmonk', password: process.env.TEST_LISTMONK_PASSWORD ?? 'listmonk', logger: testLogger });
  });
  afterAll(() => driver?.close());

  it('lists listmonk\'s public lists', async () => {
    const names = (await driver.lists()).map((list) => list.name);
    for (const name of ['New releases', 'Manga', 'Deals and sales']) assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
  });

  it('subscribes with attributes (unconfirmed: listmonk\'s own double opt-in), unsubscribes, and joins again', async () => {
    const lists = await driver.lists();
    const manga = lists.find((list) => list.name === 'Manga')!.id;
    const deals = lists.find((list) => list.name === 'Deals and sales')!.id;
    assert.deepEqual(await driver.statuses(email), new Map());

    const first = await driver.subscribe({ email, listIds: [manga], attributes: { firstName: 'Jo', age: 31 } });
    assert.deepEqual(first, { awaitingConfirmation: [manga], alreadySubscribed: [] });
    assert.equal((await driver.statuses(email)).get(manga), 'unconfirmed');

    // An existing subscriber joins another list; its attributes merge.
    const second = await driver.subscribe({ email, listIds: [deals], attributes: { print: true } });
    assert.deepEqual(second.awaitingConfirmation, [deals]);
    const statuses = await driver.statuses(email);
    assert.equal(statuses.get(manga), 'unconfirmed');
    assert.equal(statuses.get(deals), 'unconfirmed');
    const raw = await fetch(`${url}/api/subscribers?per_page=1&query=${encodeURIComponent(`subscribers.email = '${email}'`)}`, {
      headers: { authorization: `Basic ${Buffer.from('listmonk:listmonk').toString('base64')}` },
    });
    const subscriber = ((await raw.json()) as { data: { results: { attribs: Record<string, unknown> }[] } }).data.results[0]!;
    assert.deepEqual(subscriber.attribs, { firstName: 'Jo', age: 31, print: true });

    assert.deepEqual(await driver.unsubscribe(email, [manga]), [manga]);
    assert.equal((await driver.statuses(email)).get(manga), 'unsubscribed');
    assert.deepEqual(await driver.unsubscribe(email, [manga]), [], 'already left');
    assert.deepEqual(await driver.unsubscribe(email, null), [deals]);

    const back = await driver.subscribe({ email, listIds: [manga], attributes: {} });
    assert.deepEqual(back.awaitingConfirmation, [manga]);
    assert.equal((await driver.statuses(email)).get(manga), 'unconfirmed');
    assert.deepEqual(await driver.unsubscribe(`nobody-${Date.now()}@example.com`, null), []);
  });

  it('says so when listmonk refuses the credentials', async () => {
    const wrong = new ListmonkNewsletters({ url: url!, username: 'listmonk', password: 'wrong', logger: testLogger });
    await assert.rejects(() => wrong.lists(), NewsletterServiceError);
  });
});

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { grantAdmin } from '@inkwell/account';
import { erasedUserToken, SERVICE_NAMES } from '@inkwell/platform';
import { rowsMentioning } from '@inkwell/platform/testing';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { waitForMail } from '../support/mailbox';
import { verifiedReader, type SignedInReader } from '../support/readers';
import { startTestStack, type TestStack } from '../support/stack';

// Answers are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A person as the shop knew them: every one of these must be gone after the erasure. */
interface Person {
  reader: SignedInReader;
  userId: string;
  firstName: string;
  surName: string;
  street: string;
  phone: string;
  postalCode: string;
}

/**
 * Issue 23's erasure, through the whole stack: a shopper who signed up, bought Digital and Print
 * with an address and phone, read a page, left a cart and got mails is erased by staff — by
 * `users/delete/{id}` (the account service) and, a second person, by
 * `user/deletesubscriptionandcustomer` (the order service) —; once every consumer has handled
 * `account.deleted`, every row of every table of every service's database is read as text and the
 * person's email, names, street, phone, postal code and user id are nowhere. Their orders are still
 * there with their totals (bookkeeping).
 */
describe('erasure of a person across every service', () => {
  let stack: TestStack;
  let adminToken: string;
  const ids = {} as Record<'series' | 'digital' | 'print' | 'other', number>;

  const call = async (method: string, route: string, { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; body: Json }> => {
    const response = await fetch(stack.url + route, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  const userIdOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sub as string;

  /** A verified shopper with an address of their own (unique words, so a match is theirs). */
  async function person(tag: string): Promise<Person> {
    const suffix = `${tag}${process.pid}`;
    const reader = await verifiedReader(stack, `erasure-${suffix}@example.com`, 'a long enough password 1');
    const zip = String(1000 + (process.pid % 8999)).padStart(4, '0');
    return {
      reader,
      userId: userIdOf(reader.accessToken),
      firstName: `Wilhelmina${tag}`,
      surName: `Quatermaine${tag}`,
      street: `48 Quillfeather ${tag} Lane`,
      phone: `+1 503 555 01${String(process.pid % 90 + 10)}`,
      postalCode: `97201-${zip}`,
    };
  }

  const addressOf = (who: Person) => ({
    firstName: who.firstName,
    surName: who.surName,
    country: 'US',
    address: who.street,
    locality: 'Portland',
    postalCode: who.postalCode,
    administrativeArea: 'OR',
    phoneNumber: who.phone,
    email: who.reader.email,
  });

  /** Buys what is in a new cart of these products (simulated card), waiting for the purchase to complete. */
  async function buy(who: Person, products: Array<{ id: number; print: boolean }>): Promise<Json> {
    const cartId = randomUUID();
    for (const product of products) {
      const page = (await call('GET', `/api/product/${product.id}`)).body.response;
      const variant = page.variants.find((item: Json) => item.type === (product.print ? 'Print' : 'Digital'));
      const added = await call('PATCH', `/api/cart/${cartId}`, { token: who.reader.accessToken, body: { productId: product.id, VariantId: variant.id, Amount: 1 } });
      assert.equal(added.status, 200, JSON.stringify(added.body.status));
    }
    const hasPrint = products.some((product) => product.print);
    const quoted = await call('POST', '/api/purchase-request', {
      token: who.reader.accessToken,
      body: { cartId, billingAddress: addressOf(who), ...(hasPrint ? { shippingAddress: addressOf(who) } : {}), paymentMethod: 'Card' },
    });
    assert.equal(quoted.status, 200, JSON.stringify(quoted.body.status));
    const purchaseId: string = quoted.body.response.id;
    const paid = await call('POST', '/api/order/purchase', { token: who.reader.accessToken, headers: { 'idempotency-key': randomUUID() }, body: { purchaseId, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' } });
    assert.equal(paid.status, 200, JSON.stringify(paid.body.status));
    let purchase = paid.body.response;
    for (let tries = 0; purchase.state !== 'Completed' && tries < 100; tries += 1) {
      await delay(100);
      purchase = (await call('GET', `/api/order/purchase/${purchaseId}`, { token: who.reader.accessToken })).body.response;
    }
    assert.equal(purchase.state, 'Completed');
    return purchase;
  }

  /** Every row of every table of every service's database, as text, that mentions one of `needles` (any case). */
  async function mentions(needles: string[]): Promise<string[]> {
    const found: string[] = [];
    for (const name of SERVICE_NAMES) found.push(...(await rowsMentioning(stack.service(name).context.db, needles)).map((line) => `${name} ${line}`));
    return found;
  }

  const traces = (who: Person) => [who.reader.email, who.userId, who.firstName, who.surName, who.street, who.phone, who.postalCode];

  beforeAll(async () => {
    stack = await startTestStack();
    const admin = await grantAdmin(stack.service('account').context.db, `erasure-staff-${process.pid}@example.com`);
    assert.ok(admin.created, 'a new admin account with its password');
    const login = await call('POST', '/api/account/token', { body: { UserName: admin.email, Password: admin.password } });
    assert.equal(login.status, 200);
    adminToken = login.body.response.access_token;
    const catalog = stack.service('catalog').context.db;
    ids.series = await createSeries(catalog, { title: 'Lanternfall', readableUrl: 'lanternfall' });
    ids.digital = await createProduct(catalog, { name: 'Lanternfall Vol. 1', readableUrl: 'lanternfall-volume-1', seriesId: ids.series, volumeNumber: 1, ingestCompleted: true, variants: [{ type: 'Digital', priceCents: 499 }] });
    ids.print = await createProduct(catalog, {
      name: 'Lanternfall Box Set',
      readableUrl: 'lanternfall-box-set',
      seriesId: ids.series,
      variants: [{ type: 'Print', priceType: 'Print', priceCents: 2999, cartLimit: 5, stock: { weight: 2.1, height: 7.6, width: 5.5, length: 4.1 } }],
    });
    ids.other = await createProduct(catalog, { name: 'Lanternfall Vol. 2', readableUrl: 'lanternfall-volume-2', seriesId: ids.series, volumeNumber: 2, ingestCompleted: true, variants: [{ type: 'Digital', priceCents: 599 }] });
    const pages = await Promise.all([0, 1, 2].map((n) => sharp({ create: { width: 600, height: 900, channels: 3, background: { r: 60 * n, g: 80, b: 140 } } }).png().toBuffer()));
    await stack.service('reader').exposed.pages.ingest(String(ids.digital), pages);
  }, 180_000);

  afterAll(() => stack?.stop());

  it('erases a shopper (users/delete) and another (user/deletesubscriptionandcustomer): their orders stay, they are nowhere', async () => {
    // Person A: Digital + Print with an address and phone, a page read, a cart left open, mails received.
    const a = await person('a');
    const bought = await buy(a, [
      { id: ids.digital, print: false },
      { id: ids.print, print: true },
    ]);
    await waitForMail(stack, { to: a.reader.email, subject: /order .* is confirmed/i });
    await stack.eventsDelivered(); // the reader has the grant
    const read = await call('PATCH', `/api/mycomics/${ids.digital}`, { token: a.reader.accessToken, body: { ReadingProgress: 1 } });
    assert.equal(read.status, 200, JSON.stringify(read.body.status));
    const page = (await call('GET', `/api/product/${ids.other}`)).body.response;
    const openCart = randomUUID();
    assert.equal((await call('PATCH', `/api/cart/${openCart}`, { token: a.reader.accessToken, body: { productId: ids.other, VariantId: page.variants[0].id, Amount: 1 } })).status, 200);

    // Staff wrote about them on the order: a note and the customer's name on the order record.
    const orderA: string = bought.orders[0].id;
    const note = await call('POST', '/api/dashboard/orders/addCustomNote', { token: adminToken, body: { orderId: orderA, logLevel: 'Info', message: `${a.firstName} ${a.surName} called from ${a.phone} about ${a.street}.` } });
    assert.equal(note.status, 200, JSON.stringify(note.body.status));
    const edited = await call('POST', `/api/dashboard/orders/${orderA}/edit`, { token: adminToken, body: { customerName: `${a.firstName} ${a.surName}` } });
    assert.equal(edited.status, 200, JSON.stringify(edited.body.status));

    // Person B: a Digital purchase with an address.
    const b = await person('b');
    const boughtB = await buy(b, [{ id: ids.other, print: false }]);
    await waitForMail(stack, { to: b.reader.email, subject: /order .* is confirmed/i });
    await stack.eventsDelivered();

    // Before: the person is there (the walk finds what it looks for).
    const before = await mentions(traces(a));
    for (const needle of traces(a)) assert.ok(before.some((line) => line.includes(`"${needle}"`)), `before the erasure, ${needle} is stored somewhere`);

    const ordersBefore = await stack.service('order').context.db.query<{ id: string; total_price: string }>('SELECT id, total_price FROM orders WHERE user_id = ANY($1::text[]) ORDER BY id', [[a.userId, b.userId]]);
    assert.equal(ordersBefore.rows.length, bought.orders.length + boughtB.orders.length);

    // Staff erase A from the Users area, and B through the order service's call.
    const erasedA = await call('POST', `/api/dashboard/users/delete/${a.userId}`, { token: adminToken });
    assert.equal(erasedA.status, 200, JSON.stringify(erasedA.body));
    const erasedB = await call('POST', '/api/user/deletesubscriptionandcustomer', { token: adminToken, body: { userId: b.userId } });
    assert.equal(erasedB.status, 200, JSON.stringify(erasedB.body));
    // A signed-in buyer's payment carries no email to the provider: no customer of theirs there (the simulated processor).
    assert.deepEqual(erasedB.body.response, { userId: b.userId, erased: true, paymentCustomersDeleted: 0 });

    await stack.eventsDelivered();
    const after = await mentions([...traces(a), ...traces(b)]);
    assert.deepEqual(after, [], 'the erased people are nowhere');

    // Bookkeeping: the orders are still there, with their totals, anonymised.
    const ordersAfter = await stack.service('order').context.db.query<{ id: string; total_price: string; user_id: string; email: string | null; anonymised_at: Date | null }>(
      'SELECT id, total_price, user_id, email, anonymised_at FROM orders WHERE id = ANY($1::uuid[]) ORDER BY id',
      [ordersBefore.rows.map((row) => row.id)],
    );
    assert.deepEqual(ordersAfter.rows.map((row) => [row.id, row.total_price]), ordersBefore.rows.map((row) => [row.id, row.total_price]));
    for (const row of ordersAfter.rows) {
      assert.match(row.user_id, /^erased:[0-9a-f]{32}$/);
      assert.equal(row.email, null);
      assert.ok(row.anonymised_at);
    }
    const staffView = await call('GET', `/api/dashboard/orders/${orderA}`, { token: adminToken });
    assert.equal(staffView.status, 200);
    assert.deepEqual([staffView.body.response.anonymised, staffView.body.response.customerName, staffView.body.response.notes.length], [true, null, 1], 'staff still see the order and their note, without the person');
    const billing = await stack.service('order').context.db.query<{ billing_address: Json }>('SELECT billing_address FROM purchases WHERE id = $1', [bought.id]);
    assert.deepEqual([billing.rows[0]!.billing_address.country, billing.rows[0]!.billing_address.administrativeArea], ['US', 'OR'], 'country and state kept for the tax records');

    // Staff's erasure through the order service is in its audit trail: who, when, under the token.
    const audit = await stack.service('order').context.db.query<{ entity_id: string; actor_id: string; at: Date }>("SELECT entity_id, actor_id, at FROM staff_audit WHERE entity = 'customer' AND action = 'erase'");
    assert.deepEqual(audit.rows.map((row) => [row.entity_id, row.actor_id]), [[erasedUserToken(b.userId), userIdOf(adminToken)]]);

    // A second erasure of the same person finds nothing left, and an unknown person is not erased.
    const again = await call('POST', '/api/user/deletesubscriptionandcustomer', { token: adminToken, body: { userId: b.userId } });
    assert.deepEqual([again.status, again.body.response], [200, { userId: b.userId, erased: false, paymentCustomersDeleted: 0 }]);
    await stack.eventsDelivered();
    assert.deepEqual(await mentions([...traces(a), ...traces(b)]), []);

    // The accounts are gone: their passwords sign nobody in (last: a failed sign-in is counted by the address tried).
    assert.notEqual((await call('POST', '/api/account/token', { body: { UserName: a.reader.email, Password: a.reader.password } })).status, 200);
  }, 240_000);

  it('refuses anonymous callers, readers, a body without a user id and staff erasing themselves; an unknown person is not erased, their orders still anonymised', async () => {
    const someone = randomUUID();
    assert.equal((await call('POST', '/api/user/deletesubscriptionandcustomer', { body: { userId: someone } })).status, 401);
    const reader = await person('c');
    assert.equal((await call('POST', '/api/user/deletesubscriptionandcustomer', { token: reader.reader.accessToken, body: { userId: someone } })).status, 403);
    const bad = await call('POST', '/api/user/deletesubscriptionandcustomer', { token: adminToken, body: { userId: 'not-a-uuid' } });
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body.status), /userId/);
    const missing = await call('POST', '/api/user/deletesubscriptionandcustomer', { token: adminToken, body: {} });
    assert.equal(missing.status, 400);
    const self = await call('POST', '/api/user/deletesubscriptionandcustomer', { token: adminToken, body: { userId: userIdOf(adminToken) } });
    assert.equal(self.status, 409);
    assert.equal(self.body.status.message, 'You cannot delete your own account from the dashboard.');
    const unknown = await call('POST', '/api/user/deletesubscriptionandcustomer', { token: adminToken, body: { userId: someone } });
    assert.deepEqual([unknown.status, unknown.body.response], [200, { userId: someone, erased: false, paymentCustomersDeleted: 0 }]);

    // Orders of an account that is gone already (no account to erase) are still anonymised.
    const orders = stack.service('order').context.db;
    const ghost = randomUUID();
    const purchase = await buy(reader, [{ id: ids.other, print: false }]);
    await orders.query('UPDATE purchases SET user_id = $1 WHERE id = $2', [ghost, purchase.id]);
    await orders.query('UPDATE orders SET user_id = $1 WHERE purchase_id = $2', [ghost, purchase.id]);
    const ghostly = await call('POST', '/api/user/deletesubscriptionandcustomer', { token: adminToken, body: { userId: ghost } });
    assert.deepEqual([ghostly.status, ghostly.body.response.erased], [200, false]);
    const left = await orders.query<{ user_id: string; anonymised: boolean }>('SELECT user_id, anonymised_at IS NOT NULL AS anonymised FROM orders WHERE purchase_id = $1', [purchase.id]);
    assert.deepEqual(left.rows, [{ user_id: erasedUserToken(ghost), anonymised: true }]);
    // The reader is untouched by all this.
    assert.equal((await call('GET', '/api/mycomics', { token: reader.reader.accessToken })).status, 200);
  }, 120_000);
});

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { grantAdmin } from '@inkwell/account';
import { SALES_SHEET_COLUMNS } from '@inkwell/contracts/dashboard-merchandising';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { verifiedReader } from '../support/readers';
import { startTestStack, type TestStack } from '../support/stack';

// Answers are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 22's acceptance, through the whole stack: a sales campaign made from a spreadsheet
 * (CreateFromCsv), published, and seen by a shopper — the sale price on the product page, in the
 * cart, and charged at checkout. It ends at its end instant and the full price returns without a
 * restart, and a purchase quoted before the end is charged as quoted.
 */
describe('a sales campaign from a spreadsheet, as a shopper meets it', () => {
  let stack: TestStack;
  let adminToken: string;
  let shopper: string;
  const ids = {} as Record<'series' | 'product', number>;

  const call = async (method: string, route: string, { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; body: Json }> => {
    const response = await fetch(stack.url + route, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  /** The product page's Digital variant as an anonymous visitor sees it (a cached read). */
  const digital = async () => (await call('GET', `/api/product/${ids.product}`)).body.response.variants.find((variant: Json) => variant.type === 'Digital');
  const address = { firstName: 'Sale', surName: 'Shopper', country: 'US', address: '1 Main Street', locality: 'Portland', postalCode: '97201', administrativeArea: 'OR', phoneNumber: '+1 503 555 0100', email: 'shopper@example.com' };

  beforeAll(async () => {
    stack = await startTestStack();
    const admin = await grantAdmin(stack.service('account').context.db, `sales-${process.pid}@example.com`);
    assert.ok(admin.created, 'a new admin account with its password');
    const login = await call('POST', '/api/account/token', { body: { UserName: admin.email, Password: admin.password } });
    assert.equal(login.status, 200);
    adminToken = login.body.response.access_token;
    const catalog = stack.service('catalog').context.db;
    ids.series = await createSeries(catalog, { title: 'Saltwind', readableUrl: 'saltwind', genres: ['Adventure'] });
    ids.product = await createProduct(catalog, { name: 'Saltwind Vol. 1', readableUrl: 'saltwind-volume-1', seriesId: ids.series, volumeNumber: 1, ingestCompleted: true, variants: [{ type: 'Digital', priceCents: 499 }] });
    shopper = (await verifiedReader(stack, `shopper-${process.pid}@example.com`, 'a long enough password 1')).accessToken;
  }, 120_000);

  afterAll(() => stack?.stop());

  it('sells at the campaign price while it runs, charges the quote, and returns to the full price at its end', async () => {
    assert.equal((await digital()).price, 499, 'full price before any campaign (and cached)');

    // A campaign from a CSV file (dashboard spec §7 CreateFromCsv), created as a Draft.
    const start = new Date(Date.now() - 60_000).toISOString();
    const farEnd = new Date(Date.now() + 3_600_000).toISOString();
    const row: Record<(typeof SALES_SHEET_COLUMNS)[number], string> = {
      Campaign: 'Saltwind weekend',
      Description: 'Volume 1 for less.',
      'Start Date (UTC)': start,
      'End Date (UTC)': farEnd,
      'Product Id': String(ids.product),
      'Product Name': 'Saltwind Vol. 1',
      'Series Id': String(ids.series),
      'Variant Id': '-1',
      Currency: 'USD',
      'Full Price': '4.99',
      'Discount Price': '2.99',
    };
    const csv = `${SALES_SHEET_COLUMNS.join(',')}\n${SALES_SHEET_COLUMNS.map((column) => row[column]).join(',')}\n`;
    const form = new FormData();
    form.append('file1', new Blob([csv], { type: 'text/csv' }), 'saltwind.csv');
    const upload = await fetch(`${stack.url}/api/dashboard/sales/CreateFromCsv`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
    const created = (await upload.json()) as Json;
    assert.equal(upload.status, 200, JSON.stringify(created));
    const [campaignId] = created.response.createdIds as number[];
    assert.ok(campaignId);
    const draft = await call('GET', `/api/dashboard/sales/getCampaignById/${campaignId}`, { token: adminToken });
    assert.deepEqual(draft.body.response.salesProducts.map((product: Json) => [product.productId, product.variantId, product.fullPrice, product.discountPrice]), [[ids.product, -1, 499, 299]]);
    assert.equal((await digital()).price, 499, 'a Draft campaign changes no price');

    // Published: the product page shows the sale at once (the event dropped the cached answer).
    assert.equal((await call('POST', `/api/dashboard/sales/publish/${campaignId}`, { token: adminToken })).status, 200);
    let shown = await digital();
    for (let tries = 0; shown.price !== 299 && tries < 100; tries += 1) {
      await delay(100);
      shown = await digital();
    }
    assert.deepEqual({ price: shown.price, fullPrice: shown.fullPrice, isOnSale: shown.isOnSale }, { price: 299, fullPrice: 499, isOnSale: true });
    const onSale = await call('GET', '/api/discover/v2?isOnSale=true');
    assert.ok(onSale.body.response.some((item: Json) => item.id === ids.product), '"On Sale" browse lists it');

    // In the cart, then quoted, at the sale price.
    const cartId = randomUUID();
    const added = await call('PATCH', `/api/cart/${cartId}`, { token: shopper, body: { productId: ids.product, VariantId: shown.id, Amount: 1 } });
    assert.equal(added.status, 200, JSON.stringify(added.body.status));
    const cart = await call('GET', `/api/cart/${cartId}`, { token: shopper });
    assert.deepEqual(cart.body.response.cartItems.map((item: Json) => [item.price, item.fullPrice, item.isOnSale]), [[299, 499, true]]);
    const quoted = await call('POST', '/api/purchase-request', { token: shopper, body: { cartId, billingAddress: address, paymentMethod: 'Card' } });
    assert.equal(quoted.status, 200, JSON.stringify(quoted.body.status));
    const purchaseId: string = quoted.body.response.id;
    const quotedItems = quoted.body.response.orders.flatMap((order: Json) => order.orderItems);
    assert.deepEqual(quotedItems.map((item: Json) => item.price), [299]);

    // The campaign now ends a few seconds ahead; the full price returns at that instant, without a
    // restart and without any event at the instant (a bounded wait, no timed assertion).
    const campaign = (await call('GET', `/api/dashboard/sales/getCampaignById/${campaignId}`, { token: adminToken })).body.response;
    const end = new Date(Date.now() + 6000);
    const altered = await call('POST', '/api/dashboard/sales/alter', {
      token: adminToken,
      body: {
        id: campaignId,
        name: campaign.name,
        description: campaign.description,
        startDate: campaign.startDate,
        endDate: end.toISOString(),
        salesProducts: campaign.salesProducts.map((product: Json) => ({ productId: product.productId, variantId: product.variantId, discountPrice: product.discountPrice })),
        includedSeries: [],
        expectedUpdatedAt: campaign.updatedAt,
      },
    });
    assert.equal(altered.status, 200, JSON.stringify(altered.body.status));
    assert.equal((await digital()).price, 299, 'still on sale before the end (cached again)');
    for (let tries = 0; (await digital()).price !== 499 && tries < 150; tries += 1) await delay(100);
    assert.ok(Date.now() > end.getTime(), 'the sale did not stop before its end instant');
    shown = await digital();
    assert.deepEqual({ price: shown.price, isOnSale: shown.isOnSale }, { price: 499, isOnSale: false });
    assert.ok(!(await call('GET', '/api/discover/v2?isOnSale=true')).body.response.some((item: Json) => item.id === ids.product), '"On Sale" browse follows');
    assert.deepEqual((await call('GET', `/api/cart/${cartId}`, { token: shopper })).body.response.cartItems.map((item: Json) => [item.price, item.isOnSale]), [[499, false]], 'the cart shows the full price again');

    // The purchase quoted during the sale is charged as quoted (simulated card processor).
    const paid = await call('POST', '/api/order/purchase', { token: shopper, headers: { 'idempotency-key': randomUUID() }, body: { purchaseId, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' } });
    assert.equal(paid.status, 200, JSON.stringify(paid.body.status));
    let purchase = paid.body.response;
    for (let tries = 0; purchase.state !== 'Completed' && tries < 100; tries += 1) {
      await delay(100);
      purchase = (await call('GET', `/api/order/purchase/${purchaseId}`, { token: shopper })).body.response;
    }
    assert.equal(purchase.state, 'Completed');
    assert.equal(purchase.amountDue, quoted.body.response.amountDue);
    assert.deepEqual(purchase.orders.flatMap((order: Json) => order.orderItems).map((item: Json) => item.price), [299], 'charged the sale price it was quoted');
    assert.equal((await call('GET', `/api/dashboard/sales/getCampaignById/${campaignId}`, { token: adminToken })).body.response.phase, 'Ended');
  }, 120_000);
});

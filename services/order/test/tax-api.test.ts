import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { address, createItems, fillCart, startOrder, tokenFor, type CatalogItems, type Json, type OrderHarness } from './support/harness';

/**
 * Issue 26's tax stumbles through the order service's API: New York City (ZIP 10118) pays the
 * combined 8.875 % on printed goods and shipping, not the state's 4 %; digital products pay nothing
 * in a state that does not tax them and the state's rate where it does; the order keeps the quote's tax.
 */
describe('sales tax: combined local rates, digital products by state, the quote is the order', () => {
  let harness: OrderHarness;
  let items: CatalogItems;
  const nyc = (overrides: Record<string, unknown> = {}) =>
    address({ address: '20 West 34th Street', locality: 'New York', postalCode: '10118', administrativeArea: 'NY', phoneNumber: '+1 212 555 0100', ...overrides });
  const philadelphia = () => address({ address: '1 Penn Square', locality: 'Philadelphia', postalCode: '19107', administrativeArea: 'PA', phoneNumber: '+1 215 555 0100' });
  const quote = (token: string, body: Record<string, unknown>) => harness.request('POST', '/api/purchase-request', { token, body });
  const rate = (query: string) => harness.request('GET', `/api/order/shipping/getSalesTax/?${query}`);

  beforeAll(async () => {
    harness = await startOrder();
    items = await createItems(harness.catalogDb);
  }, 90_000);
  afterAll(() => harness?.close());

  it('answers the rate of a ZIP code where the table has a local one, the state\'s elsewhere, and the rate on digital items', async () => {
    const city = await rate('CountryCode=US&AdministrativeArea=NY&PostalCode=10118');
    assert.equal(city.status, 200, JSON.stringify(city.body));
    assert.deepEqual(
      { rate: city.body.response.rate, digitalRate: city.body.response.digitalRate, locality: city.body.response.locality },
      { rate: 0.08875, digitalRate: 0, locality: 'New York City' },
    );
    const state = await rate('CountryCode=US&AdministrativeArea=NY');
    assert.deepEqual([state.body.response.rate, state.body.response.digitalRate, state.body.response.locality], [0.04, 0, null]);
    const pennsylvania = await rate('CountryCode=US&AdministrativeArea=PA&PostalCode=19107');
    assert.deepEqual([pennsylvania.body.response.rate, pennsylvania.body.response.digitalRate], [0.06, 0.06]);
    // Bad inputs: a 4xx naming the field.
    const unknown = await rate('CountryCode=US&AdministrativeArea=ZZ&PostalCode=10118');
    assert.deepEqual([unknown.status, unknown.body.status.message], [400, 'Could not calculate tax']);
    const long = await rate(`CountryCode=US&AdministrativeArea=NY&PostalCode=${'1'.repeat(21)}`);
    assert.equal(long.status, 400);
    assert.match(JSON.stringify(long.body.status), /PostalCode/);
    const missing = await rate('AdministrativeArea=NY');
    assert.equal(missing.status, 400);
  });

  it('New York City: 8.875 % on the printed box set and its shipping, nothing on the digital volume; the paid order keeps the quoted tax', async () => {
    const userId = `nyc-${randomUUID()}`;
    const token = await tokenFor(userId);
    const cartId = await fillCart(harness, token, [items.digital, items.print]);
    const answer = await quote(token, { cartId, billingAddress: nyc(), shippingAddress: nyc(), paymentMethod: 'Card' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const purchase = answer.body.response;
    const lines = purchase.orders.flatMap((order: Json) => order.orderItems);
    const digital = lines.find((line: Json) => line.distributionType === 'Digital');
    const print = lines.find((line: Json) => line.distributionType === 'Print');
    assert.equal(digital.tax, 0, 'New York does not tax digital products');
    assert.equal(print.tax, Math.round(4999 * 0.08875 * 100) / 100, 'the combined New York City rate, not the state\'s 4 %');
    const shipping = purchase.shippingMethod.totalPrice;
    const expected = Math.round((4999 + shipping) * 0.08875 * 100) / 100;
    assert.ok(Math.abs(purchase.totalPriceDetails.taxes - expected) < 0.02, `${purchase.totalPriceDetails.taxes} ≈ ${expected}`);

    const paid = await harness.request('POST', '/api/order/purchase', {
      token,
      body: { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa', totalPrice: purchase.totalPrice },
      headers: { 'idempotency-key': randomUUID() },
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const orders = (await harness.request('GET', '/api/order/', { token })).body.response.Orders as Json[];
    assert.equal(orders.length, purchase.orders.length);
    const orderTaxes = orders.reduce((sum, order) => sum + order.priceDetails.taxes, 0);
    assert.ok(Math.abs(orderTaxes - purchase.totalPriceDetails.taxes) < 0.0001, `orders ${orderTaxes} = quote ${purchase.totalPriceDetails.taxes}`);
    const orderLines = orders.flatMap((order) => order.orderItems as Json[]);
    assert.deepEqual(
      orderLines.map((line) => [line.distributionType, line.tax]).sort(),
      lines.map((line: Json) => [line.distributionType, line.tax]).sort(),
      'each order line keeps its quoted tax',
    );
  });

  it('a digital volume alone: no tax with a New York billing address, Pennsylvania\'s 6 % with a Pennsylvania one', async () => {
    const token = await tokenFor(`digital-${randomUUID()}`);
    const cartId = await fillCart(harness, token, [items.digital]);
    const inNewYork = await quote(token, { cartId, billingAddress: nyc(), paymentMethod: 'Card' });
    assert.equal(inNewYork.status, 200, JSON.stringify(inNewYork.body));
    assert.equal(inNewYork.body.response.totalPriceDetails.taxes, 0);
    const inPennsylvania = await quote(token, { cartId, billingAddress: philadelphia(), paymentMethod: 'Card' });
    assert.equal(inPennsylvania.status, 200, JSON.stringify(inPennsylvania.body));
    assert.equal(inPennsylvania.body.response.totalPriceDetails.taxes, Math.round(999 * 0.06 * 100) / 100);
  });

  it('refuses a state the country does not have, on the address field, changing nothing', async () => {
    const token = await tokenFor(`bad-${randomUUID()}`);
    const cartId = await fillCart(harness, token, [items.digital]);
    const bad = await quote(token, { cartId, billingAddress: nyc({ administrativeArea: 'ZZ' }), paymentMethod: 'Card' });
    assert.equal(bad.status, 400);
    assert.ok((bad.body.status.problems as Json[]).some((problem) => String(problem.field).startsWith('billingAddress')), JSON.stringify(bad.body.status));
  });
});

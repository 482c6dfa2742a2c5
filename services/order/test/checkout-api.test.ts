import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createEnvelope } from '@inkwell/platform';
import { releaseDueOrders } from '../src';
import { submitPurchase } from '../src/routes/submit-purchase';
import { address, createItems, fillCart, startOrder, tokenFor, waitFor, type CatalogItems, type Json, type OrderHarness } from './support/harness';

describe('checkout: purchase requests, paying once, orders (order service with cart, catalog and reader)', () => {
  let harness: OrderHarness;
  let items: CatalogItems;

  const quote = (token: string | undefined, body: Record<string, unknown>) => harness.request('POST', '/api/purchase-request', { ...(token ? { token } : {}), body });
  const pay = (token: string | undefined, body: Record<string, unknown>, key: string | null = randomUUID()) =>
    harness.request('POST', '/api/order/purchase', { ...(token ? { token } : {}), body, headers: key === null ? {} : { 'idempotency-key': key } });
  const charges = async (purchaseId: string) => {
    const { rows } = await harness.order.context.db.query<{ count: string }>("SELECT count(*) FROM simulated_processor.payments WHERE purchase_id = $1 AND status = 'succeeded'", [purchaseId]);
    return Number(rows[0]!.count);
  };

  beforeAll(async () => {
    harness = await startOrder();
    items = await createItems(harness.catalogDb);
  }, 90_000);
  afterAll(() => harness?.close());

  it('lists countries US first, then CA, then the rest; states; sales tax, and refuses what it cannot tax', async () => {
    const countries = await harness.request('GET', '/api/order/shippingCountries');
    assert.equal(countries.status, 200);
    assert.deepEqual(countries.body.response.slice(0, 2).map((country: Json) => country.countryCode), ['US', 'CA']);
    assert.ok(countries.body.response[0].states.some((state: Json) => state.code === 'NY'));
    const states = await harness.request('GET', '/api/order/shippingStates?countryCode=CA');
    assert.ok(states.body.response.some((state: Json) => state.code === 'BC'));
    const noStates = await harness.request('GET', '/api/order/shippingStates?countryCode=ZZ');
    assert.equal(noStates.status, 400);
    assert.deepEqual(noStates.body.status.problems, [{ field: 'countryCode', message: 'We do not ship to "ZZ". Choose a country from the list.' }]);
    const tax = await harness.request('GET', '/api/order/shipping/getSalesTax/?CountryCode=CA&AdministrativeArea=BC');
    assert.equal(tax.status, 200);
    assert.equal(tax.body.response.rate, 0.12);
    const unknown = await harness.request('GET', '/api/order/shipping/getSalesTax/?CountryCode=US&AdministrativeArea=XX');
    assert.deepEqual([unknown.status, unknown.body.status.message], [400, 'Could not calculate tax']);
  });

  it('tells the storefront its payment processor: the simulated one by default, with no key to load', async () => {
    const answer = await harness.request('GET', '/api/order/payment-config');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.response, { provider: 'simulated', publishableKey: null, methods: ['Card', 'PayPal', 'GooglePay', 'ApplePay'], testCards: true }, 'not a production run: the test cards may be shown');
  });

  it('prices a cart of a Digital volume and a Print box set: shipping rates, tax, totals at 4-decimal precision; nothing charged', async () => {
    const token = await tokenFor('buyer-quote');
    const cartId = await fillCart(harness, token, [items.digital, items.print]);
    const answer = await quote(token, { cartId, billingAddress: address(), shippingAddress: address(), paymentMethod: 'Card' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const purchase = answer.body.response;
    assert.equal(purchase.state, 'Quoted');
    assert.equal(purchase.totalPriceDetails.netPrice, 999 + 4999);
    assert.ok(purchase.shippingRates.length > 0);
    assert.deepEqual(purchase.shippingMethod, purchase.shippingRates[0], 'the cheapest rate by default');
    assert.equal(purchase.orders.length, 1);
    assert.equal(purchase.orders[0].status, 'PendingPayment');
    // California's rate, on goods and shipping.
    const { rate } = (await harness.request('GET', '/api/order/shipping/getSalesTax/?CountryCode=US&AdministrativeArea=CA')).body.response;
    assert.ok(rate > 0.07 && rate < 0.1, String(rate));
    // California does not tax digital products (issue 26): the Digital volume pays none.
    const expectedTax = Math.round((4999 + purchase.shippingMethod.totalPrice) * rate * 100) / 100;
    assert.ok(Math.abs(purchase.totalPriceDetails.taxes - expectedTax) < 0.02, `${purchase.totalPriceDetails.taxes} ≈ ${expectedTax}`);
    assert.equal(purchase.totalPrice, Math.round((999 + 4999 + purchase.shippingMethod.totalPrice + purchase.totalPriceDetails.taxes) * 100) / 100);
    assert.equal(purchase.amountDue, Math.round(purchase.totalPrice));
    assert.equal(await charges(purchase.id), 0);
    // A chosen class is priced; an unknown one refused.
    const express = purchase.shippingRates.at(-1);
    const chosen = await quote(token, { cartId, billingAddress: address(), shippingAddress: address(), shippingMethod: express.mailClass });
    assert.deepEqual(chosen.body.response.shippingMethod, express);
    const bad = await quote(token, { cartId, billingAddress: address(), shippingAddress: address(), shippingMethod: 'Teleport' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.status.message, /Teleport/);
    // The cart is still the shopper's to change.
    assert.equal((await harness.cartRequest('GET', `/api/cart/${cartId}`, { token })).body.response.status, 'Open');
  });

  it('answers every bad address, coupon and cart with a 4xx that says what to fix', async () => {
    const token = await tokenFor('buyer-bad');
    const cartId = await fillCart(harness, token, [items.print]);
    const blank = await quote(token, { cartId, billingAddress: address({ firstName: ' ', postalCode: '' }), shippingAddress: address() });
    assert.equal(blank.status, 400);
    assert.equal(blank.body.status.message, 'Missing first name');
    assert.deepEqual(blank.body.status.problems, [
      { field: 'billingAddress.firstName', message: 'Missing first name' },
      { field: 'billingAddress.postalCode', message: 'Missing ZIP code' },
    ]);
    const noShipping = await quote(token, { cartId, billingAddress: address() });
    assert.equal(noShipping.body.status.message, 'Enter a shipping address for the printed items.');
    assert.deepEqual(noShipping.body.status.problems, [{ field: 'shippingAddress', message: 'Enter a shipping address for the printed items.' }]);
    const noState = await quote(token, { cartId, billingAddress: address(), shippingAddress: address({ administrativeArea: '' }) });
    assert.equal(noState.body.status.message, 'Missing state');
    assert.deepEqual(noState.body.status.problems, [{ field: 'shippingAddress.administrativeArea', message: 'Missing state' }]);
    const badEmail = await quote(token, { cartId, billingAddress: address(), shippingAddress: address({ email: 'ada@example..com' }) });
    assert.deepEqual([badEmail.status, badEmail.body.status.problems], [400, [{ field: 'shippingAddress.email', message: 'Please enter a valid email.' }]]);
    const unknownCountry = await quote(token, { cartId, billingAddress: address(), shippingAddress: address({ country: 'XX' }) });
    assert.equal(unknownCountry.status, 400);
    assert.deepEqual(unknownCountry.body.status.problems, [{ field: 'shippingAddress.country', message: 'We do not ship to "XX". Choose a country from the list.' }]);
    const coupon = await quote(token, { cartId, billingAddress: address(), shippingAddress: address(), couponCode: 'NOSUCHCODE' });
    assert.equal(coupon.status, 400);
    assert.match(coupon.body.status.message, /NOSUCHCODE/);
    assert.deepEqual(coupon.body.status.problems, [{ field: 'couponCode', message: coupon.body.status.message }]);
    const malformed = await quote(token, { cartId: 'not-a-cart', billingAddress: address() });
    assert.equal(malformed.status, 400);
    // (A new cart of the same account would take in its open cart: someone with none.)
    const empty = await quote(await tokenFor('buyer-empty'), { cartId: randomUUID(), billingAddress: address() });
    assert.deepEqual([empty.status, empty.body.status.message], [400, 'Your cart is empty.']);
    assert.deepEqual(empty.body.status.problems, [{ field: 'cartId', message: 'Your cart is empty.' }]);
    const notYours = await quote(await tokenFor('someone-else'), { cartId, billingAddress: address(), shippingAddress: address() });
    assert.equal(notYours.status, 403);
    const guestNoEmail = await quote(undefined, { cartId: await fillCart(harness, undefined, [items.digital]), billingAddress: address({ email: '' }) });
    assert.equal(guestNoEmail.status, 400);
  });

  it('pays with the simulated card: orders complete, the Digital volume is owned, the cart closes, orders list with labels', async () => {
    const userId = 'buyer-paid';
    const token = await tokenFor(userId);
    const cartId = await fillCart(harness, token, [items.digital, { ...items.print, amount: 2 }]);
    const purchase = (await quote(token, { cartId, billingAddress: address(), shippingAddress: address(), paymentMethod: 'Card' })).body.response;
    const paid = await pay(token, { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa', totalPrice: purchase.totalPrice });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(paid.body.response.state, 'Completed');
    assert.equal(paid.body.response.payment.status, 'succeeded');
    assert.equal(paid.body.response.orders[0].status, 'PendingProcessing', 'Print waits for fulfilment');
    await waitFor(async () => (await harness.owned(userId)).includes(items.digital.productId), 'the reader to grant the volume');
    assert.equal(await charges(purchase.id), 1);
    const { rows } = await harness.order.context.db.query<{ amount: string }>('SELECT amount FROM simulated_processor.payments WHERE purchase_id = $1', [purchase.id]);
    assert.equal(Number(rows[0]!.amount), purchase.amountDue);
    // The cart is closed: the storefront starts a new one.
    const cart = await harness.cartRequest('GET', `/api/cart/${cartId}`, { token });
    assert.equal(cart.body.response.status, 'Closed');
    assert.equal((await harness.cartRequest('PATCH', `/api/cart/${cartId}`, { token, body: { productId: items.print.productId, VariantId: items.print.variantId, Amount: 1 } })).status, 409);
    const orders = await harness.request('GET', '/api/order/', { token });
    assert.equal(orders.status, 200);
    assert.equal(orders.body.response.Count, 1);
    assert.equal(orders.body.response.Orders[0].statusLabel, 'Pending Processing');
    assert.equal(orders.body.response.Orders[0].orderItems.length, 2);
    const one = await harness.request('GET', `/api/order/${orders.body.response.Orders[0].id}`, { token });
    assert.equal(one.status, 200);
    assert.equal((await harness.request('GET', `/api/order/${orders.body.response.Orders[0].id}`, { token: await tokenFor('nosy') })).status, 404);
    assert.equal((await harness.request('GET', '/api/order/', { token: await tokenFor('nosy') })).body.response.Count, 0);
    // Paying the completed purchase again, with a new key, charges nothing.
    const again = await pay(token, { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' });
    assert.equal(again.status, 409);
    assert.equal(await charges(purchase.id), 1);
  });

  it('a declined card leaves the cart to the shopper and says why; a good card then pays', async () => {
    const userId = 'buyer-declined';
    const token = await tokenFor(userId);
    const cartId = await fillCart(harness, token, [items.digital]);
    const purchase = (await quote(token, { cartId, billingAddress: address(), paymentMethod: 'Card' })).body.response;
    const declined = await pay(token, { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_chargeDeclined' });
    assert.equal(declined.status, 400);
    assert.equal(declined.body.status.type, 'CardError');
    assert.ok(declined.body.status.message.length > 10);
    assert.deepEqual(declined.body.status.problems, [{ field: 'StripeNonce', message: declined.body.status.message }]);
    assert.equal((await harness.cartRequest('GET', `/api/cart/${cartId}`, { token })).body.response.status, 'Open');
    assert.deepEqual(await harness.owned(userId), []);
    const good = await pay(token, { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: '4242424242424242' });
    assert.equal(good.status, 200, JSON.stringify(good.body));
    assert.equal(good.body.response.state, 'Completed');
    await waitFor(async () => (await harness.owned(userId)).includes(items.digital.productId), 'the grant');
  });

  it('answers a repeat of one key with the first answer, refuses the key with another body, and asks for a key and a method', async () => {
    const token = await tokenFor('buyer-keys');
    const cartId = await fillCart(harness, token, [items.digital]);
    const purchase = (await quote(token, { cartId, billingAddress: address() })).body.response;
    assert.equal((await pay(token, { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' }, null)).status, 400, 'no Idempotency-Key');
    const noMethod = await pay(token, { purchaseId: purchase.id });
    assert.deepEqual([noMethod.status, noMethod.body.status.message], [400, 'Payment method not implemented']);
    assert.deepEqual(noMethod.body.status.problems, [{ field: 'paymentMethod', message: 'Payment method not implemented' }]);
    const tampered = await pay(token, { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa', totalPrice: 1 });
    assert.equal(tampered.status, 409);
    assert.deepEqual(tampered.body.status.problems.map((item: Json) => item.field), ['totalPrice']);
    const key = randomUUID();
    const first = await pay(token, { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' }, key);
    const repeat = await pay(token, { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' }, key);
    assert.deepEqual([first.status, repeat.status], [200, 200]);
    assert.deepEqual(repeat.body, first.body);
    const other = await pay(token, { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_chargeDeclined' }, key);
    assert.deepEqual([other.status, other.body.status.type], [409, 'IdempotencyError']);
    assert.equal(await charges(purchase.id), 1);
    // Another account cannot see or pay it.
    assert.equal((await pay(await tokenFor('thief'), { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' })).status, 404);
  });

  it('1,000 concurrent submissions of one purchase with one key: one charge, one set of orders, one grant', { timeout: 120_000 }, async () => {
    const userId = 'buyer-rush';
    const token = await tokenFor(userId);
    const cartId = await fillCart(harness, token, [items.digital]);
    const purchase = (await quote(token, { cartId, billingAddress: address() })).body.response;
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 1000 }, () => pay(token, { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' }, key)));
    const statuses = new Map<number, number>();
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    assert.deepEqual([...statuses], [[200, 1000]]);
    assert.equal(await charges(purchase.id), 1);
    const { rows } = await harness.order.context.db.query<{ count: string }>("SELECT count(*) FROM orders WHERE purchase_id = $1 AND status = 'Completed'", [purchase.id]);
    assert.equal(Number(rows[0]!.count), 1);
    await waitFor(async () => (await harness.owned(userId)).includes(items.digital.productId), 'the grant');
    const events = await harness.order.context.db.query<{ count: string }>("SELECT count(*) FROM outbox WHERE type = 'order.completed' AND data->>'userId' = $1", [userId]);
    assert.equal(Number(events.rows[0]!.count), 1);
  });

  it('refuses to charge for a cart that changed after the quote, and gives the cart back', async () => {
    const token = await tokenFor('buyer-changed');
    const cartId = await fillCart(harness, token, [items.print]);
    const purchase = (await quote(token, { cartId, billingAddress: address(), shippingAddress: address(), paymentMethod: 'Card' })).body.response;
    await harness.cartRequest('PATCH', `/api/cart/${cartId}`, { token, body: { productId: items.print.productId, VariantId: items.print.variantId, Amount: 1 } });
    const answer = await pay(token, { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' });
    assert.deepEqual([answer.status, answer.body.status.message], [409, 'Your cart changed while you were paying. Check it and try again.']);
    assert.equal(await charges(purchase.id), 0);
    assert.equal((await harness.cartRequest('GET', `/api/cart/${cartId}`, { token })).body.response.status, 'Open');
  });

  it('a free order needs no payment and completes at once', async () => {
    const userId = 'buyer-free';
    const token = await tokenFor(userId);
    const cartId = await fillCart(harness, token, [items.free]);
    const purchase = (await quote(token, { cartId, billingAddress: address() })).body.response;
    assert.deepEqual([purchase.isFree, purchase.amountDue, purchase.paymentMethod], [true, 0, null]);
    const answer = await pay(token, { purchaseId: purchase.id });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual([answer.body.response.state, answer.body.response.payment.status], ['Completed', 'not_required']);
    await waitFor(async () => (await harness.owned(userId)).includes(items.free.productId), 'the grant');
  });

  it('a card that needs the extra step goes to the provider page and completes when authorised', async () => {
    const userId = 'buyer-3ds';
    const token = await tokenFor(userId);
    const cartId = await fillCart(harness, token, [items.digital]);
    const purchase = (await quote(token, { cartId, billingAddress: address() })).body.response;
    const answer = await pay(token, { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_authenticationRequired', returnUrl: '/checkout/' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.response.state, 'RequiresAction');
    const redirect = new URL(answer.body.response.payment.redirectUrl, 'http://store.test');
    const page = await harness.app.inject({ method: 'GET', url: redirect.pathname });
    assert.equal(page.statusCode, 200);
    const back = await harness.app.inject({ method: 'POST', url: redirect.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=authorise' });
    assert.equal(back.statusCode, 303);
    const returned = new URL(String(back.headers.location), 'http://store.test');
    assert.equal(returned.pathname, '/checkout/');
    const paymentId = returned.searchParams.get('payment_intent');
    assert.ok(paymentId);
    const settled = await harness.request('GET', `/api/order/purchaseFromPaymentIntent/${paymentId}`, { token });
    assert.equal(settled.status, 200);
    assert.equal(settled.body.response.state, 'Completed');
    await waitFor(async () => (await harness.owned(userId)).includes(items.digital.productId), 'the grant');
    assert.equal(await charges(purchase.id), 1);
  });

  it('a pre-order is charged now, Scheduled, and completes by itself on its release day', async () => {
    const userId = 'buyer-preorder';
    const token = await tokenFor(userId);
    const cartId = await fillCart(harness, token, [items.preorder, items.digital]);
    const purchase = (await quote(token, { cartId, billingAddress: address(), paymentMethod: 'Card' })).body.response;
    assert.equal(purchase.orders.length, 2, 'split by release');
    const answer = await pay(token, { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const statuses = answer.body.response.orders.map((order: Json) => order.status).sort();
    assert.deepEqual(statuses, ['Completed', 'Scheduled']);
    await waitFor(async () => (await harness.owned(userId)).includes(items.digital.productId), 'the volume out now');
    assert.ok(!(await harness.owned(userId)).includes(items.preorder.productId), 'not before its day');
    const scheduled = answer.body.response.orders.find((order: Json) => order.status === 'Scheduled');
    harness.setNow(new Date(new Date(scheduled.scheduleDate).getTime() + 3_600_000));
    try {
      await releaseDueOrders(harness.order.exposed.checkout, 50);
    } finally {
      harness.setNow(new Date());
    }
    await waitFor(async () => (await harness.owned(userId)).includes(items.preorder.productId), 'the pre-order on its day');
    const order = await harness.request('GET', `/api/order/${scheduled.id}`, { token });
    assert.equal(order.body.response.status, 'Completed');
  });

  it('a guest buys with an email; the purchase joins the account when that email signs up and is verified', async () => {
    const cartId = await fillCart(harness, undefined, [items.digital]);
    const purchase = (await quote(undefined, { cartId, email: 'Guest.Reader@example.com', billingAddress: address({ email: 'guest.reader@example.com' }), paymentMethod: 'Card' })).body.response;
    assert.deepEqual([purchase.userId, purchase.email, purchase.guestId], [null, 'Guest.Reader@example.com', cartId]);
    const paid = await pay(undefined, { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' });
    assert.equal(paid.body.response.state, 'Completed');
    // Only its buyer (here: whoever holds the purchase id as a guest) sees it; an account does not own it yet.
    const userId = 'verified-guest';
    assert.deepEqual(await harness.owned(userId), []);
    await harness.bus.publish(createEnvelope('account', { type: 'account.verified', key: userId, data: { userId, email: 'guest.reader@example.com' } }));
    await waitFor(async () => (await harness.owned(userId)).includes(items.digital.productId), 'the guest purchase to join the account');
    const orders = await harness.request('GET', '/api/order/', { token: await tokenFor(userId) });
    assert.equal(orders.body.response.Count, 1);
  });

  it('a full refund at the processor cancels the order and takes the volume back', async () => {
    const userId = 'buyer-refunded';
    const token = await tokenFor(userId);
    const cartId = await fillCart(harness, token, [items.digital]);
    const purchase = (await quote(token, { cartId, billingAddress: address(), paymentMethod: 'Card' })).body.response;
    const paid = (await pay(token, { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' })).body.response;
    await waitFor(async () => (await harness.owned(userId)).includes(items.digital.productId), 'the grant');
    const refund = await harness.order.exposed.payments.refund({ paymentId: paid.payment.paymentId, amount: paid.amountDue, idempotencyKey: randomUUID() });
    assert.equal(refund.status, 'succeeded');
    await waitFor(async () => !(await harness.owned(userId)).includes(items.digital.productId), 'the volume taken back');
    const order = (await harness.request('GET', `/api/order/${paid.orders[0].id}`, { token })).body.response;
    assert.equal(order.status, 'Cancelled');
    assert.equal(order.orderRefund.amount, paid.orders[0].totalPrice);
  });

  it('a coupon with one use left, two buyers paying at once: one uses it; the other is refused before a charge or refunded in full', async () => {
    const admin = await tokenFor('staff-coupons', ['admin']);
    const created = await harness.cartRequest('POST', '/api/dashboard/coupons', { token: admin, body: { code: 'LASTONE', kind: 'Percent', value: 10, usageCap: 1 } });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const buyers = ['coupon-first', 'coupon-second'];
    const purchases: Json[] = [];
    for (const userId of buyers) {
      const token = await tokenFor(userId);
      const quoted = await quote(token, { cartId: await fillCart(harness, token, [items.digital]), billingAddress: address(), couponCode: 'lastone', paymentMethod: 'Card' });
      assert.equal(quoted.status, 200, JSON.stringify(quoted.body));
      assert.equal(quoted.body.response.couponSaveAmount, 99.9);
      purchases.push(quoted.body.response);
    }
    await Promise.all(buyers.map(async (userId, index) => pay(await tokenFor(userId), { purchaseId: purchases[index].id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' })));
    const states = [];
    for (const [index, userId] of buyers.entries()) {
      const purchase = (await harness.request('GET', `/api/order/purchase/${purchases[index].id}`, { token: await tokenFor(userId) })).body.response;
      const { rows } = await harness.order.context.db.query<{ amount: string; amount_refunded: string }>("SELECT amount, amount_refunded FROM simulated_processor.payments WHERE purchase_id = $1 AND status = 'succeeded'", [purchase.id]);
      const charged = rows.reduce((sum, row) => sum + Number(row.amount) - Number(row.amount_refunded), 0);
      states.push(purchase.state);
      if (purchase.state === 'Completed') assert.equal(charged, purchase.amountDue);
      else assert.equal(charged, 0, `${purchase.state}: nothing kept of a charge`);
    }
    assert.equal(states.filter((state) => state === 'Completed').length, 1, states.join(', '));
    const { rows } = await harness.cart.context.db.query<{ times_used: number }>("SELECT times_used FROM coupons WHERE code = 'LASTONE'");
    assert.equal(rows[0]!.times_used, 1);
  });

  it('compensates a paid purchase that cannot be completed (its coupon gone by then): refunded in full, orders Cancelled, nothing owned', async () => {
    const admin = await tokenFor('staff-coupons', ['admin']);
    assert.equal((await harness.cartRequest('POST', '/api/dashboard/coupons', { token: admin, body: { code: 'VANISHING', kind: 'Fixed', value: 100 } })).status, 200);
    const userId = 'buyer-compensated';
    const token = await tokenFor(userId);
    const purchase = (await quote(token, { cartId: await fillCart(harness, token, [items.digital]), billingAddress: address(), couponCode: 'VANISHING', paymentMethod: 'Card' })).body.response;
    // Staff disable the coupon just as the charge goes through, before any completion can redeem it
    // (whichever completes it: this request, or the processor's payment event).
    const real = harness.order.exposed.checkout;
    const payments = real.payments;
    const checkout = {
      ...real,
      payments: {
        kind: payments.kind,
        publicConfig: () => payments.publicConfig(),
        retrievePayment: (paymentId: string) => payments.retrievePayment(paymentId),
        refund: (input: Parameters<typeof payments.refund>[0]) => payments.refund(input),
        deleteCustomer: (input: Parameters<typeof payments.deleteCustomer>[0]) => payments.deleteCustomer(input),
        parseWebhook: (body: string | Buffer, signature: string | undefined) => payments.parseWebhook(body, signature),
        createPayment: async (input: Parameters<typeof payments.createPayment>[0]) => {
          const result = await payments.createPayment(input);
          await harness.cart.context.db.query("UPDATE coupons SET disabled_at = now() WHERE code = 'VANISHING'");
          return result;
        },
      },
    };
    const answer = await submitPurchase(checkout, { userId, country: undefined }, randomUUID(), { purchaseId: purchase.id, paymentMethod: 'Card', StripeNonce: 'pm_card_visa' });
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.envelope.response!.state, 'Compensated');
    assert.equal(answer.envelope.response!.orders[0]!.status, 'Cancelled');
    const { rows } = await harness.order.context.db.query<{ amount: string; amount_refunded: string }>('SELECT amount, amount_refunded FROM simulated_processor.payments WHERE purchase_id = $1', [purchase.id]);
    assert.equal(Number(rows[0]!.amount_refunded), Number(rows[0]!.amount), 'the charge refunded in full');
    // The reader has both the grant of the moment it was paid and its refund, and owns nothing.
    const orderId = answer.envelope.response!.orders[0]!.id;
    const facts = async (table: string) => (await harness.reader.context.db.query(`SELECT 1 FROM ${table} WHERE order_id = $1`, [orderId])).rowCount ?? 0;
    await waitFor(async () => (await facts('entitlement_purchases')) > 0 && (await facts('entitlement_refunds')) > 0, 'the grant and its refund at the reader');
    assert.deepEqual(await harness.owned(userId), []);
    assert.equal((await harness.cartRequest('GET', `/api/cart/${purchase.cartId}`, { token })).body.response.status, 'Closed');
  });

  it('refuses a webhook whose signature is missing or wrong', async () => {
    const unsigned = await harness.app.inject({ method: 'POST', url: '/api/order/payments/webhook', headers: { 'content-type': 'application/json' }, payload: '{"id":"evt_1"}' });
    assert.equal(unsigned.statusCode, 400);
    const forged = await harness.app.inject({ method: 'POST', url: '/api/order/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' }, payload: '{"id":"evt_1"}' });
    assert.equal(forged.statusCode, 400);
  });
});

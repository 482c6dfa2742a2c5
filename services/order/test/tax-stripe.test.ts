import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, freePort } from '@inkwell/platform';
import { skipBecause } from '@inkwell/platform/testing';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CouldNotCalculateTaxError } from '../src/domain';
import { createTaxCalculator, EmbeddedTaxCalculator, STRIPE_TAX_CODES, StripeTaxCalculator, TaxUnavailableError, type TaxRequest } from '../src/drivers/tax';

const AT = new Date('2026-11-25T12:00:00Z');
const nycPurchase: TaxRequest = {
  destination: { country: 'US', administrativeArea: 'NY', postalCode: '10118', city: 'New York', line1: '20 West 34th Street' },
  addressSource: 'shipping',
  lines: [{ amount: 4999, distributionType: 'Print' }],
  shipping: 985,
  currency: 'USD',
  at: AT,
};

describe('choosing the tax driver', () => {
  it('is the embedded table unless TAX_DRIVER=stripe; Stripe needs a secret key; an unknown driver stops the start', () => {
    assert.ok(createTaxCalculator({}) instanceof EmbeddedTaxCalculator);
    assert.ok(createTaxCalculator({ TAX_DRIVER: 'embedded', STRIPE_SECRET_KEY: 'sk_test_1' }) instanceof EmbeddedTaxCalculator);
    assert.ok(createTaxCalculator({ TAX_DRIVER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' }) instanceof StripeTaxCalculator);
    assert.throws(() => createTaxCalculator({ TAX_DRIVER: 'stripe' }), (error: Error) => error instanceof ConfigError && /STRIPE_SECRET_KEY/.test(error.message));
    assert.throws(() => createTaxCalculator({ TAX_DRIVER: 'stripe', STRIPE_SECRET_KEY: 'pk_test_1' }), ConfigError);
    assert.throws(() => createTaxCalculator({ TAX_DRIVER: 'avalara', STRIPE_SECRET_KEY: 'sk_test_1' }), (error: Error) => error instanceof ConfigError && /TAX_DRIVER/.test(error.message));
  });

  it('the embedded driver answers the table: New York City 8.875 % on print and shipping', async () => {
    const result = await new EmbeddedTaxCalculator().calculate(nycPurchase);
    assert.equal(result.rate, 0.08875);
    assert.deepEqual(result.lines.map((line) => line.tax), [443.66]);
    assert.equal(result.shipping?.tax, 87.42);
  });

  it('Stripe not answering is a 503 with a message to try again, not a quote refused for the address', async () => {
    const calculator = new StripeTaxCalculator({ secretKey: 'sk_test_123', apiUrl: `http://127.0.0.1:${await freePort()}` });
    await assert.rejects(calculator.calculate(nycPurchase), (error: Error) => error instanceof TaxUnavailableError && (error as TaxUnavailableError).statusCode === 503);
  });
});

/**
 * Against stripe-mock (scripts/stripe-mock.sh): it checks each request against Stripe's OpenAPI
 * document and answers a canned calculation, so these prove that Stripe accepts the request we build
 * (recorded on its way by a small forwarding server) and how we read its answer, not Stripe's rates.
 */
const stripeMockUrl = process.env.TEST_STRIPE_MOCK_URL;
describe.skipIf(skipBecause(!stripeMockUrl && 'TEST_STRIPE_MOCK_URL is not set: start stripe-mock with `bash scripts/stripe-mock.sh start --background` and set TEST_STRIPE_MOCK_URL=http://127.0.0.1:12111'))(
  'the Stripe Tax driver against stripe-mock',
  () => {
    const seen: Array<{ method: string; path: string; body: URLSearchParams }> = [];
    let recorder: http.Server;
    let calculator: StripeTaxCalculator;

    beforeAll(async () => {
      const target = new URL(stripeMockUrl!);
      recorder = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const body = Buffer.concat(chunks);
          const form = new URLSearchParams(body.toString('utf8'));
          seen.push({ method: request.method ?? '', path: request.url ?? '', body: form });
          // stripe-mock accepts any well-formed address; Stripe's documented refusal of one it cannot place is played here.
          if (form.get('customer_details[address][postal_code]') === '00000') {
            response.writeHead(400, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'customer_tax_location_invalid', message: 'We could not determine the customer\'s tax location based on the provided customer address.', param: 'customer_details[address]' } }));
            return;
          }
          const forward = http.request(
            { host: target.hostname, port: Number(target.port), method: request.method, path: request.url, headers: { ...request.headers, host: target.host } },
            (answer) => {
              response.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(response);
            },
          );
          forward.on('error', () => response.writeHead(502).end());
          forward.end(body);
        });
      });
      await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
      calculator = new StripeTaxCalculator({ secretKey: 'sk_test_123', apiUrl: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}` });
    });
    afterAll(() => new Promise<void>((resolve) => recorder?.close(() => resolve())));

    it('sends one tax calculation: the line with its tax code, tax-exclusive, the address and its source, shipping, and asks for the line items', async () => {
      seen.length = 0;
      const result = await calculator.calculate(nycPurchase);
      assert.equal(seen.length, 1);
      const [sent] = seen;
      assert.deepEqual([sent!.method, sent!.path], ['POST', '/v1/tax/calculations']);
      const body = Object.fromEntries(sent!.body);
      assert.deepEqual(body, {
        currency: 'usd',
        'line_items[0][amount]': '4999',
        'line_items[0][reference]': 'line-1',
        'line_items[0][tax_code]': STRIPE_TAX_CODES.Print,
        'line_items[0][tax_behavior]': 'exclusive',
        'customer_details[address][country]': 'US',
        'customer_details[address][state]': 'NY',
        'customer_details[address][postal_code]': '10118',
        'customer_details[address][city]': 'New York',
        'customer_details[address][line1]': '20 West 34th Street',
        'customer_details[address_source]': 'shipping',
        'shipping_cost[amount]': '985',
        'shipping_cost[tax_code]': STRIPE_TAX_CODES.Shipping,
        'shipping_cost[tax_behavior]': 'exclusive',
        tax_date: String(AT.getTime() / 1000),
        'expand[0]': 'line_items',
      });
      // stripe-mock's canned calculation (one line item with amount_tax 148, shipping untaxed, 148 in all), read as ours.
      assert.deepEqual(result.lines.map((line) => [line.distributionType, line.amount, line.tax]), [['Print', 4999, 148]]);
      assert.equal(result.shipping?.tax, 0);
      assert.equal(result.total, 148);
      assert.ok(result.parts.length > 0 && result.parts.every((part) => part.rate >= 0 && part.rate < 1), JSON.stringify(result.parts));
      assert.equal(result.rate, Math.max(...result.parts.map((part) => part.rate)));
    });

    it('a digital line goes with the digital-book tax code, whole minor units, the billing address, and no shipping', async () => {
      seen.length = 0;
      await calculator.calculate({
        destination: { country: 'us', administrativeArea: 'PA', postalCode: '19107' },
        addressSource: 'billing',
        lines: [{ amount: 699.3, distributionType: 'Digital' }],
        shipping: null,
        currency: 'USD',
        at: AT,
      });
      const body = Object.fromEntries(seen[0]!.body);
      assert.equal(body['line_items[0][tax_code]'], STRIPE_TAX_CODES.Digital);
      assert.equal(body['line_items[0][amount]'], '699');
      assert.equal(body['customer_details[address_source]'], 'billing');
      assert.equal(body['customer_details[address][country]'], 'US');
      assert.ok(!('shipping_cost[amount]' in body));
    });

    it('refuses an answer whose line items do not match what was sent (two lines sent, stripe-mock answers one)', async () => {
      await assert.rejects(
        calculator.calculate({ ...nycPurchase, lines: [{ amount: 100, distributionType: 'Print' }, { amount: 200, distributionType: 'Digital' }] }),
        TaxUnavailableError,
      );
    });

    it('an address Stripe cannot place (customer_tax_location_invalid) is "Could not calculate tax", not a 500', async () => {
      await assert.rejects(calculator.calculate({ ...nycPurchase, destination: { ...nycPurchase.destination, postalCode: '00000' } }), CouldNotCalculateTaxError);
    });
  },
);

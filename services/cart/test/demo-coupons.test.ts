import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { cartService, DEMO_COUPONS } from '../src';

describe('cart service with demo data', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await buildTestService(cartService, { config: { demoData: true } });
  });
  afterAll(() => service?.close());

  it('seeds the codes npm start prints, and they work', async () => {
    const admin = await signTestToken({ userId: 'staff-1', roles: ['admin'] });
    const list = await service.app.inject({ method: 'GET', url: '/api/dashboard/coupons', headers: { authorization: `Bearer ${admin}` } });
    assert.deepEqual(list.json().response.items.map((coupon: { code: string }) => coupon.code).sort(), DEMO_COUPONS.map((coupon) => coupon.code).sort());
    const cart = randomUUID();
    const welcome = await service.app.inject({ method: 'GET', url: `/api/cart/${cart}?couponCode=welcome10` });
    assert.deepEqual([welcome.statusCode, welcome.json().response.couponCode, welcome.json().response.couponSaveAmount], [200, 'WELCOME10', 0]);
    const print = await service.app.inject({ method: 'GET', url: `/api/cart/${cart}?couponCode=PRINT5` });
    assert.deepEqual([print.statusCode, print.json().status.message], [400, 'Coupon PRINT5 needs a subtotal of at least $20.00; add $20.00 more to use it.']);
  });

  it('documents its calls with their schemas in the OpenAPI document', async () => {
    const document = await service.app.inject('/openapi.json');
    assert.equal(document.statusCode, 200);
    const paths = Object.keys(document.json().paths);
    for (const path of ['/api/cart/{id}', '/api/cart/{id}/empty', '/api/coupons/claim', '/api/dashboard/coupons', '/api/dashboard/coupons/{id}/disable']) assert.ok(paths.includes(path), path);
    assert.ok(document.json().paths['/api/cart/{id}'].patch.requestBody, 'the change body is declared');
  });
});

import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test, vi } from 'vitest';
import { ApiError, CLIENT_STATUS } from '@inkwell/ui-kit/api-client';
import { PURCHASE_FAILED } from '../checkout-rules';
import type { PurchaseSubmit } from '../types';
import { submitPurchase } from './submit-purchase';

const body = { purchaseId: 'p1' } as unknown as PurchaseSubmit;
const envelope = (status: object, response: unknown = null) => JSON.stringify({ status, response });

describe('submitPurchase', () => {
  let answer: () => Response;
  let sent: Array<{ url: string; headers: Headers; body: unknown }>;

  beforeEach(() => {
    sent = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, headers: new Headers(init.headers), body: JSON.parse(String(init.body)) });
      return answer();
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const refusal = async (): Promise<ApiError> => {
    const error: unknown = await submitPurchase(body, 'key-1').then(
      () => assert.fail('expected a refusal'),
      (reason: unknown) => reason,
    );
    assert.ok(error instanceof ApiError);
    return error;
  };

  test('posts the purchase with its Idempotency-Key and resolves to the purchase', async () => {
    answer = () => new Response(envelope({ type: 'Success' }, { purchaseId: 'p1', state: 'Paid' }), { status: 200 });
    assert.deepEqual(await submitPurchase(body, 'key-1'), { purchaseId: 'p1', state: 'Paid' });
    assert.equal(sent[0]!.url, '/api/order/purchase?platform=web&api-version=1.4');
    assert.equal(sent[0]!.headers.get('Idempotency-Key'), 'key-1');
    assert.deepEqual(sent[0]!.body, body);
  });

  test('an answer that never came says paying again charges once', async () => {
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const error = await refusal();
    assert.equal(error.type, CLIENT_STATUS.networkError);
    assert.equal(error.httpStatus, 0);
    assert.match(error.message, /you will not be charged twice/);
  });

  test('the service’s refusal keeps its type and words', async () => {
    answer = () => new Response(envelope({ type: 'CardError', message: 'Your card was declined.' }), { status: 402 });
    const error = await refusal();
    assert.deepEqual([error.httpStatus, error.type, error.message], [402, 'CardError', 'Your card was declined.']);
  });

  test('a refusal without words is Purchase Failed', async () => {
    answer = () => new Response(envelope({ type: 'Conflict' }), { status: 409 });
    const error = await refusal();
    assert.deepEqual([error.httpStatus, error.type, error.message], [409, 'Conflict', PURCHASE_FAILED]);
  });

  for (const status of [200, 502]) {
    test(`an answer that is no envelope (${status}) is Purchase Failed`, async () => {
      answer = () => new Response('<html>Bad gateway</html>', { status });
      const error = await refusal();
      assert.deepEqual([error.httpStatus, error.type, error.message], [status, CLIENT_STATUS.invalidResponse, PURCHASE_FAILED]);
    });
  }
});

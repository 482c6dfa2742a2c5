import { ApiError, buildApiUrl, CLIENT_STATUS, renewAccessToken, type EnvelopeStatus } from '@inkwell/ui-kit/api-client';
import { getAccessToken } from '@inkwell/ui-kit/storage';
import { PURCHASE_FAILED } from '../checkout-rules';
import type { Purchase, PurchaseSubmit } from '../types';

const NETWORK_MESSAGE = "We couldn't reach Inkwell, so we don't know yet whether you paid. Press Pay again: you will not be charged twice.";

async function send(body: PurchaseSubmit, idempotencyKey: string, accessToken: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  try {
    return await fetch(buildApiUrl('/order/purchase', { platform: 'web' }), { method: 'POST', headers, body: JSON.stringify(body) });
  } catch {
    throw new ApiError(0, CLIENT_STATUS.networkError, NETWORK_MESSAGE);
  }
}

/**
 * `POST /order/purchase?platform=web`: pays a quoted purchase. Its `Idempotency-Key` header is new
 * for each attempt and the same for a retry of one whose answer never came, so the service charges
 * once whatever reaches it twice. (The shared API client sends no headers of a call's own, so this
 * one call is made here, with the client's URL, token renewal and envelope rules.) Resolves to the
 * purchase: paid, or waiting for the shopper at the provider (RequiresAction with a redirect);
 * rejects with the service's status type (CardError, InvalidRequestError, Conflict,
 * IdempotencyError, ApiError) and the words the shopper reads.
 */
export async function submitPurchase(body: PurchaseSubmit, idempotencyKey: string): Promise<Purchase> {
  const token = getAccessToken();
  let response = await send(body, idempotencyKey, token);
  if (response.status === 401 && token) {
    const renewed = await renewAccessToken();
    if (renewed) response = await send(body, idempotencyKey, renewed);
  }
  const envelope = (await response.json().catch(() => null)) as { status?: EnvelopeStatus; response?: unknown } | null;
  const status = envelope?.status;
  if (!status || typeof status.type !== 'string') throw new ApiError(response.status, CLIENT_STATUS.invalidResponse, PURCHASE_FAILED);
  if (!response.ok || status.type !== 'Success') throw new ApiError(response.status, status.type, status.message || PURCHASE_FAILED, status);
  return envelope.response as Purchase;
}

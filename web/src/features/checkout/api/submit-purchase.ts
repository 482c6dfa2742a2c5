import { api, ApiError, CLIENT_STATUS } from '@inkwell/ui-kit/api-client';
import { PURCHASE_FAILED } from '../checkout-rules';
import type { Purchase, PurchaseSubmit } from '../types';

const NETWORK_MESSAGE = "We couldn't reach Inkwell, so we don't know yet whether you paid. Press Pay again: you will not be charged twice.";

/**
 * The client's refusal in the words the shopper reads at the Pay button: a lost answer says that
 * paying again charges once, and an answer with no words of its own (no envelope, or an envelope
 * without a message) is 'Purchase Failed' rather than the client's general fallback.
 */
function purchaseError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.type === CLIENT_STATUS.networkError) return new ApiError(0, CLIENT_STATUS.networkError, NETWORK_MESSAGE);
  if (!error.status) return new ApiError(error.httpStatus, CLIENT_STATUS.invalidResponse, PURCHASE_FAILED);
  if (!error.status.message) return new ApiError(error.httpStatus, error.type, PURCHASE_FAILED, error.status, error.response);
  return error;
}

/**
 * `POST /order/purchase?platform=web`: pays a quoted purchase. Its `Idempotency-Key` header is new
 * for each attempt and the same for a retry of one whose answer never came, so the service charges
 * once whatever reaches it twice. Resolves to the purchase: paid, or waiting for the shopper at the
 * provider (RequiresAction with a redirect); rejects with the service's status type (CardError,
 * InvalidRequestError, Conflict, IdempotencyError, ApiError) and the words the shopper reads.
 */
export async function submitPurchase(body: PurchaseSubmit, idempotencyKey: string): Promise<Purchase> {
  try {
    const { data } = await api.post<Purchase>('/order/purchase', body, { query: { platform: 'web' }, headers: { 'Idempotency-Key': idempotencyKey } });
    return data;
  } catch (error) {
    throw purchaseError(error);
  }
}

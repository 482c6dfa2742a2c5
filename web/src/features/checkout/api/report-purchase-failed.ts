import { api } from '@inkwell/ui-kit/api-client';

/**
 * `POST /order/purchase-failed` (spec §8: failures are reported back to the server). The service
 * asks the processor what the failure means, so a report that does not arrive loses nothing.
 */
export function reportPurchaseFailed(purchaseId: string, message: string): void {
  api.post('/order/purchase-failed', { purchaseId, message }).catch(() => undefined);
}

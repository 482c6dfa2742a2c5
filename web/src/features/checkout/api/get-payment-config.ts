import { queryOptions } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import type { PaymentConfig } from '../types';

/** `GET /order/payment-config`: the store's payment processor and, for Stripe, its publishable key. */
export async function getPaymentConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentConfig> {
  const { data } = await api.get<PaymentConfig>('/order/payment-config', { signal });
  return data;
}

export function getPaymentConfigQueryOptions() {
  return queryOptions({
    queryKey: ['checkout', 'paymentConfig'] as const,
    queryFn: ({ signal }) => getPaymentConfig({ signal }),
    // Configuration of the deployment: it changes with a restart, not during a visit.
    staleTime: Infinity,
  });
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { getPaymentConfigQueryOptions } from './api/get-payment-config';
import { isRenderBot, loadPaymentProvider } from './payment-provider';
import type { PaymentConfig } from './types';

export type ProviderState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'simulated'; config: PaymentConfig }
  | { status: 'ready'; config: PaymentConfig; stripe: Stripe }
  | { status: 'failed'; retry: () => void };

/**
 * The store's payment provider, loaded when `wanted` (payment-provider.ts says when): the
 * configuration first, then, for Stripe, Stripe.js with its publishable key. Nothing is asked for
 * while not wanted, and nothing for a render bot.
 */
export function usePaymentProvider(wanted: boolean): ProviderState {
  const enabled = wanted && !isRenderBot(navigator.userAgent);
  const config = useQuery({ ...getPaymentConfigQueryOptions(), enabled });
  const [stripe, setStripe] = useState<{ key: string; value: Stripe | null; failed: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const data = config.data;

  useEffect(() => {
    if (!enabled || !data || data.provider !== 'stripe') return;
    let current = true;
    const key = data.publishableKey ?? '';
    loadPaymentProvider(data).then(
      (value) => current && setStripe({ key, value, failed: value === null }),
      () => current && setStripe({ key, value: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [enabled, data, attempt]);

  if (!enabled) return { status: 'idle' };
  if (config.isError) return { status: 'failed', retry: () => void config.refetch() };
  if (!data) return { status: 'loading' };
  if (data.provider !== 'stripe') return { status: 'simulated', config: data };
  if (!stripe || stripe.key !== data.publishableKey) return { status: 'loading' };
  if (stripe.failed || !stripe.value) {
    return {
      status: 'failed',
      retry: () => {
        setStripe(null);
        setAttempt((value) => value + 1);
      },
    };
  }
  return { status: 'ready', config: data, stripe: stripe.value };
}

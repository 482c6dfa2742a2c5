import type { Stripe } from '@stripe/stripe-js';
import type { PaymentConfig } from './types';

/**
 * The payment provider's script (Stripe.js) and when it loads. Storefront spec §4: loading is
 * deferred until the user is logged in, the path is /confirm, or a cart or checkout overlay is
 * active; it never loads for the render bot. With the simulated processor there is nothing to load.
 */

/** Crawlers and the pre-render service that snapshot pages: no payment script for them. */
const RENDER_BOT = /bot\b|crawler|spider|prerender|headlesschrome.*lighthouse|slurp/i;

export function isRenderBot(userAgent: string): boolean {
  return RENDER_BOT.test(userAgent);
}

export interface ProviderConditions {
  loggedIn: boolean;
  pathname: string;
  /** The cart popup or the checkout overlay is open. */
  overlayOpen: boolean;
  userAgent: string;
}

export function paymentProviderWanted({ loggedIn, pathname, overlayOpen, userAgent }: ProviderConditions): boolean {
  if (isRenderBot(userAgent)) return false;
  return loggedIn || overlayOpen || pathname === '/confirm' || pathname.startsWith('/confirm/');
}

let loading: { key: string; promise: Promise<Stripe | null> } | null = null;

/**
 * Stripe.js for the configuration's publishable key, loaded once per key (from js.stripe.com, as
 * Stripe requires). Resolves null for the simulated processor. A load that fails is forgotten, so
 * the next call tries again.
 */
export function loadPaymentProvider(config: PaymentConfig): Promise<Stripe | null> {
  if (config.provider !== 'stripe' || !config.publishableKey) return Promise.resolve(null);
  const key = config.publishableKey;
  if (loading?.key === key) return loading.promise;
  // The pure entry point adds the script only when loadStripe is called, not when imported.
  const promise = import('@stripe/stripe-js/pure')
    .then(({ loadStripe }) => loadStripe(key))
    .catch((error: unknown) => {
      if (loading?.promise === promise) loading = null;
      throw error;
    });
  loading = { key, promise };
  return promise;
}

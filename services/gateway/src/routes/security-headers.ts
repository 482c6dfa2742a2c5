/**
 * Security headers on every answer of the public origin, computed once: the same set a hardened
 * helmet configuration sends, without rebuilding it per request.
 */
import type { GatewayConfig } from '@inkwell/platform';

/**
 * Where Stripe.js, its Payment Element frames and its API calls come from (Stripe's security guide),
 * allowed only when the store takes payments through Stripe: the simulated processor needs none.
 */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

export interface PolicyOptions {
  /** Sources for one document (e.g. one inline script's hash). */
  scriptSources?: readonly string[];
  /** The payment provider whose script the storefront loads, if any. */
  paymentProvider?: 'stripe';
}

/** The content security policy of every answer. */
export function contentSecurityPolicy({ scriptSources = [], paymentProvider }: PolicyOptions = {}): string {
  const stripe = paymentProvider === 'stripe';
  const directive = (name: string, base: string[], extra: string[] = []) => [name, ...base, ...(stripe ? extra : [])].join(' ');
  return [
    "default-src 'self'",
    directive('img-src', ["'self'", 'data:', 'blob:'], STRIPE_SOURCES.img),
    "style-src 'self' 'unsafe-inline'",
    directive('script-src', ["'self'", ...scriptSources], STRIPE_SOURCES.script),
    directive('connect-src', ["'self'"], STRIPE_SOURCES.connect),
    ...(stripe ? [directive('frame-src', [], STRIPE_SOURCES.frame)] : []),
    "font-src 'self' data:",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export function securityHeaders(publicUrl: string, policy: PolicyOptions = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(policy),
    'cross-origin-opener-policy': 'same-origin',
    // Same-origin only: other sites cannot embed our answers in their pages.
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    // The legacy XSS auditor does more harm than good; the CSP above does the job.
    'x-xss-protection': '0',
    ...(publicUrl.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Stripe's script, frames and API are allowed when the store pays through Stripe. */
export function paymentPolicy(config: GatewayConfig): PolicyOptions {
  return config.payments.stripePublishableKey ? { paymentProvider: 'stripe' } : {};
}

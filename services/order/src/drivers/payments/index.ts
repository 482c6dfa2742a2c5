import { ConfigError, type Database, type Env, type Logger } from '@inkwell/platform';
import { SimulatedPaymentProcessor } from './simulated/processor';
import { StripePaymentProcessor } from './stripe';

export * from './port';
export { PAYMENT_ERROR_MESSAGES, PURCHASE_FAILED, paymentFailure, providerFailure } from './messages';
export { SIMULATED_PAGES_PATH, SimulatedPaymentProcessor, type EventHandler, type SimulatedProcessorOptions } from './simulated/processor';
export { simulatedProviderPages, type SimulatedPagesOptions } from './simulated/pages';
export { STRIPE_WEBHOOK_TOLERANCE_SECONDS, StripePaymentProcessor, failureOfStripeError, type StripeProcessorOptions } from './stripe';
export { TEST_CARDS, resolveCard } from './simulated/test-cards';

const STRIPE_SETTINGS = [
  { name: 'STRIPE_SECRET_KEY', prefixes: ['sk_', 'rk_'] },
  { name: 'STRIPE_PUBLISHABLE_KEY', prefixes: ['pk_'] },
  { name: 'STRIPE_WEBHOOK_SECRET', prefixes: ['whsec_'] },
] as const;

export type ChosenProcessor = SimulatedPaymentProcessor | StripePaymentProcessor;

/**
 * The order service's payment processor: Stripe when STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and
 * STRIPE_WEBHOOK_SECRET are all set, else the embedded simulated processor (the default). Some but
 * not all of them, or a value of the wrong kind, stops start-up with one ConfigError naming each
 * problem. PUBLIC_URL resolves relative return addresses for Stripe; STRIPE_API_URL points the SDK at
 * another API host (stripe-mock in development and tests).
 */
export function createPaymentProcessor(env: Env, db: Database, logger: Logger): ChosenProcessor {
  const given = STRIPE_SETTINGS.filter(({ name }) => env[name]);
  if (given.length === 0) return new SimulatedPaymentProcessor({ db, logger: logger.child({ component: 'payments' }) });
  const problems: string[] = [];
  for (const { name, prefixes } of STRIPE_SETTINGS) {
    const value = env[name];
    if (!value) problems.push(`${name} is not set: Stripe needs all of ${STRIPE_SETTINGS.map((setting) => setting.name).join(', ')} (or none, for the simulated processor)`);
    else if (!prefixes.some((prefix) => value.startsWith(prefix))) problems.push(`${name} should start with ${prefixes.join(' or ')}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return new StripePaymentProcessor({
    secretKey: env.STRIPE_SECRET_KEY!,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}),
  });
}

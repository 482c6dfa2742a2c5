import { ConfigError, type Env } from '@inkwell/platform';
import { EmbeddedTaxCalculator } from './embedded';
import { StripeTaxCalculator } from './stripe';

export * from './port';
export { EmbeddedTaxCalculator } from './embedded';
export { STRIPE_TAX_CODES, StripeTaxCalculator, TAX_UNAVAILABLE, TaxUnavailableError, type StripeTaxOptions } from './stripe';

export const TAX_DRIVERS = ['embedded', 'stripe'] as const;

/**
 * The order service's tax calculator: TAX_DRIVER=stripe asks Stripe Tax with STRIPE_SECRET_KEY (at
 * STRIPE_API_URL when set, e.g. stripe-mock); TAX_DRIVER=embedded or unset, the checked-in table.
 * Stripe without a secret key, or an unknown driver, stops start-up with a ConfigError.
 */
export function createTaxCalculator(env: Env): EmbeddedTaxCalculator | StripeTaxCalculator {
  const driver = (env.TAX_DRIVER ?? '').trim() || 'embedded';
  if (driver === 'embedded') return new EmbeddedTaxCalculator();
  if (driver !== 'stripe') throw new ConfigError([`TAX_DRIVER should be one of ${TAX_DRIVERS.join(', ')}, not "${driver}"`]);
  const secretKey = env.STRIPE_SECRET_KEY;
  if (!secretKey) throw new ConfigError(['TAX_DRIVER=stripe needs STRIPE_SECRET_KEY (Stripe Tax is called with the shop\'s Stripe account)']);
  if (!secretKey.startsWith('sk_') && !secretKey.startsWith('rk_')) throw new ConfigError(['STRIPE_SECRET_KEY should start with sk_ or rk_']);
  return new StripeTaxCalculator({ secretKey, ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}) });
}

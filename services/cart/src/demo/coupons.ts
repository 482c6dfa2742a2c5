import type { Queryable } from '@inkwell/platform';
import { seedCoupon } from '../store/coupons';

/**
 * Coupon codes that work in the demo (`npm start` prints them): a client of the coupon table, like
 * staff creating them, never part of the rules.
 */
export const DEMO_COUPONS = [
  { code: 'WELCOME10', kind: 'Percent', value: 10, minSubtotalCents: null, description: '10% off any cart' },
  { code: 'PRINT5', kind: 'Fixed', value: 500, minSubtotalCents: 2000, description: '$5 off a cart of $20 or more' },
  { code: 'MANGA25', kind: 'Percent', value: 25, minSubtotalCents: 1500, description: '25% off a cart of $15 or more, once per account' },
] as const;

export async function ensureDemoCoupons(db: Queryable): Promise<void> {
  for (const coupon of DEMO_COUPONS) await seedCoupon(db, coupon);
}

import { formatMoney } from '@inkwell/contracts/catalog-rules';
import type { CouponKind } from '@inkwell/contracts/cart';
import type { PricedLine } from './cart-rules';
import { COUPON_MESSAGES } from './messages';

/**
 * Coupons (issue 12): percent or fixed amount off, an optional minimum subtotal, start and end,
 * a usage cap, once per account, optionally only for some products or series. Savings are in minor
 * units at 4-decimal precision of the currency (storefront spec §9), i.e. cents with 2 decimals.
 */

export interface CouponTerms {
  code: string;
  kind: CouponKind;
  /** Percent (0.01 to 100) or minor units. */
  value: number;
  currency: string;
  minSubtotalCents: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageCap: number | null;
  timesUsed: number;
  productIds: readonly number[];
  seriesIds: readonly number[];
  disabled: boolean;
  /** A gift code's account (issue 26, docs/badges.md): only it may use the coupon. Null or absent: anyone. */
  holderAccountId?: string | null;
}

export type CouponProblemKind = 'disabled' | 'notYet' | 'expired' | 'usedUp' | 'alreadyUsed' | 'belowMinimum' | 'notApplicable' | 'otherCurrency' | 'notYours';

export interface CouponProblem {
  kind: CouponProblemKind;
  message: string;
  /** HTTP status: 409 for a code that was fine but is spent (by all or by this account), else 400. */
  statusCode: 400 | 409;
}

/** A code as typed: trimmed, upper case. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Whether the code may be used now by this account (undefined: a guest), before looking at a cart.
 * A gift code is its holder's alone; anyone else is told so before anything else about it.
 */
export function couponUsable(coupon: CouponTerms, { now, usedByAccount, accountId }: { now: Date; usedByAccount: boolean; accountId?: string | undefined }): CouponProblem | null {
  if (coupon.holderAccountId && coupon.holderAccountId !== accountId) return { kind: 'notYours', message: COUPON_MESSAGES.notYours(coupon.code), statusCode: 400 };
  if (coupon.disabled) return { kind: 'disabled', message: COUPON_MESSAGES.disabled(coupon.code), statusCode: 400 };
  if (coupon.startsAt && now < coupon.startsAt) return { kind: 'notYet', message: COUPON_MESSAGES.notYet(coupon.code, coupon.startsAt.toISOString().slice(0, 10)), statusCode: 400 };
  if (coupon.endsAt && now >= coupon.endsAt) return { kind: 'expired', message: COUPON_MESSAGES.expired(coupon.code), statusCode: 400 };
  if (usedByAccount) return { kind: 'alreadyUsed', message: COUPON_MESSAGES.alreadyUsed(coupon.code), statusCode: 409 };
  if (coupon.usageCap !== null && coupon.timesUsed >= coupon.usageCap) return { kind: 'usedUp', message: COUPON_MESSAGES.usedUp(coupon.code), statusCode: 409 };
  return null;
}

/** The coupon limits to some products or series; with neither it applies to every item. */
export function couponCovers(coupon: Pick<CouponTerms, 'productIds' | 'seriesIds'>, line: Pick<PricedLine, 'productId' | 'product'>): boolean {
  if (coupon.productIds.length === 0 && coupon.seriesIds.length === 0) return true;
  if (coupon.productIds.includes(line.productId)) return true;
  return line.product.seriesId !== null && coupon.seriesIds.includes(line.product.seriesId);
}

/** Rounds minor units to 2 decimals (4 of the currency), without binary noise deciding. */
export function toSavePrecision(cents: number): number {
  return Math.round(Number((cents * 100).toPrecision(15))) / 100;
}

export type SavingOutcome = { ok: true; saveAmount: number } | { ok: false; problem: CouponProblem };

/**
 * What the coupon takes off this cart: percent of the covered items' subtotal, or the fixed amount
 * up to that subtotal. The minimum subtotal is of the whole cart.
 */
export function couponSaving(coupon: CouponTerms, kept: readonly PricedLine[], cartCurrency: string): SavingOutcome {
  if (kept.length > 0 && cartCurrency !== coupon.currency) {
    return { ok: false, problem: { kind: 'otherCurrency', message: COUPON_MESSAGES.otherCurrency(coupon.code, coupon.currency), statusCode: 400 } };
  }
  const subtotal = kept.reduce((sum, line) => sum + line.variant.priceCents * line.quantity, 0);
  if (coupon.minSubtotalCents !== null && subtotal < coupon.minSubtotalCents) {
    const message = COUPON_MESSAGES.belowMinimum(coupon.code, formatMoney(coupon.minSubtotalCents, coupon.currency), formatMoney(coupon.minSubtotalCents - subtotal, coupon.currency));
    return { ok: false, problem: { kind: 'belowMinimum', message, statusCode: 400 } };
  }
  const covered = kept.filter((line) => couponCovers(coupon, line)).reduce((sum, line) => sum + line.variant.priceCents * line.quantity, 0);
  if (kept.length > 0 && covered === 0) return { ok: false, problem: { kind: 'notApplicable', message: COUPON_MESSAGES.notApplicable(coupon.code), statusCode: 400 } };
  if (coupon.kind === 'Percent') {
    // Percent in hundredths times cents is exact in integers; the division leaves 4 decimals of cents, rounded to 2.
    const basisPoints = Math.round(coupon.value * 100);
    return { ok: true, saveAmount: toSavePrecision((covered * basisPoints) / 10_000) };
  }
  return { ok: true, saveAmount: Math.min(coupon.value, covered) };
}

/**
 * Who may read and who may buy a comic (storefront spec §5): "everyone may read Free and
 * FreeToReadAndPurchaseble; registered users may also read FreeForRegistered and
 * FreeToReadForRegisteredAndPurchaseble; an owner may always read and cannot buy again. […]
 * Non-free comics require login."
 */
import { FREE_TO_READ_FOR_EVERYONE, FREE_TO_READ_FOR_REGISTERED, isPurchasable, type PriceType } from './price-types';

/** Storefront spec §8: the modal shown when the reader cannot open a comic. */
export const READER_DENIED_TITLE = 'Unable to open comic';
export const READER_DENIED_BODY = 'Unfortunately you can not read this comic. Please log in to read non-free comics.';

export interface AccessQuestion {
  priceType: PriceType;
  signedIn: boolean;
  /** The signed-in reader has it in their library. */
  owns: boolean;
}

export type ReadingAllowedReason = 'owner' | 'free' | 'free-for-registered';
/**
 * 'login-required': not signed in, so nothing beyond the free-for-everyone types can be read (and
 * ownership cannot be known). 'purchase-required': signed in and buying it would give access.
 * 'not-available': signed in and neither reading nor buying is open (Print, NotForSale,
 * SubscriptionOnly; subscriptions are not an input of this rule).
 */
export type ReadingDeniedReason = 'login-required' | 'purchase-required' | 'not-available';

export type ReadingAccess =
  | { allowed: true; reason: ReadingAllowedReason }
  | { allowed: false; reason: ReadingDeniedReason };

/** Which rule of §5 lets this visitor read, or why not. */
export function readingAccessReason({ priceType, signedIn, owns }: AccessQuestion): ReadingAccess {
  if (owns) return { allowed: true, reason: 'owner' };
  if (FREE_TO_READ_FOR_EVERYONE.includes(priceType)) return { allowed: true, reason: 'free' };
  if (!signedIn) return { allowed: false, reason: 'login-required' };
  if (FREE_TO_READ_FOR_REGISTERED.includes(priceType)) return { allowed: true, reason: 'free-for-registered' };
  return { allowed: false, reason: isPurchasable(priceType, { signedIn }) ? 'purchase-required' : 'not-available' };
}

export function canRead(question: AccessQuestion): boolean {
  return readingAccessReason(question).allowed;
}

/** Purchasable for this visitor (price-types.ts) and not already owned. */
export function canBuy({ priceType, signedIn, owns }: AccessQuestion): boolean {
  return !owns && isPurchasable(priceType, { signedIn });
}

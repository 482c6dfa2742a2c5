import {
  digitalPurchaseAllowed,
  isPriceType,
  isPublishedStatus,
  isPurchasable,
  isRestrictedIn,
  type PublishStatus,
} from '@inkwell/contracts/catalog-rules';
import { CART_MESSAGES, DROP_NOTICES } from './messages';

/**
 * The cart's rules (storefront spec §3, §4, §5; issue 12): what may be in a cart, how a change
 * moves a line's quantity, what drops out of a cart that is read again, and how two carts merge.
 * Pure: the catalog's facts and the shopper are given, nothing is fetched here.
 */

/** A cart holds at most this many units in all, so an answer (one entry per unit) stays small. */
export const MAX_CART_UNITS = 200;

export type DistributionType = 'Digital' | 'Print';

/** A variant as the catalog prices it now. */
export interface PricedVariant {
  id: number;
  type: DistributionType;
  priceType: string;
  priceCents: number;
  fullPriceCents: number;
  isOnSale: boolean;
  currency: string;
  /** null: no limit. */
  cartLimit: number | null;
  /** Checkout's facts, passed on as the catalog gives them: the release (ISO 8601, null if none), pre-order, one Print unit's parcel. */
  scheduleDate?: string | null;
  isPreOrder?: boolean;
  parcel?: { weightLb: number; heightIn: number; widthIn: number; lengthIn: number } | null;
}

/** A product as the cart needs it from the catalog. */
export interface CatalogProduct {
  id: number;
  name: string;
  readableUrl: string | null;
  thumbnailUrl: string | null;
  seriesId: number | null;
  status: string;
  publishDate: string | null;
  restrictedTerritories: readonly string[];
  /** Enabled variants only. */
  variants: readonly PricedVariant[];
}

export interface Shopper {
  signedIn: boolean;
  /** ISO alpha-2 from the request's geo header; undefined when unknown. */
  country: string | undefined;
  /** Product ids the signed-in shopper owns (the reader's entitlements). */
  owned: ReadonlySet<number>;
}

/** One product and variant in a cart, with its number of units. */
export interface CartLine {
  productId: number;
  variantId: number;
  quantity: number;
}

export type RefusalKind =
  | 'unpublished'
  | 'removed'
  | 'notForSale'
  | 'signInToBuy'
  | 'regionRestricted'
  | 'digitalInJapan'
  | 'alreadyOwned'
  | 'digitalOnce'
  | 'overLimit'
  | 'cartFull'
  | 'notInCart'
  | 'belowZero'
  | 'zeroAmount';

/** A change the rules refuse: what the shopper is told, and whether it is the region lock. */
export interface Refusal {
  kind: RefusalKind;
  message: string;
  /** The storefront shows its region-lock message for these (spec §4, §8). */
  regionLock: boolean;
}

const refusal = (kind: RefusalKind, message: string): Refusal => ({ kind, message, regionLock: kind === 'regionRestricted' || kind === 'digitalInJapan' });

/**
 * Sold now: published (or OnGoing), a pre-order, or scheduled with its date reached. Coming-soon
 * pages show an item that cannot be bought yet.
 */
export function isOnSaleNow(product: Pick<CatalogProduct, 'status' | 'publishDate'>, now: Date): boolean {
  const status = product.status as PublishStatus;
  if (isPublishedStatus(status) || status === 'ScheduledPreOrder') return true;
  if (status === 'Scheduled' && product.publishDate) return new Date(product.publishDate).getTime() <= now.getTime();
  return false;
}

/**
 * Storefront spec §3: purchasable price types are Paid, PaidOrSubscription and both FreeToRead
 * types (the latter for signed-in readers only, §5). A Print variant's price type is 'Print', which
 * sells it at its price.
 */
export function priceTypeSells(variant: Pick<PricedVariant, 'type' | 'priceType'>, signedIn: boolean): boolean {
  if (variant.type === 'Print' && variant.priceType === 'Print') return true;
  return isPriceType(variant.priceType) && isPurchasable(variant.priceType, { signedIn });
}

/** Why this variant may not be in this shopper's cart at all, or null when it may. */
export function whyNotSold(product: CatalogProduct, variant: PricedVariant, shopper: Shopper, now: Date): RefusalKind | null {
  if (product.status === 'Removed') return 'removed';
  if (!isOnSaleNow(product, now)) return 'unpublished';
  if (isRestrictedIn(product.restrictedTerritories, shopper.country)) return 'regionRestricted';
  if (variant.type === 'Digital' && !digitalPurchaseAllowed(shopper.country)) return 'digitalInJapan';
  if (!priceTypeSells(variant, false)) {
    if (priceTypeSells(variant, true)) {
      if (!shopper.signedIn) return 'signInToBuy';
    } else {
      return 'notForSale';
    }
  }
  if (variant.type === 'Digital' && shopper.owned.has(product.id)) return 'alreadyOwned';
  return null;
}

/** Most units of a variant a cart may hold: one Digital copy; Print up to its cartLimit. */
export function unitLimit(variant: Pick<PricedVariant, 'type' | 'cartLimit'>): number {
  if (variant.type === 'Digital') return 1;
  return variant.cartLimit !== null && variant.cartLimit > 0 ? variant.cartLimit : MAX_CART_UNITS;
}

function refusalFor(kind: RefusalKind, product: CatalogProduct): Refusal {
  switch (kind) {
    case 'removed':
      return refusal(kind, CART_MESSAGES.removed(product.name));
    case 'unpublished':
      return refusal(kind, CART_MESSAGES.unpublished(product.name));
    case 'regionRestricted':
      return refusal(kind, CART_MESSAGES.regionRestricted(product.name));
    case 'digitalInJapan':
      return refusal(kind, CART_MESSAGES.digitalInJapan);
    case 'signInToBuy':
      return refusal(kind, CART_MESSAGES.signInToBuy(product.name));
    case 'alreadyOwned':
      return refusal(kind, CART_MESSAGES.alreadyOwned(product.name));
    default:
      return refusal('notForSale', CART_MESSAGES.notForSale(product.name));
  }
}

export interface ChangeRequest {
  amount: number;
  removeAll: boolean;
}

export type ChangeOutcome = { ok: true; lines: CartLine[] } | { ok: false; refusal: Refusal };

const unitsIn = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

/**
 * One cart change (spec §3: Amount positive adds, negative deducts; RemoveAll takes the line away).
 * Taking away is always allowed, even of an item no longer sold; adding checks the item is sold to
 * this shopper, one Digital copy, Print up to its limit, and the cart's size. A deduct never goes
 * below zero: asking for more than the line holds is refused, so a stale screen cannot hide it.
 */
export function applyChange(lines: readonly CartLine[], product: CatalogProduct, variant: PricedVariant, change: ChangeRequest, shopper: Shopper, now: Date): ChangeOutcome {
  const index = lines.findIndex((line) => line.productId === product.id && line.variantId === variant.id);
  const held = index === -1 ? 0 : lines[index]!.quantity;
  const without = lines.filter((_, at) => at !== index);
  if (change.removeAll) {
    if (held === 0) return { ok: false, refusal: refusal('notInCart', CART_MESSAGES.notInCart(product.name)) };
    return { ok: true, lines: without };
  }
  if (change.amount === 0) return { ok: false, refusal: refusal('zeroAmount', CART_MESSAGES.zeroAmount) };
  if (change.amount < 0) {
    if (held === 0) return { ok: false, refusal: refusal('notInCart', CART_MESSAGES.notInCart(product.name)) };
    if (held + change.amount < 0) return { ok: false, refusal: refusal('belowZero', CART_MESSAGES.belowZero(product.name, held)) };
    const quantity = held + change.amount;
    return { ok: true, lines: quantity === 0 ? without : lines.map((line, at) => (at === index ? { ...line, quantity } : line)) };
  }
  const notSold = whyNotSold(product, variant, shopper, now);
  if (notSold) return { ok: false, refusal: refusalFor(notSold, product) };
  const limit = unitLimit(variant);
  if (held + change.amount > limit) {
    if (variant.type === 'Digital') return { ok: false, refusal: refusal('digitalOnce', CART_MESSAGES.digitalOnce(product.name)) };
    return { ok: false, refusal: refusal('overLimit', CART_MESSAGES.overLimit(product.name, limit, held)) };
  }
  if (unitsIn(lines) + change.amount > MAX_CART_UNITS) return { ok: false, refusal: refusal('cartFull', CART_MESSAGES.cartFull(MAX_CART_UNITS)) };
  if (index === -1) return { ok: true, lines: [...lines, { productId: product.id, variantId: variant.id, quantity: change.amount }] };
  return { ok: true, lines: lines.map((line, at) => (at === index ? { ...line, quantity: held + change.amount } : line)) };
}

export interface PricedLine extends CartLine {
  product: CatalogProduct;
  variant: PricedVariant;
}

export interface Review {
  /** Lines that stay, with the catalog's facts. */
  kept: PricedLine[];
  /** Lines as they should be stored now (equal to `kept` without the facts). */
  lines: CartLine[];
  /** One sentence per line that dropped out or shrank. */
  notices: string[];
  changed: boolean;
}

function dropNotice(kind: RefusalKind, product: CatalogProduct): string {
  switch (kind) {
    case 'removed':
      return DROP_NOTICES.removed(product.name);
    case 'unpublished':
      return DROP_NOTICES.unpublished(product.name);
    case 'regionRestricted':
      return DROP_NOTICES.regionRestricted(product.name);
    case 'digitalInJapan':
      return DROP_NOTICES.digitalInJapan(product.name);
    case 'signInToBuy':
      return DROP_NOTICES.signInToBuy(product.name);
    case 'alreadyOwned':
      return DROP_NOTICES.alreadyOwned(product.name);
    default:
      return DROP_NOTICES.notForSale(product.name);
  }
}

/**
 * A stored cart checked against the catalog as it is now: lines whose product or variant is gone,
 * unpublished, removed, restricted where the shopper is, no longer sold, or (Digital) owned drop out
 * with a notice; a Print line above a lowered limit shrinks to it.
 */
export function reviewCart(lines: readonly CartLine[], catalog: ReadonlyMap<number, CatalogProduct>, shopper: Shopper, now: Date): Review {
  const kept: PricedLine[] = [];
  const notices: string[] = [];
  for (const line of lines) {
    const product = catalog.get(line.productId);
    if (!product) {
      notices.push(DROP_NOTICES.unknown(line.productId));
      continue;
    }
    const variant = product.variants.find((candidate) => candidate.id === line.variantId);
    if (!variant) {
      notices.push(DROP_NOTICES.notForSale(product.name));
      continue;
    }
    const notSold = whyNotSold(product, variant, shopper, now);
    if (notSold) {
      notices.push(dropNotice(notSold, product));
      continue;
    }
    const limit = unitLimit(variant);
    if (line.quantity > limit) notices.push(DROP_NOTICES.overLimit(product.name, limit));
    kept.push({ ...line, quantity: Math.min(line.quantity, limit), product, variant });
  }
  const stored = kept.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity }));
  const changed = stored.length !== lines.length || stored.some((line, at) => line.quantity !== lines[at]!.quantity);
  return { kept, lines: stored, notices, changed };
}

/**
 * A guest cart joining the account's open cart at sign-in: lines of both, the account's first;
 * Print quantities summed up to the variant's limit; a Digital item in both is kept once. A line
 * whose variant the catalog no longer knows is kept as it is, for the review to drop with a notice.
 */
export function mergeLines(account: readonly CartLine[], guest: readonly CartLine[], variantOf: (line: CartLine) => Pick<PricedVariant, 'type' | 'cartLimit'> | undefined): CartLine[] {
  const merged = account.map((line) => ({ ...line }));
  for (const line of guest) {
    const same = merged.find((candidate) => candidate.productId === line.productId && candidate.variantId === line.variantId);
    if (!same) {
      merged.push({ ...line });
      continue;
    }
    const variant = variantOf(line);
    same.quantity = variant ? Math.min(same.quantity + line.quantity, Math.max(unitLimit(variant), same.quantity)) : Math.max(same.quantity, line.quantity);
  }
  return merged;
}

export interface CartTotals {
  amount: number;
  currency: string;
}

/** Sum of the kept units' current prices, in minor units. */
export function cartTotal(kept: readonly PricedLine[], fallbackCurrency: string): CartTotals {
  return {
    amount: kept.reduce((sum, line) => sum + line.variant.priceCents * line.quantity, 0),
    currency: kept[0]?.variant.currency ?? fallbackCurrency,
  };
}

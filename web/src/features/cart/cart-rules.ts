/**
 * The cart's rules as the storefront applies them (storefront spec §3, §4, §5, §9): the service
 * keeps one entry per unit, the popup shows one line per product and format; quantities stay
 * between 1 and the variant's cart limit, only Print has quantity controls, and a decrease never
 * sends more than quantity − 1 removals (taking the last one off is "Remove", a separate act).
 */

/** Storefront spec §9: quantity changes wait this long for the next click before they are sent. */
export const CART_QUANTITY_DEBOUNCE_MS = 500;

/** The spec's words, written once (storefront spec §2). */
export const CART_TEXT = {
  title: 'Cart Order',
  empty: 'No items in cart',
  taxesNote: 'Taxes Determined at checkout',
  checkout: 'Checkout',
  continueShopping: 'Continue Shopping',
} as const;

/** What the cart says when the service refuses or cannot be reached; each says what to do next. */
export const CART_MESSAGES = {
  regionLocked: "This item can't be bought from your region, so it was not added to your cart.",
  changeRefused: "Your cart couldn't be updated, so it is back to how it was. Please try again.",
  loadFailed: "We couldn't load your cart. Check your connection and try again.",
  purchasing: 'Checkout is in progress for this cart, so it cannot be changed right now.',
} as const;

/** The fields of one cart unit the rules read; the service's cart item has these and more. */
export interface CartUnit {
  productId: number;
  distributionType: string;
  price: number;
  fullPrice: number;
  currency: string;
  variant: { id: number; type: string; cartLimit?: number | null | undefined };
}

/** One line of the popup: every unit of one product in one format. */
export interface CartLine<Unit extends CartUnit = CartUnit> {
  key: string;
  productId: number;
  variantId: number;
  /** The first unit, for the line's name, picture and prices. */
  unit: Unit;
  quantity: number;
  /** Sum of the units' prices, in minor units. */
  price: number;
  fullPrice: number;
  currency: string;
}

export function lineKey(productId: number, variantId: number): string {
  return `${productId}:${variantId}`;
}

/** Units grouped into lines, in the order each product and format first entered the cart. */
export function cartLines<Unit extends CartUnit>(units: readonly Unit[]): Array<CartLine<Unit>> {
  const lines = new Map<string, CartLine<Unit>>();
  for (const unit of units) {
    const key = lineKey(unit.productId, unit.variant.id);
    const line = lines.get(key);
    if (line) {
      line.quantity += 1;
      line.price += unit.price;
      line.fullPrice += unit.fullPrice;
    } else {
      lines.set(key, { key, productId: unit.productId, variantId: unit.variant.id, unit, quantity: 1, price: unit.price, fullPrice: unit.fullPrice, currency: unit.currency });
    }
  }
  return [...lines.values()];
}

/** The navbar badge: every unit counts (three copies of a print volume are three items). */
export function cartItemCount(units: readonly unknown[]): number {
  return units.length;
}

/** Storefront spec §5: only Print items have quantity controls; a digital copy is owned once. */
export function hasQuantityControls(unit: CartUnit): boolean {
  return unit.distributionType === 'Print';
}

/** The most of one variant a cart may hold; no limit when the variant sets none. */
export function quantityLimit(unit: CartUnit): number {
  const limit = unit.variant.cartLimit;
  return typeof limit === 'number' && limit >= 1 ? limit : Number.POSITIVE_INFINITY;
}

/** Storefront spec §5: the quantity shown is at least 1 and at most the cart limit. */
export function clampQuantity(quantity: number, unit: CartUnit): number {
  return Math.min(Math.max(1, Math.floor(quantity)), quantityLimit(unit));
}

export function canIncrease(quantity: number, unit: CartUnit): boolean {
  return quantity < quantityLimit(unit);
}

export function canDecrease(quantity: number): boolean {
  return quantity > 1;
}

/** The cart change payload's fields the storefront decides (storefront spec §3). */
export interface CartChange {
  productId: number;
  variantId: number;
  /** Positive adds that many units, negative takes that many away. */
  amount: number;
  /** Takes every unit of the product and variant away. */
  removeAll?: boolean;
}

/**
 * What to send so the cart holds `wanted` units of a line that holds `held` on the server: an
 * addition up to the limit, or at most `held − 1` removals (spec §5), or nothing.
 */
export function quantityChange(line: Pick<CartLine, 'productId' | 'variantId' | 'quantity' | 'unit'>, wanted: number): CartChange | null {
  const target = clampQuantity(wanted, line.unit);
  if (target > line.quantity) return { productId: line.productId, variantId: line.variantId, amount: target - line.quantity };
  const removals = Math.min(line.quantity - target, line.quantity - 1);
  return removals > 0 ? { productId: line.productId, variantId: line.variantId, amount: -removals } : null;
}

/** Takes a whole line out of the cart. */
export function removeLineChange(line: Pick<CartLine, 'productId' | 'variantId' | 'quantity'>): CartChange {
  return { productId: line.productId, variantId: line.variantId, amount: -line.quantity, removeAll: true };
}

/**
 * The quantities a reader asked for and that are not sent yet, by line key (spec §4: changes are
 * batched, then applied). Each click replaces the line's wanted quantity; a flush turns every
 * wanted quantity into one change against what the server holds.
 */
export type QuantityDrafts = ReadonlyMap<string, number>;

export function draftQuantity(drafts: QuantityDrafts, line: Pick<CartLine, 'key' | 'quantity' | 'unit'>, wanted: number): QuantityDrafts {
  const next = new Map(drafts);
  const target = clampQuantity(wanted, line.unit);
  if (target === line.quantity) next.delete(line.key);
  else next.set(line.key, target);
  return next;
}

/** The quantity to show for a line: the reader's unsent choice, else what the cart holds. */
export function shownQuantity(drafts: QuantityDrafts, line: Pick<CartLine, 'key' | 'quantity'>): number {
  return drafts.get(line.key) ?? line.quantity;
}

/** The changes a flush sends; lines that left the cart meanwhile are dropped. */
export function draftChanges(drafts: QuantityDrafts, lines: readonly CartLine[]): CartChange[] {
  const changes: CartChange[] = [];
  for (const line of lines) {
    const wanted = drafts.get(line.key);
    if (wanted === undefined) continue;
    const change = quantityChange(line, wanted);
    if (change) changes.push(change);
  }
  return changes;
}

import type { Cart, CartItem } from '@inkwell/contracts/cart';
import { DEFAULT_CURRENCY } from '@inkwell/contracts/catalog-rules';
import { ConflictError, DomainError, EVENTS, ForbiddenError, type Database, type Outbox, type Transaction } from '@inkwell/platform';
import {
  applyChange,
  CART_MESSAGES,
  cartTotal,
  mergeLines,
  reviewCart,
  type CartLine,
  type CatalogProduct,
  type PricedLine,
  type Refusal,
  type Review,
  type Shopper,
} from '../domain';
import type { CatalogProducts } from '../peers/catalog';
import type { OwnedProducts } from '../peers/entitlements';
import { attachCart, closeMergedCart, findCart, lockCart, lockOtherOpenCarts, readLines, writeLines, type CartRow } from '../store/carts';

/** What the cart's flows are given: its database and outbox, the catalog and the reader's entitlements. */
export interface CartDeps {
  db: Database;
  outbox: Outbox;
  catalog: CatalogProducts;
  owned: OwnedProducts;
  now: () => Date;
}

/** Who is asking: the signed-in account (if any) and where the request comes from. */
export interface Visitor {
  userId: string | undefined;
  country: string | undefined;
}

/** A cart as one transaction sees it: locked, its owner settled, reviewed against the catalog. */
export interface CartState {
  cart: CartRow;
  lines: CartLine[];
  catalog: Map<number, CatalogProduct>;
  shopper: Shopper;
  review: Review;
}

type CartUpdatedData = (typeof EVENTS.cartUpdated.schema)['static'];

/** A refused change: 409 for what the cart's state refuses, 403 with the geo status for the region lock, else 400. */
export class CartRefusalError extends DomainError {
  constructor(refusal: Refusal) {
    const conflict = ['digitalOnce', 'overLimit', 'cartFull', 'alreadyOwned', 'notInCart', 'belowZero'].includes(refusal.kind);
    const status = refusal.regionLock ? 403 : conflict ? 409 : 400;
    // Only a zero amount is about one field of the change; the others are about the product or the cart.
    super(status, refusal.regionLock ? 'Forbidden' : conflict ? 'Conflict' : 'BadRequest', refusal.message, { refusal: refusal.kind, ...(refusal.kind === 'zeroAmount' ? { field: 'Amount' } : {}) });
    if (refusal.regionLock) this.statusExtras = { geoRestriction: 'Restricted' };
  }
}

/** Postgres gave up one of two transactions that waited on each other (two sign-ins at once): run it again. */
const RETRYABLE = new Set(['40P01', '40001']);

export async function inTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 3 || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
    }
  }
}

/**
 * Opens the cart for this visitor inside `tx`: locks it (creating it Open), refuses another
 * account's cart, attaches a guest cart to the signed-in account and merges the account's other open
 * carts into it, and drops lines the catalog no longer sells to this visitor (stored only for an
 * Open cart). `extraProductIds` are priced along (the product being added).
 */
export async function openCart(deps: CartDeps, tx: Transaction, cartId: string, visitor: Visitor, extraProductIds: readonly number[] = []): Promise<CartState & { events: CartUpdatedData[] }> {
  const cart = await lockCart(tx, cartId);
  if (cart.accountId !== null && cart.accountId !== visitor.userId) throw new ForbiddenError(CART_MESSAGES.otherAccount);
  let lines = await readLines(tx, cartId);
  let merged = false;
  const others: CartRow[] = [];
  if (visitor.userId !== undefined && cart.accountId === null) {
    await attachCart(tx, cartId, visitor.userId);
    cart.accountId = visitor.userId;
    if (cart.status === 'Open') others.push(...(await lockOtherOpenCarts(tx, visitor.userId, cartId)));
  }
  const otherLines: CartLine[][] = [];
  for (const other of others) otherLines.push(await readLines(tx, other.id));
  const ids = [...lines, ...otherLines.flat()].map((line) => line.productId).concat(extraProductIds);
  const catalog = await deps.catalog.products(ids);
  if (others.length > 0) {
    const variantOf = (line: CartLine) => catalog.get(line.productId)?.variants.find((variant) => variant.id === line.variantId);
    const accountLines = otherLines.reduce<CartLine[]>((sum, next) => mergeLines(sum, next, variantOf), []);
    lines = mergeLines(accountLines, lines, variantOf);
    for (const other of others) await closeMergedCart(tx, other.id, cartId);
    merged = true;
  }
  // Ownership matters for Digital items only; a cart without any need not wait on the reader.
  const digitalInvolved = ids.some((id) => catalog.get(id)?.variants.some((variant) => variant.type === 'Digital'));
  const owned = visitor.userId !== undefined && digitalInvolved ? await deps.owned.owned(visitor.userId) : new Set<number>();
  const shopper: Shopper = { signedIn: visitor.userId !== undefined, country: visitor.country, owned };
  const review = reviewCart(lines, catalog, shopper, deps.now());
  const events: CartUpdatedData[] = [];
  if (cart.status === 'Open' && (review.changed || merged)) {
    await writeLines(tx, cartId, review.lines);
    events.push(cartUpdated(cart, merged ? 'merged' : 'reviewed', review.kept));
  }
  return { cart, lines: review.lines, catalog, shopper, review, events };
}

function cartUpdated(cart: CartRow, reason: CartUpdatedData['reason'], kept: readonly PricedLine[], change?: CartUpdatedData['change']): CartUpdatedData {
  const total = cartTotal(kept, DEFAULT_CURRENCY);
  return {
    cartId: cart.id,
    ...(cart.accountId ? { userId: cart.accountId } : {}),
    reason,
    ...(change ? { change } : {}),
    items: kept.map((line) => ({
      productId: String(line.productId),
      variantId: String(line.variantId),
      distributionType: line.variant.type,
      quantity: line.quantity,
      price: { cents: line.variant.priceCents, currency: line.variant.currency },
    })),
    total: { cents: total.amount, currency: total.currency },
    units: kept.reduce((sum, line) => sum + line.quantity, 0),
  };
}

export async function publish(deps: CartDeps, tx: Transaction, events: readonly CartUpdatedData[]): Promise<void> {
  if (events.length === 0) return;
  await deps.outbox.add(tx, ...events.map((data) => ({ type: EVENTS.cartUpdated.type, version: EVENTS.cartUpdated.version, key: data.cartId, data })));
}

/** The answer's items: one entry per unit (spec §3), in the order lines entered the cart. */
export function cartItems(kept: readonly PricedLine[]): CartItem[] {
  return kept.flatMap((line) => {
    const item: CartItem = {
      productId: line.productId,
      product: { id: line.product.id, name: line.product.name, readableUrl: line.product.readableUrl, thumbnails: line.product.thumbnailUrl ? [{ url: line.product.thumbnailUrl }] : [] },
      variant: { id: line.variant.id, type: line.variant.type, cartLimit: line.variant.type === 'Print' ? line.variant.cartLimit : 1 },
      distributionType: line.variant.type,
      price: line.variant.priceCents,
      fullPrice: line.variant.fullPriceCents,
      currency: line.variant.currency,
      isOnSale: line.variant.isOnSale,
    };
    return Array.from({ length: line.quantity }, () => ({ ...item }));
  });
}

export function cartView(state: Pick<CartState, 'cart' | 'review'>, notices: readonly string[] = state.review.notices): Cart {
  const total = cartTotal(state.review.kept, DEFAULT_CURRENCY);
  return {
    guestId: state.cart.id,
    cartItems: cartItems(state.review.kept),
    status: state.cart.status,
    total,
    couponSaveAmount: null,
    couponCode: null,
    notices: [...notices],
  };
}

/** `GET /cart/{id}`: the cart as the catalog prices it now (an empty Open cart for an id never changed). */
export async function readCart(deps: CartDeps, cartId: string, visitor: Visitor): Promise<CartState> {
  // A guest looking at an id nothing was ever added to gets an empty cart without a row being
  // written, so requests for made-up ids leave nothing behind.
  if (visitor.userId === undefined && !(await findCart(deps.db, cartId))) {
    const cart: CartRow = { id: cartId, accountId: null, status: 'Open', heldBy: '', holdId: '' };
    const shopper: Shopper = { signedIn: false, country: visitor.country, owned: new Set() };
    return { cart, lines: [], catalog: new Map(), shopper, review: reviewCart([], new Map(), shopper, deps.now()) };
  }
  return inTransaction(deps.db, async (tx) => {
    const state = await openCart(deps, tx, cartId, visitor);
    await publish(deps, tx, state.events);
    return state;
  });
}

export interface CartChangeInput {
  productId: number;
  variantId: number;
  amount: number;
  removeAll: boolean;
}

function refuseUnlessOpen(cart: CartRow): void {
  if (cart.status !== 'Open') throw new ConflictError(CART_MESSAGES.notOpen[cart.status]);
}

/**
 * `PATCH /cart/{id}`: one change, all or nothing. The cart row stays locked from the read to the
 * write, so concurrent changes to one cart apply one after another.
 */
export async function changeCart(deps: CartDeps, cartId: string, visitor: Visitor, change: CartChangeInput): Promise<CartState> {
  return inTransaction(deps.db, async (tx) => {
    const state = await openCart(deps, tx, cartId, visitor, [change.productId]);
    refuseUnlessOpen(state.cart);
    const product = state.catalog.get(change.productId);
    if (!product) throw new DomainError(404, 'NotFound', CART_MESSAGES.unknownProduct(change.productId));
    const variant = product.variants.find((candidate) => candidate.id === change.variantId);
    if (!variant) throw new DomainError(400, 'BadRequest', CART_MESSAGES.unknownVariant(change.variantId, product.name), { field: 'VariantId' });
    const outcome = applyChange(state.lines, product, variant, { amount: change.amount, removeAll: change.removeAll }, state.shopper, deps.now());
    if (!outcome.ok) throw new CartRefusalError(outcome.refusal);
    const { lines } = outcome;
    await writeLines(tx, cartId, lines);
    const review = reviewCart(lines, state.catalog, state.shopper, deps.now());
    const signed = change.removeAll ? -state.review.lines.filter((line) => line.productId === change.productId && line.variantId === change.variantId).reduce((sum, line) => sum + line.quantity, 0) : change.amount;
    await publish(deps, tx, [...state.events, cartUpdated(state.cart, 'changed', review.kept, { productId: String(change.productId), variantId: String(change.variantId), amount: signed })]);
    return { ...state, lines, review: { ...review, notices: state.review.notices } };
  });
}

/** `PATCH /cart/{id}/empty`: every line taken away. */
export async function emptyCart(deps: CartDeps, cartId: string, visitor: Visitor): Promise<CartState> {
  return inTransaction(deps.db, async (tx) => {
    const state = await openCart(deps, tx, cartId, visitor);
    refuseUnlessOpen(state.cart);
    await writeLines(tx, cartId, []);
    const review = reviewCart([], state.catalog, state.shopper, deps.now());
    await publish(deps, tx, [...state.events, cartUpdated(state.cart, 'emptied', [])]);
    return { ...state, lines: [], review: { ...review, notices: state.review.notices } };
  });
}

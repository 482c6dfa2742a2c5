import { DEFAULT_CURRENCY } from '@inkwell/contracts/catalog-rules';
import {
  BadRequestError,
  ConflictError,
  type CartCheckoutService,
  type CheckoutCart,
  type ServiceHandlers,
  type Transaction,
} from '@inkwell/platform';
import { inTransaction, openCart, publish, type CartDeps, type CartState } from '../flows/cart-session';
import { CART_MESSAGES, COUPON_MESSAGES, cartTotal, couponSaving, couponUsable, isCartId, normalizeCartId, normalizeCode } from '../domain';
import { holdReleased, lockCart, moveHeldCart, recordReleasedHold } from '../store/carts';
import { findCouponByCode, redeemCoupon, redemptionOrder, usedByAccount } from '../store/coupons';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function cartIdOf(raw: string): string {
  if (!isCartId(raw)) throw new BadRequestError(CART_MESSAGES.malformedCartId);
  return normalizeCartId(raw);
}

/** A uuid in lower case, or a 400 with `message`. */
function uuidOf(raw: string, message: string): string {
  if (!UUID.test(raw)) throw new BadRequestError(message);
  return raw.toLowerCase();
}

const purchaseIdOf = (raw: string): string => uuidOf(raw, CART_MESSAGES.purchaseIdNotUuid);

/** A payment attempt's hold id: '' (or absent) for a hold by purchase alone, otherwise a uuid. */
const holdIdOf = (raw: string | undefined): string => (raw ? uuidOf(raw, CART_MESSAGES.holdIdNotUuid) : '');

interface Pricing {
  couponCode: string;
  couponSaveAmount: number;
  couponProblem: string;
}

function answer(state: Pick<CartState, 'cart' | 'review'>, held: string, pricing: Pricing): CheckoutCart {
  const total = cartTotal(state.review.kept, DEFAULT_CURRENCY);
  return {
    cartId: state.cart.id,
    status: state.cart.status,
    userId: state.cart.accountId ?? '',
    lines: state.review.kept.map((line) => ({
      productId: String(line.productId),
      variantId: String(line.variantId),
      productName: line.product.name,
      thumbnailUrl: line.product.thumbnailUrl ?? '',
      distributionType: line.variant.type,
      quantity: line.quantity,
      priceCents: String(line.variant.priceCents),
      fullPriceCents: String(line.variant.fullPriceCents),
      currency: line.variant.currency,
      scheduleDate: line.variant.scheduleDate ?? '',
      isPreOrder: line.variant.isPreOrder ?? false,
      parcel: line.variant.parcel ?? null,
      seriesId: line.product.seriesId === null ? '' : String(line.product.seriesId),
    })),
    currency: total.currency,
    totalCents: String(total.amount),
    notices: [...state.review.notices],
    heldBy: held,
    ...pricing,
  };
}

async function priceCoupon(deps: CartDeps, tx: Transaction, typed: string, state: CartState, userId: string | undefined): Promise<Pricing> {
  const none: Pricing = { couponCode: '', couponSaveAmount: 0, couponProblem: '' };
  if (typed.trim() === '') return none;
  const code = normalizeCode(typed);
  const coupon = await findCouponByCode(tx, code);
  if (!coupon) return { ...none, couponProblem: COUPON_MESSAGES.unknown(code) };
  const problem = couponUsable(coupon, { now: deps.now(), usedByAccount: await usedByAccount(tx, coupon.id, userId), accountId: userId });
  if (problem) return { ...none, couponProblem: problem.message };
  const saving = couponSaving(coupon, state.review.kept, cartTotal(state.review.kept, DEFAULT_CURRENCY).currency);
  if (!saving.ok) return { ...none, couponProblem: saving.problem.message };
  return { couponCode: coupon.code, couponSaveAmount: saving.saveAmount, couponProblem: '' };
}

/**
 * The cart's answers to checkout (proto/inkwell/cart/v1/checkout.proto). Reading goes through the
 * same review as the storefront's cart calls, under the cart's row lock, so a hold sees exactly the
 * lines it will charge for and no change can slip in between.
 */
export function checkoutHandlers(deps: CartDeps): ServiceHandlers<CartCheckoutService> {
  return {
    async readCart({ cartId, userId, country, couponCode }) {
      const id = cartIdOf(cartId);
      const visitor = { userId: userId || undefined, country: country || undefined };
      return inTransaction(deps.db, async (tx) => {
        const state = await openCart(deps, tx, id, visitor);
        await publish(deps, tx, state.events);
        return answer(state, state.cart.heldBy, await priceCoupon(deps, tx, couponCode, state, visitor.userId));
      });
    },

    async holdCart({ cartId, userId, couponCode, purchaseId, holdId }) {
      const id = cartIdOf(cartId);
      const purchase = purchaseIdOf(purchaseId);
      const attempt = holdIdOf(holdId);
      const visitor = { userId: userId || undefined, country: undefined };
      return inTransaction(deps.db, async (tx) => {
        const state = await openCart(deps, tx, id, visitor);
        await publish(deps, tx, state.events);
        let held = state.cart.heldBy;
        if (state.cart.status === 'Closed') throw new ConflictError(CART_MESSAGES.notOpen.Closed);
        // An attempt already given back: its hold arrived after the order service stopped waiting for it.
        if (attempt !== '' && (await holdReleased(tx, attempt))) throw new ConflictError(CART_MESSAGES.holdReleased);
        if (state.cart.status === 'Purchasing' && held !== purchase) throw new ConflictError(CART_MESSAGES.notOpen.Purchasing);
        if (state.review.kept.length === 0) throw new ConflictError(CART_MESSAGES.emptyCart);
        if (state.cart.status === 'Open') {
          await moveHeldCart(tx, id, 'Purchasing', purchase, attempt || null);
          state.cart.status = 'Purchasing';
          held = purchase;
        } else if (attempt !== '' && state.cart.holdId !== attempt) {
          // A new attempt at the same purchase takes over a hold the last one did not give back;
          // the last one's hold is ended, so a late hold or release of it changes nothing.
          if (state.cart.holdId !== '') await recordReleasedHold(tx, id, state.cart.holdId);
          await moveHeldCart(tx, id, 'Purchasing', purchase, attempt);
        }
        return answer(state, held, await priceCoupon(deps, tx, couponCode, state, visitor.userId));
      });
    },

    async releaseCart({ cartId, purchaseId, holdId }) {
      return moveHold(deps, cartId, purchaseId, holdId, 'Open');
    },

    async closeCart({ cartId, purchaseId, holdId }) {
      return moveHold(deps, cartId, purchaseId, holdId, 'Closed');
    },

    async redeemCoupon({ code, userId, orderId, saveAmount, currency }) {
      if (!userId || !orderId) throw new BadRequestError(CART_MESSAGES.purchaseFieldsRequired);
      return deps.db.transaction(async (tx) => {
        const coupon = await findCouponByCode(tx, normalizeCode(code), { lock: true });
        if (coupon) {
          if ((await redemptionOrder(tx, coupon.id, userId)) === orderId) return { redeemed: true, problem: '' };
        }
        const problem = await redeemCoupon(tx, deps.outbox, { code, accountId: userId, orderId, saveAmount, currency }, deps.now());
        return { redeemed: problem === null, problem: problem?.message ?? '' };
      });
    },
  };
}

/**
 * Purchasing → Open or Closed for the purchase (and, when named, the payment attempt) holding the
 * cart; a cart already there is answered as it is. Giving an attempt back records it as ended first,
 * even when its hold has not landed yet. Needs nothing but the cart's own row (not the catalog), so
 * checkout can always finish.
 */
async function moveHold(deps: CartDeps, cartId: string, purchaseId: string, holdId: string | undefined, to: 'Open' | 'Closed'): Promise<CheckoutCart> {
  const id = cartIdOf(cartId);
  const purchase = purchaseIdOf(purchaseId);
  const attempt = holdIdOf(holdId);
  return inTransaction(deps.db, async (tx) => {
    const cart = await lockCart(tx, id);
    if (to === 'Open' && attempt !== '') await recordReleasedHold(tx, id, attempt);
    const held = cart.heldBy;
    const ours = cart.status === 'Purchasing' && held === purchase && (attempt === '' || cart.holdId === '' || cart.holdId === attempt);
    const alreadyThere = (to === 'Closed' && cart.status === 'Closed' && held === purchase) || (to === 'Open' && cart.status === 'Open');
    if (ours) await moveHeldCart(tx, id, to, to === 'Closed' ? purchase : null, to === 'Closed' ? cart.holdId || null : null);
    else if (!alreadyThere) throw new ConflictError(CART_MESSAGES.notHeldByPurchase);
    return {
      cartId: id,
      status: ours ? to : cart.status,
      userId: cart.accountId ?? '',
      lines: [],
      currency: DEFAULT_CURRENCY,
      totalCents: '0',
      couponCode: '',
      couponSaveAmount: 0,
      couponProblem: '',
      notices: [],
      heldBy: ours ? (to === 'Closed' ? purchase : '') : held,
    };
  });
}

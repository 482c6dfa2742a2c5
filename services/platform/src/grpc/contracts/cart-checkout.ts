import type { ServiceLocation } from '../types';
import type { CatalogParcel } from './catalog';

/**
 * `proto/inkwell/cart/v1/checkout.proto`: the cart's answers to checkout (read, hold, release and
 * close a cart; redeem a coupon). The proto's comments document each field; these types restate its
 * shape as proto-loader delivers it (lowerCamelCase, int64 as a decimal string).
 */
export const CART_CHECKOUT: ServiceLocation = { proto: 'inkwell/cart/v1/checkout.proto', service: 'inkwell.cart.v1.Checkout' };

export interface ReadCartRequest {
  cartId: string;
  userId: string;
  country: string;
  couponCode: string;
}

export interface HoldCartRequest {
  cartId: string;
  userId: string;
  couponCode: string;
  purchaseId: string;
  /** The payment attempt's hold, '' for none (see the proto). */
  holdId?: string;
}

export interface CartHoldRequest {
  cartId: string;
  purchaseId: string;
  holdId?: string;
}

export interface CheckoutLine {
  productId: string;
  variantId: string;
  productName: string;
  thumbnailUrl: string;
  distributionType: string;
  quantity: number;
  priceCents: string;
  fullPriceCents: string;
  currency: string;
  scheduleDate: string;
  isPreOrder: boolean;
  parcel?: CatalogParcel | null;
  seriesId: string;
}

export interface CheckoutCart {
  cartId: string;
  status: string;
  userId: string;
  lines: CheckoutLine[];
  currency: string;
  totalCents: string;
  couponCode: string;
  couponSaveAmount: number;
  couponProblem: string;
  notices: string[];
  heldBy: string;
}

export interface RedeemCouponRequest {
  code: string;
  userId: string;
  orderId: string;
  saveAmount: number;
  currency: string;
}

export interface RedeemCouponResponse {
  redeemed: boolean;
  problem: string;
}

export interface CartCheckoutService {
  readCart(request: ReadCartRequest): Promise<CheckoutCart>;
  holdCart(request: HoldCartRequest): Promise<CheckoutCart>;
  releaseCart(request: CartHoldRequest): Promise<CheckoutCart>;
  closeCart(request: CartHoldRequest): Promise<CheckoutCart>;
  redeemCoupon(request: RedeemCouponRequest): Promise<RedeemCouponResponse>;
}

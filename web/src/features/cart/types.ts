/**
 * Shapes of the cart service's answers (storefront spec §3).
 * PROVISIONAL until `@inkwell/contracts/cart` lands; then this re-exports it.
 */
export type CartStatus = 'Open' | 'Purchasing' | 'Closed';

export interface CartItemView {
  productId: number;
  product: { id: number; name: string; thumbnails: Array<{ url: string; width?: number; height?: number }> };
  variant: { id: number; type: 'Digital' | 'Print'; cartLimit?: number | null };
  distributionType: 'Digital' | 'Print';
  price: number;
  fullPrice: number;
  currency: string;
  isOnSale: boolean;
}

export interface CartView {
  guestId: string;
  cartItems: CartItemView[];
  status: CartStatus;
  total: { amount: number; currency: string };
  couponSaveAmount?: number | null;
}

export interface CartChangeBody {
  productId: number;
  VariantId: number;
  Amount: number;
  RemoveAll?: boolean;
  isFree?: boolean;
}

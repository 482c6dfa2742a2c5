import type { ProductCardView, VariantView } from '@inkwell/contracts/catalog';
import { AddToCartButton } from './add-to-cart-button';

/** The add-to-cart control the catalog's product panel shows for the chosen format. */
export function productCartAction(product: ProductCardView, variant: VariantView) {
  return <AddToCartButton key={variant.id} product={product} variant={variant} />;
}

/** The small add-to-cart buttons under a card in a series' lists, one per format. */
export function cardCartAction(product: ProductCardView, variant: VariantView) {
  return <AddToCartButton key={variant.id} product={product} variant={variant} compact />;
}

import { useId, useState } from 'react';
import type { ProductCardView, VariantView } from '@inkwell/contracts/catalog';
import { Button } from '@inkwell/ui-kit/button';
import { CartIcon, CheckIcon } from '@inkwell/ui-kit/icons';
import { cartChangeProblem, useUpdateCart } from '../api/update-cart';
import { requestCartPopup } from '../cart-popup-request';
import { cartLines, lineKey, quantityLimit } from '../cart-rules';
import type { CartItemView } from '../types';
import { useShopperCart } from '../use-shopper-cart';
import styles from './add-to-cart-button.module.css';

type Product = Pick<ProductCardView, 'id' | 'name' | 'thumbnails'> & { readableUrl?: string | null };

/** How a unit of this product and format looks in the cart, so the cart shows it before the answer arrives. */
function pictureUnit(product: Product, variant: VariantView): CartItemView {
  return {
    productId: product.id,
    product: { id: product.id, name: product.name, readableUrl: product.readableUrl ?? null, thumbnails: product.thumbnails },
    variant: { id: variant.id, type: variant.type, cartLimit: variant.cartLimit },
    distributionType: variant.type,
    price: variant.price,
    fullPrice: variant.fullPrice,
    currency: variant.currency,
    isOnSale: variant.isOnSale,
  };
}

interface AddToCartButtonProps {
  product: Product;
  variant: VariantView;
  /** A small button for a card in a list; the product page has the large one. */
  compact?: boolean;
}

/**
 * Adds one unit of a product in one format (`PATCH /cart/{id}` with Amount 1). The cart and its
 * badge change at once; a refusal puts them back and says why here, including the region lock the
 * service signals with an empty answer. A digital copy is bought once, and print stops at the
 * variant's cart limit.
 */
export function AddToCartButton({ product, variant, compact = false }: AddToCartButtonProps) {
  const { identity, cart } = useShopperCart();
  const update = useUpdateCart();
  const [outcome, setOutcome] = useState<{ tone: 'added' | 'problem'; text: string } | null>(null);
  const statusId = useId();

  const line = cart.data ? cartLines(cart.data.cartItems).find((candidate) => candidate.key === lineKey(product.id, variant.id)) : undefined;
  const held = line?.quantity ?? 0;
  const limit = variant.type === 'Digital' ? 1 : quantityLimit(pictureUnit(product, variant));
  const full = held >= limit;
  const locked = cart.data?.status === 'Purchasing';

  const add = () => {
    if (!identity) return;
    setOutcome(null);
    update.mutate(
      { identity, changes: [{ productId: product.id, variantId: variant.id, amount: 1 }], newUnit: pictureUnit(product, variant), isFree: variant.price === 0 },
      {
        onSuccess: () => setOutcome({ tone: 'added', text: `Added to your cart${held > 0 ? ` (${held + 1} in cart)` : ''}.` }),
        onError: (error) => setOutcome({ tone: 'problem', text: cartChangeProblem(error) }),
      },
    );
  };

  let label: string;
  if (variant.type === 'Digital' && full) label = compact ? 'Digital in cart' : 'In your cart';
  else if (full) label = compact ? 'Print: limit reached' : 'Cart limit reached';
  else label = compact ? `Add ${variant.type}` : 'Add to cart';

  return (
    <div className={compact ? styles.compact : styles.full}>
      <Button
        size={compact ? 'sm' : 'lg'}
        variant={compact ? 'secondary' : 'primary'}
        className={styles.button}
        onClick={add}
        disabled={!identity || full || locked || update.isPending}
        // A card's short label names the product too, starting with the words shown (WCAG 2.5.3).
        aria-label={compact ? (label.startsWith('Add ') ? `${label} edition of ${product.name} to cart` : `${label}: ${product.name}`) : undefined}
        aria-describedby={outcome ? statusId : undefined}
      >
        {full ? <CheckIcon size={compact ? 16 : 20} /> : <CartIcon size={compact ? 16 : 20} />}
        {update.isPending ? 'Adding…' : label}
      </Button>
      <p id={statusId} className={outcome?.tone === 'problem' ? styles.problem : styles.added} role={outcome?.tone === 'problem' ? 'alert' : 'status'}>
        {outcome?.text}
        {outcome?.tone === 'added' && (
          <>
            {' '}
            <button type="button" className={styles.view} onClick={requestCartPopup}>
              View cart
            </button>
          </>
        )}
      </p>
    </div>
  );
}

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { CartIcon } from '@inkwell/ui-kit/icons';
import { useDismiss } from '@/hooks/use-dismiss';
import { dismissCartNotices } from '../api/get-cart';
import { onCartPopupRequest } from '../cart-popup-request';
import { cartItemCount } from '../cart-rules';
import { useShopperCart } from '../use-shopper-cart';
import { CartPopup } from './cart-popup';
import styles from './cart-button.module.css';

/**
 * The navbar's cart (storefront spec §2): a button with the number of items in the cart, opening
 * the "Cart Order" popup. The cart is `GET /cart/{browserId}`, shared through the query cache with
 * every add-to-cart button, so the badge follows each change as soon as it is made. `whileOpen` is
 * mounted with the popup: the app puts there what the open cart must start (spec §4: the payment
 * provider loads while a cart overlay is open), which is another feature's business.
 */
export function CartButton({ whileOpen }: { whileOpen?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [couponCode, setCouponCode] = useState<string | undefined>(undefined);
  const close = useCallback(() => {
    setOpen(false);
    dismissCartNotices();
  }, []);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useDismiss(open, close, { panel, trigger });
  const { identity, cart } = useShopperCart();
  useEffect(() => onCartPopupRequest(() => setOpen(true)), []);

  const count = cart.data ? cartItemCount(cart.data.cartItems) : null;
  const label = count === null ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;

  return (
    <div className={styles.root}>
      <button ref={trigger} type="button" className={styles.trigger} aria-label={label} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        <CartIcon />
        {count !== null && (
          <span className={styles.badge} aria-hidden="true" data-testid="cart-count">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div ref={panel}>
          <CartPopup identity={identity} cart={cart} couponCode={couponCode} onCouponChange={setCouponCode} onClose={close} returnFocusTo={trigger} />
          {whileOpen}
        </div>
      )}
    </div>
  );
}

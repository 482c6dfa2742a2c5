import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@inkwell/ui-kit/button';
import { AlertIcon, CloseIcon, RefreshIcon } from '@inkwell/ui-kit/icons';
import { CoverImage } from '@/components/ui/cover-image';
import { FormAlert } from '@/components/ui/form-alert';
import { Price } from '@/components/ui/price';
import { Skeleton } from '@/components/ui/skeleton';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { useOpenCheckout } from '@/lib/checkout-origin';
import { formatMoney } from '@/lib/format';
import { useCart, useCartNotices, type CartIdentity } from '../api/get-cart';
import { cartChangeProblem, useUpdateCart } from '../api/update-cart';
import { CART_MESSAGES, CART_TEXT, cartLines, hasQuantityControls, removeLineChange, type CartChange, type CartLine } from '../cart-rules';
import type { CartItemView, CartView } from '../types';
import { useQuantityBatch } from '../use-quantity-batch';
import { TrashIcon } from './cart-icons';
import { CouponForm } from './coupon-form';
import { QuantityStepper } from './quantity-stepper';
import styles from './cart-popup.module.css';

/** Storefront spec §9: cart thumbnails are 60 px wide; the product poster ratio gives the height. */
const THUMBNAIL_WIDTH = 60;
const POSTER_RATIO = 125;

interface CartPopupProps {
  identity: CartIdentity | null;
  cart: UseQueryResult<CartView>;
  /** The coupon the visitor entered; its saving is previewed here and used at checkout. */
  couponCode: string | undefined;
  onCouponChange: (code: string | undefined) => void;
  onClose: () => void;
  /** The navbar's cart button; focus goes back to it when the popup closes on this page. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

function LineRow({ line, quantity, locked, onQuantity, onRemove }: { line: CartLine<CartItemView>; quantity: number; locked: boolean; onQuantity: (quantity: number) => void; onRemove: () => void }) {
  const { unit } = line;
  const name = unit.product.name;
  const unitPrice = unit.price;
  return (
    <tr className={styles.row}>
      <td className={styles.productCell}>
        <div className={styles.product}>
          <div className={styles.thumb} style={{ width: THUMBNAIL_WIDTH }}>
            <CoverImage images={unit.product.thumbnails.map((thumbnail) => ({ width: THUMBNAIL_WIDTH * 2, height: THUMBNAIL_WIDTH * 2.5, ...thumbnail }))} alt="" ratio={POSTER_RATIO} sizes={`${THUMBNAIL_WIDTH}px`} />
          </div>
          <div className={styles.productText}>
            <span className={styles.name}>{name}</span>
            <span className={styles.format}>{unit.distributionType}</span>
            <button type="button" className={styles.remove} onClick={onRemove} disabled={locked}>
              <TrashIcon size={14} />
              Remove<span className="visually-hidden"> {name}</span>
            </button>
          </div>
        </div>
      </td>
      <td className={styles.quantityCell}>
        {hasQuantityControls(unit) ? (
          <QuantityStepper quantity={quantity} unit={unit} itemName={name} onChange={onQuantity} disabled={locked} />
        ) : (
          <span className={styles.fixedQuantity}>{quantity}</span>
        )}
      </td>
      <td className={styles.priceCell}>
        <Price amount={unitPrice * quantity} fullAmount={unit.fullPrice * quantity} currency={line.currency} />
      </td>
    </tr>
  );
}

function LoadingRows() {
  return (
    <div role="status" className={styles.loading}>
      <span className="visually-hidden">Loading your cart…</span>
      {[0, 1].map((index) => (
        <div key={index} className={styles.loadingRow} aria-hidden="true">
          <Skeleton className={styles.loadingThumb} />
          <div className={styles.loadingText}>
            <Skeleton className={styles.loadingLine} />
            <Skeleton className={styles.loadingLineShort} />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The navbar's "Cart Order" popup (storefront spec §2): a dialog with the cart's lines under the
 * columns Product / Quantity / Price, the subtotal with its tax note, a coupon preview, and
 * Checkout and Continue Shopping. Focus moves in when it opens, stays inside while it is open, and
 * goes back to the cart button when it closes.
 */
export function CartPopup({ identity, cart, couponCode, onCouponChange, onClose, returnFocusTo }: CartPopupProps) {
  const panel = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const noteId = useId();
  const openCheckout = useOpenCheckout();
  const update = useUpdateCart();
  const coupon = useCart(couponCode ? identity : null, couponCode);
  const [problem, setProblem] = useState<string | null>(null);
  const notices = useCartNotices();

  useFocusTrap(panel, true);
  useEffect(() => {
    heading.current?.focus();
    const returnTarget = returnFocusTo.current;
    const openedOn = window.location.pathname;
    return () => {
      if (window.location.pathname === openedOn) returnTarget?.focus({ preventScroll: true });
    };
  }, [returnFocusTo]);

  const lines = cart.data ? cartLines(cart.data.cartItems) : [];
  const locked = cart.data?.status === 'Purchasing';

  const send = useCallback(
    (changes: CartChange[], settled?: () => void) => {
      if (!identity) return;
      setProblem(null);
      update.mutate({ identity, changes }, { onError: (error) => setProblem(cartChangeProblem(error)), onSettled: settled });
    },
    [identity, update],
  );
  const batch = useQuantityBatch(lines, send);

  const checkout = () => {
    onClose();
    // Checkout opens over this page; an anonymous visitor chooses there between guest, log in and sign up (issue 26).
    openCheckout();
  };

  let body;
  if (!cart.data) {
    body = cart.isError ? (
      <div className={styles.problem}>
        <FormAlert tone="error">
          <p>{CART_MESSAGES.loadFailed}</p>
        </FormAlert>
        <Button variant="secondary" size="sm" onClick={() => cart.refetch()} disabled={cart.isFetching}>
          <RefreshIcon size={16} />
          {cart.isFetching ? 'Trying again…' : 'Try again'}
        </Button>
      </div>
    ) : (
      <LoadingRows />
    );
  } else if (lines.length === 0) {
    body = <p className={styles.empty}>{CART_TEXT.empty}</p>;
  } else {
    const subtotal = lines.reduce((sum, line) => sum + line.unit.price * batch.quantityOf(line), 0);
    const currency = cart.data.total.currency;
    const saving = coupon.data?.couponSaveAmount ?? null;
    body = (
      <>
        <div className={styles.scroller}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className={styles.quantityHead}>
                  Quantity
                </th>
                <th scope="col" className={styles.priceHead}>
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <LineRow
                  key={line.key}
                  line={line}
                  quantity={batch.quantityOf(line)}
                  locked={locked}
                  onQuantity={(quantity) => batch.setQuantity(line, quantity)}
                  onRemove={() => send([removeLineChange(line)])}
                />
              ))}
            </tbody>
          </table>
        </div>
        <CouponForm code={couponCode} preview={coupon} currency={currency} onApply={onCouponChange} disabled={locked} />
        <dl className={styles.totals}>
          <div className={styles.subtotal}>
            <dt>Subtotal</dt>
            <dd aria-describedby={noteId}>{formatMoney(subtotal, currency)}</dd>
          </div>
          {saving ? (
            <div className={styles.saving}>
              <dt>Coupon {couponCode}</dt>
              <dd>−{formatMoney(saving, currency)}</dd>
            </div>
          ) : null}
        </dl>
        <p id={noteId} className={styles.taxNote}>
          {CART_TEXT.taxesNote}
        </p>
      </>
    );
  }

  return (
    <>
      <div className={styles.backdrop} aria-hidden="true" onClick={onClose} />
      <div ref={panel} className={styles.panel} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className={styles.header}>
          <h2 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
            {CART_TEXT.title}
          </h2>
          <button type="button" className={styles.close} aria-label="Close cart" onClick={onClose}>
            <CloseIcon size={20} />
          </button>
        </div>
        {locked && (
          <p className={styles.locked}>
            <AlertIcon size={18} />
            {CART_MESSAGES.purchasing}
          </p>
        )}
        {problem && (
          <div className={styles.alert}>
            <FormAlert tone="error">
              <p>{problem}</p>
            </FormAlert>
          </div>
        )}
        {/* Items the store no longer sells here left the cart since it was last seen (said once). */}
        {notices.length > 0 && (
          <div className={styles.alert}>
            <FormAlert tone="info" title="Your cart changed">
              {notices.map((notice) => (
                <p key={notice}>{notice}</p>
              ))}
            </FormAlert>
          </div>
        )}
        {body}
        <div className={styles.actions}>
          {lines.length > 0 && (
            <Button onClick={checkout} disabled={batch.waiting || update.isPending}>
              {CART_TEXT.checkout}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {CART_TEXT.continueShopping}
          </Button>
        </div>
      </div>
    </>
  );
}

import { useCallback, useId, useRef, useState } from 'react';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { CartIcon, CloseIcon } from '@inkwell/ui-kit/icons';
import { useDismiss } from '@/hooks/use-dismiss';
import { paths } from '@/config/paths';
import styles from './cart-button.module.css';

/**
 * Navbar cart button and its "Cart Order" popup (storefront spec §2). Nothing can be added to a
 * cart until the catalogue pages exist, so the count is 0 and the popup shows the spec's empty
 * cart; the cart feature replaces both with `GET /cart/{browserId}`.
 */
export function CartButton() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const panelId = useId();
  const titleId = useId();
  useDismiss(open, close, { panel, trigger });

  const itemCount: number = 0;

  return (
    <div className={styles.root}>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-label={`Cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <CartIcon />
        <span className={styles.badge} aria-hidden="true">
          {itemCount}
        </span>
      </button>
      <section ref={panel} id={panelId} className={styles.panel} aria-labelledby={titleId} hidden={!open}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            Cart Order
          </h2>
          <button type="button" className={styles.close} aria-label="Close cart" onClick={close}>
            <CloseIcon size={20} />
          </button>
        </div>
        <p className={styles.empty}>No items in cart</p>
        <div className={styles.actions}>
          <ButtonLink to={paths.browse} onClick={close}>
            Browse comics
          </ButtonLink>
          <Button variant="secondary" onClick={close}>
            Continue Shopping
          </Button>
        </div>
      </section>
    </div>
  );
}

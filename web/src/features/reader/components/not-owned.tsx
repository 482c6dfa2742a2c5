import { useEffect, useRef, type ReactNode } from 'react';
import type { ProductCardView, VariantView } from '@inkwell/contracts/catalog';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { CartIcon } from '@inkwell/ui-kit/icons';
import { SITE_NAME } from '@/components/layout/page';
import { CoverImage } from '@/components/ui/cover-image';
import { Price } from '@/components/ui/price';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useProductOffer } from '../api/get-product-offer';
import { dialogKeys } from '../dialog-keys';
import { useCloseReader } from '../hooks/use-close-reader';
import styles from './reader-states.module.css';

/** The add-to-cart control for one format; the cart is another feature, so the app hands it in. */
export type ReaderCartAction = (product: ProductCardView, variant: VariantView) => ReactNode;

interface NotOwnedProps {
  comicId: string;
  readerId: string;
  cartAction?: ReaderCartAction | undefined;
}

/**
 * A signed-in reader opened a comic they may not read (picked, say, a later volume in the reader's
 * menu): it is not theirs yet. They are told so, not asked to log in (storefront spec §8's message
 * is for visitors), and offered it: its formats with their prices and the cart, or its page.
 */
export function NotOwned({ comicId, readerId, cartAction }: NotOwnedProps) {
  const offer = useProductOffer(comicId, readerId);
  const product = offer.data;
  const productHref = product ? paths.product(product) : `/product/${encodeURIComponent(comicId)}/`;
  const close = useCloseReader(productHref);
  const dialog = useRef<HTMLDivElement>(null);
  const loaded = product !== undefined;
  useEffect(() => {
    if (loaded || offer.isError) dialog.current?.querySelector<HTMLElement>('button:not([disabled]), a')?.focus();
  }, [loaded, offer.isError]);

  const onKeyDown = dialogKeys(close);

  const name = product?.displayName?.trim() || product?.name;
  const title = name ? `You don’t own ${name} yet` : 'You don’t own this comic yet';
  const forSale = (product?.variants ?? []).filter((variant) => variant.enabled && variant.purchasable);

  return (
    <div className={styles.screen}>
      <title>{`${title} · ${SITE_NAME}`}</title>
      <div className={styles.backdrop}>
        <div ref={dialog} className={[styles.modal, styles.offer].join(' ')} role="dialog" aria-modal="true" onKeyDown={onKeyDown} aria-labelledby="not-owned-title" aria-describedby="not-owned-body">
          {product ? (
            <span className={styles.offerCover}>
              <CoverImage images={product.thumbnails} alt="" ratio={125} sizes="6rem" eager />
            </span>
          ) : (
            <span className={styles.modalIcon}>
              <CartIcon />
            </span>
          )}
          <h1 id="not-owned-title" className={styles.modalTitle}>
            {title}
          </h1>
          <p id="not-owned-body" className={styles.modalBody}>
            {forSale.length > 0 || !loaded
              ? 'Buy it to read it here. It joins My Comics as soon as your order is complete.'
              : 'It isn’t for sale right now. Its page says when it can be read.'}
          </p>
          {offer.isPending && (
            <div role="status" className={styles.offerLoading}>
              <span className="visually-hidden">Loading its price…</span>
              <Skeleton className={styles.offerSkeleton} />
            </div>
          )}
          {product && forSale.length > 0 && (
            <ul className={styles.offerFormats} aria-label="Formats">
              {forSale.map((variant) => (
                <li key={variant.id} className={styles.offerFormat}>
                  <span className={styles.offerFormatName}>
                    {variant.type}
                    <Price amount={variant.price} fullAmount={variant.fullPrice} currency={variant.currency} />
                  </span>
                  {cartAction?.(product, variant)}
                </li>
              ))}
            </ul>
          )}
          <div className={styles.modalActions}>
            <ButtonLink to={productHref} variant="secondary">
              See the comic
            </ButtonLink>
            <Button variant="ghost" onClick={close}>
              Close
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { DIGITAL_PURCHASES_UNAVAILABLE_MESSAGE } from '@inkwell/contracts/catalog-rules';
import { ClockIcon } from '@inkwell/ui-kit/icons';
import { Badge } from '@/components/ui/badge';
import { Price } from '@/components/ui/price';
import { formatDate } from '@/lib/format';
import { enabledVariants, percentOff } from '../catalog-details';
import type { ProductCardView, ProductView, VariantView } from '../types';
import styles from './purchase-panel.module.css';

/**
 * The add-to-cart control for one product and format. The cart is another feature, so the app
 * hands it in (features do not import each other).
 */
export type CartAction = (product: ProductCardView, variant: VariantView) => ReactNode;

const FORMAT_NOTES: Record<VariantView['type'], string> = {
  Digital: `Read in your browser and the Inkwell app. ${DIGITAL_PURCHASES_UNAVAILABLE_MESSAGE}`,
  Print: 'Printed book, shipped to your door. Shipping and taxes are worked out at checkout.',
};

function VariantOption({ variant, name, checked, onSelect }: { variant: VariantView; name: string; checked: boolean; onSelect: () => void }) {
  return (
    <label className={styles.option}>
      <input type="radio" name={name} className={styles.radio} checked={checked} onChange={onSelect} />
      <span className={styles.optionType}>{variant.type}</span>
      <span className={styles.optionPrice}>
        <Price amount={variant.price} fullAmount={variant.fullPrice} currency={variant.currency} />
      </span>
    </label>
  );
}

function availabilityNote(product: ProductView, variant: VariantView, restricted: boolean): string | null {
  if (product.readable.isOwned && variant.type === 'Digital') return 'You already own this in your library.';
  if (restricted) return "This can't be bought from your region.";
  if (!variant.purchasable) return 'Not available to buy right now.';
  return null;
}

/**
 * Formats (Digital / Print) with their prices, the sale and pre-order state of the chosen one, and
 * the cart button for it.
 */
export function PurchasePanel({ product, restricted, cartAction }: { product: ProductView; restricted: boolean; cartAction?: CartAction | undefined }) {
  const variants = enabledVariants(product.variants);
  const [selectedId, setSelectedId] = useState(() => variants[0]?.id);
  const name = useId();
  const selected = variants.find((variant) => variant.id === selectedId) ?? variants[0];

  if (!selected) {
    return (
      <section className={styles.panel} aria-label="Buy">
        <p className={styles.unavailable}>Not available to buy right now.</p>
      </section>
    );
  }

  const off = percentOff(selected.price, selected.fullPrice);
  const releaseDate = selected.scheduleDate ?? product.publishDate;
  const blocked = availabilityNote(product, selected, restricted);

  return (
    <section className={styles.panel} aria-label="Buy">
      {variants.length > 1 ? (
        <fieldset className={styles.formats}>
          <legend className={styles.legend}>Format</legend>
          <div className={styles.options}>
            {variants.map((variant) => (
              <VariantOption key={variant.id} variant={variant} name={name} checked={variant.id === selected.id} onSelect={() => setSelectedId(variant.id)} />
            ))}
          </div>
        </fieldset>
      ) : (
        <p className={styles.single}>
          <span className={styles.legend}>Format</span> {selected.type}
        </p>
      )}

      <div className={styles.priceRow}>
        {selected.price === 0 ? (
          <span className={styles.free}>Free</span>
        ) : (
          <Price amount={selected.price} fullAmount={selected.fullPrice} currency={selected.currency} size="lg" />
        )}
        {selected.isOnSale && off > 0 && <Badge tone="sale">Save {off}%</Badge>}
        {selected.isPreOrder && <Badge tone="preorder">Pre-order</Badge>}
      </div>

      {selected.isPreOrder && releaseDate && (
        <p className={styles.preorder}>
          <ClockIcon size={18} />
          <span>
            Pre-order now. {selected.type === 'Print' ? 'Ships' : 'Readable'} from <strong>{formatDate(releaseDate)}</strong>.
          </span>
        </p>
      )}
      {selected.stockInfo?.delayExpected && (
        <p className={styles.delay}>
          <ClockIcon size={18} />
          <span>
            {selected.stockInfo.delayMessage ?? 'Shipping may be delayed.'}
            {selected.stockInfo.delayedUntilDate && ` Expected by ${formatDate(selected.stockInfo.delayedUntilDate)}.`}
          </span>
        </p>
      )}
      <p className={styles.note}>{FORMAT_NOTES[selected.type]}</p>

      {blocked ? (
        <p className={styles.unavailable}>{blocked}</p>
      ) : (
        selected.price > 0 && cartAction?.(product, selected)
      )}
    </section>
  );
}

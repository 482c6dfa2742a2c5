import { Controller, type Control, type FieldArrayWithId } from 'react-hook-form';
import { toCents } from '@inkwell/contracts/catalog-rules';
import { Button } from '@inkwell/ui-kit/button';
import { NumberField } from '@/components/form';
import { refusedAt, type Outcome } from '@/components/editor/editor-frame';
import styles from '@/components/editor/editor.module.css';
import { formatMoney } from '@/lib/format';
import { isUnchanged, variantLabel, type CampaignFormValues, type SalesRowValues } from '../campaign-form';
import own from './campaign-editor.module.css';

interface SalesProductRowsProps {
  control: Control<CampaignFormValues>;
  fields: FieldArrayWithId<CampaignFormValues, 'products'>[];
  /** The rows as they stand (watched), for the full-price comparison. */
  rows: readonly SalesRowValues[];
  remove: (index: number) => void;
  outcome: Outcome | null;
}

/** "38% off" when the discount is below the full price. */
function off(row: SalesRowValues): string | undefined {
  if (row.discount === null || row.fullPrice === 0) return undefined;
  const percent = Math.round((1 - toCents(row.discount) / row.fullPrice) * 100);
  return percent > 0 && percent <= 100 ? `${percent}% off` : undefined;
}

const money = (currency: string) => (/^[A-Z]{3}$/.test(currency) ? currency : 'USD');

/** The campaign's products, one row per variant: full price, the discount price staff set, and whether it will be saved. */
export function SalesProductRows({ control, fields, rows, remove, outcome }: SalesProductRowsProps) {
  if (fields.length === 0) return <p className={styles.sectionNote}>No products yet. Add a product or a whole series above.</p>;
  return (
    <ol className={styles.rows} aria-label="Products in the campaign">
      {fields.map((item, index) => {
        const row = rows[index] ?? item;
        const label = `${row.name} (${variantLabel(row.variantId)})`;
        const unchanged = isUnchanged(row);
        return (
          <li key={item.id} className={`${styles.row} ${own.productRow}`} data-unchanged={unchanged || undefined}>
            <div className={own.productName}>
              <strong>{row.name}</strong>
              <span className={own.muted}>
                #{row.productId} · {variantLabel(row.variantId)}
                {row.seriesId !== null ? ` · series #${row.seriesId}` : ''}
              </span>
              {unchanged && <span className={own.unchanged}>Not saved — same as full price</span>}
            </div>
            <div className={own.fullPrice}>
              <span className={own.muted}>Full price</span>
              <span>{formatMoney(row.fullPrice, money(row.currency))}</span>
              {off(row) && <span className={own.saving}>{off(row)}</span>}
            </div>
            <Controller
              control={control}
              name={`products.${index}.discount`}
              rules={{
                validate: (value) => {
                  if (value === null) return `Enter the discount price of ${label}.`;
                  if (value < 0) return 'The discount price cannot be below 0.';
                  if (toCents(value) > row.fullPrice) return `The discount price of ${label} is above its full price.`;
                  return true;
                },
              }}
              render={({ field, fieldState }) => (
                <NumberField
                  label={`Discount price of ${label}`}
                  minValue={0}
                  step={0.01}
                  formatOptions={{ style: 'currency', currency: money(row.currency) }}
                  {...field}
                  error={fieldState.error?.message ?? refusedAt(outcome, `salesProducts.${index}.discountPrice`) ?? refusedAt(outcome, `salesProducts.${index}`)}
                />
              )}
            />
            <div className={styles.rowActions}>
              <Button variant="ghost" size="sm" onClick={() => remove(index)} aria-label={`Remove ${label}`}>
                Remove
              </Button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

import { useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { ComboBoxField } from '@/components/form';
import { Badge } from '@/components/feedback/status-badge';
import { RowOrderActions } from '@/components/editor/editor-frame';
import styles from '@/components/editor/editor.module.css';
import { loadProductOptions, loadSeriesOptions } from '../api/item-options';
import type { CuratedListFormValues } from '../curated-list-form';
import own from './carousels.module.css';

/** The contract's most hand-picked items in one list. */
const MAX_ITEMS = 100;

/** Hand-picked products and series, in the order the carousel shows them (before any filtered ones). */
export function CuratedItemsSection({ problemAt }: { problemAt: (field: string) => string | undefined }) {
  const { control } = useFormContext<CuratedListFormValues>();
  const items = useFieldArray({ control, name: 'items', keyName: 'key' });
  const watched = useWatch({ control, name: 'items' });
  const [note, setNote] = useState('');

  const add = (kind: 'product' | 'series', id: number | null, label: string | undefined) => {
    if (id === null) return;
    if (watched.some((item) => item.kind === kind && item.id === id)) {
      setNote(`${label ?? `That ${kind}`} is already in the list.`);
      return;
    }
    if (watched.length >= MAX_ITEMS) {
      setNote(`A list holds at most ${MAX_ITEMS} hand-picked items.`);
      return;
    }
    items.append({ kind, id, name: label ?? `${kind} #${id}` });
    setNote(`Added ${label ?? `${kind} #${id}`}.`);
  };

  return (
    <section className={styles.section} aria-labelledby="carousel-items-title">
      <h2 id="carousel-items-title" className={styles.sectionTitle}>
        Curated items
      </h2>
      <p className={styles.sectionNote}>Shown first, in this order. A filtered list adds what its filter finds after them.</p>
      <div className={own.pickers}>
        <ComboBoxField<number>
          label="Add a product"
          loadOptions={loadProductOptions}
          queryKey={['dashboard', 'carousels', 'product-options']}
          placeholder="Type to search products"
          clearsOnPick
          value={null}
          onChange={(id, option) => add('product', id, option?.label)}
        />
        <ComboBoxField<number>
          label="Add a series"
          loadOptions={loadSeriesOptions}
          queryKey={['dashboard', 'carousels', 'series-options']}
          placeholder="Type to search series"
          clearsOnPick
          value={null}
          onChange={(id, option) => add('series', id, option?.label)}
        />
      </div>
      <p className={own.previewState} aria-live="polite">
        {note}
      </p>
      {items.fields.length === 0 ? (
        <p className={styles.sectionNote}>No hand-picked items.</p>
      ) : (
        <ol className={styles.rows} aria-label="Curated items">
          {items.fields.map((item, index) => (
            <li key={item.key} className={own.itemRow} aria-label={`${index + 1}. ${item.name}`}>
              <Badge tone={item.kind === 'series' ? 'info' : 'neutral'}>{item.kind === 'series' ? 'Series' : 'Product'}</Badge>
              <span className={own.itemName}>
                {item.name} <span className={own.itemId}>#{item.id}</span>
              </span>
              <RowOrderActions index={index} count={items.fields.length} name={item.name} move={items.move} remove={items.remove} />
              {problemAt(`curatedItems[${index}]`) && (
                <p className={own.fieldProblem} role="alert">
                  {problemAt(`curatedItems[${index}]`)}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

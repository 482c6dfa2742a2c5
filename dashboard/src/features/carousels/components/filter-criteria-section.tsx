import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { CheckboxField, ComboBoxField, NumberField, SelectField, TagSelectField } from '@/components/form';
import type { FieldOption } from '@/components/form/options';
import styles from '@/components/editor/editor.module.css';
import { useGenreOptions, useImprintOptions } from '@/lib/api/lookups';
import { useProductTypes } from '../api/carousels';
import { loadIpTagOptions } from '../api/item-options';
import {
  AGE_RATING_OPTIONS,
  ANY,
  CATEGORY_OPTIONS,
  FLAG_OPTIONS,
  SERIES_STATUS_OPTIONS,
  SORT_OPTIONS,
  STATUS_CODE_OPTIONS,
  priceProblem,
  type CuratedListFormValues,
} from '../curated-list-form';

/** Dashboard spec §3 "filterCriteria" as form fields; what is left unset does not filter. */
export function FilterCriteriaSection({ problemAt }: { problemAt: (field: string) => string | undefined }) {
  const { control } = useFormContext<CuratedListFormValues>();
  const type = useWatch({ control, name: 'type' });
  const minPrice = useWatch({ control, name: 'minPrice' });
  const [ipTagLabel, setIpTagLabel] = useState<string | undefined>(undefined);
  const productTypes = useProductTypes();
  const genres = useGenreOptions();
  const imprints = useImprintOptions();
  const typeOptions: FieldOption<number>[] = (productTypes.data ?? []).map((item) => ({ id: item.id, label: item.name, detail: item.category }));
  const imprintOptions: FieldOption<number>[] = [{ id: 0, label: 'Any imprint' }, ...imprints];
  const subCategoryOptions: FieldOption<number>[] = [{ id: ANY, label: 'Any sub category' }, ...typeOptions];

  return (
    <section className={styles.section} aria-labelledby="carousel-filter-title">
      <h2 id="carousel-filter-title" className={styles.sectionTitle}>
        Filter criteria
      </h2>
      {type !== 'Filtered' ? (
        <p className={styles.sectionNote}>A Curated list shows only its hand-picked items. Choose the Filtered type to add what a filter finds after them.</p>
      ) : (
        <>
          <p className={styles.sectionNote}>The carousel shows the published products and series that match, after the hand-picked items. Fields left as they are do not filter.</p>
          <div className={styles.grid}>
            <Controller
              control={control}
              name="typeIds"
              render={({ field }) => (
                <TagSelectField<number>
                  label="Product types"
                  className={styles.wide}
                  options={typeOptions}
                  placeholder="Type to add a product type"
                  {...field}
                  error={problemAt('filterCriteria.typeIds')}
                />
              )}
            />
            <Controller
              control={control}
              name="genres"
              render={({ field }) => <TagSelectField<number> label="Genres" className={styles.wide} options={genres} placeholder="Type to add a genre" {...field} />}
            />
            <Controller control={control} name="sort" render={({ field }) => <SelectField<number> label="Sort" options={SORT_OPTIONS} {...field} onChange={(next) => next !== null && field.onChange(next)} />} />
            <Controller
              control={control}
              name="ipTagId"
              render={({ field }) => (
                <ComboBoxField<number>
                  label="IP tag"
                  loadOptions={loadIpTagOptions}
                  queryKey={['dashboard', 'carousels', 'ip-tag-options']}
                  placeholder="Type to search IP tags"
                  selectedLabel={field.value === null ? undefined : (ipTagLabel ?? `IP tag #${field.value}`)}
                  {...field}
                  onChange={(id, option) => {
                    setIpTagLabel(option?.label);
                    field.onChange(id);
                  }}
                />
              )}
            />
            <Controller control={control} name="imprintId" render={({ field }) => <SelectField<number> label="Imprint" options={imprintOptions} {...field} onChange={(next) => field.onChange(next ?? 0)} />} />
            <Controller control={control} name="category" render={({ field }) => <SelectField<number> label="Category" options={CATEGORY_OPTIONS} {...field} onChange={(next) => field.onChange(next ?? ANY)} />} />
            <Controller
              control={control}
              name="subCategory"
              render={({ field }) => (
                <SelectField<number> label="Sub category" options={subCategoryOptions} {...field} onChange={(next) => field.onChange(next ?? ANY)} error={problemAt('filterCriteria.subCategory')} />
              )}
            />
            <Controller control={control} name="seriesStatus" render={({ field }) => <SelectField<string> label="Series status" options={SERIES_STATUS_OPTIONS} {...field} onChange={(next) => field.onChange(next ?? '')} />} />
            <Controller
              control={control}
              name="publishStatus"
              render={({ field }) => <TagSelectField<number> label="Publish status" options={STATUS_CODE_OPTIONS} placeholder="Type to add a status" {...field} />}
            />
            <Controller
              control={control}
              name="scheduleStatus"
              render={({ field }) => <TagSelectField<number> label="Schedule status" options={STATUS_CODE_OPTIONS} placeholder="Type to add a status" {...field} />}
            />
            <Controller
              control={control}
              name="ageRatings"
              render={({ field }) => <TagSelectField label="Age ratings" className={styles.wide} options={AGE_RATING_OPTIONS} placeholder="Type to add a rating" {...field} />}
            />
            <Controller control={control} name="onSale" render={({ field }) => <SelectField label="On sale" options={FLAG_OPTIONS} {...field} onChange={(next) => field.onChange(next ?? 'any')} />} />
            <Controller control={control} name="free" render={({ field }) => <SelectField label="Free" options={FLAG_OPTIONS} {...field} onChange={(next) => field.onChange(next ?? 'any')} />} />
            <Controller
              control={control}
              name="downloadable"
              render={({ field }) => <SelectField label="Downloadable (digital price type)" options={FLAG_OPTIONS} {...field} onChange={(next) => field.onChange(next ?? 'any')} />}
            />
            <Controller
              control={control}
              name="shippable"
              render={({ field }) => <SelectField label="Shippable (print price type)" options={FLAG_OPTIONS} {...field} onChange={(next) => field.onChange(next ?? 'any')} />}
            />
            <Controller
              control={control}
              name="minPrice"
              rules={{ validate: priceProblem }}
              render={({ field, fieldState }) => (
                <NumberField label="Minimum price (USD)" minValue={0} step={0.01} formatOptions={{ style: 'currency', currency: 'USD' }} {...field} error={fieldState.error?.message} />
              )}
            />
            <Controller
              control={control}
              name="maxPrice"
              rules={{
                validate: (value) => {
                  const problem = priceProblem(value);
                  if (problem !== true) return problem;
                  return value === null || minPrice === null || value >= minPrice || 'The maximum price is below the minimum.';
                },
              }}
              render={({ field, fieldState }) => (
                <NumberField
                  label="Maximum price (USD)"
                  minValue={0}
                  step={0.01}
                  formatOptions={{ style: 'currency', currency: 'USD' }}
                  {...field}
                  error={fieldState.error?.message ?? problemAt('filterCriteria.MaxPrice')}
                />
              )}
            />
            <div className={`${styles.checks} ${styles.wide}`}>
              <Controller control={control} name="includeSeries" render={({ field }) => <CheckboxField label="Include series" {...field} />} />
              <Controller control={control} name="newOnly" render={({ field }) => <CheckboxField label="New only" {...field} />} />
            </div>
          </div>
        </>
      )}
    </section>
  );
}

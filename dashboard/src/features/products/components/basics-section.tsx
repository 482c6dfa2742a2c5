import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { PRODUCT_CATEGORIES } from '@inkwell/contracts/dashboard-products';
import { READABLE_URL_DIGITS_ONLY_MESSAGE, isValidReadableUrl, slugify } from '@inkwell/contracts/catalog-rules';
import { Button } from '@inkwell/ui-kit/button';
import { ComboBoxField, NumberField, SelectField, TextAreaField, TextField } from '@/components/form';
import styles from '@/components/editor/editor.module.css';
import { maxLengthRule } from '@/lib/limits';
import { loadSeriesOptions } from '../api/get-options';
import { PRODUCT_LIMITS, SUB_CATEGORIES_BY_CATEGORY, type ProductFormValues } from '../product-form';
import { useServerProblem } from './server-problems';

const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((category) => ({ id: category, label: category }));
const TYPE_LABELS: Record<string, string> = { SingleIssue: 'Single issue', BoxSet: 'Box set', OneShot: 'One-shot', BoardGame: 'Board game', TradingCard: 'Trading card', TarotCard: 'Tarot card', FunPack: 'Fun pack' };

/** Name, type, series and numbering, address and description (spec §3 Dashboard product). */
export function BasicsSection() {
  const { control, setValue, getValues } = useFormContext<ProductFormValues>();
  const category = useWatch({ control, name: 'category' });
  const seriesTitle = useWatch({ control, name: 'seriesTitle' });
  const publication = category === 'Publication';
  const typeOptions = SUB_CATEGORIES_BY_CATEGORY[category].map((type) => ({ id: type, label: TYPE_LABELS[type] ?? type }));
  const problems = {
    name: useServerProblem('name'),
    description: useServerProblem('description'),
    subCategory: useServerProblem('subCategory'),
    issueNumber: useServerProblem('issueNumber'),
    readableUrl: useServerProblem('readableUrl'),
    seriesId: useServerProblem('seriesId'),
  };

  return (
    <section className={styles.section} aria-labelledby="basics-title">
      <div className={styles.sectionHeader}>
        <h2 id="basics-title" className={styles.sectionTitle}>
          Basics
        </h2>
      </div>
      <div className={styles.grid}>
        <Controller
          control={control}
          name="name"
          rules={{ validate: (value) => value.trim() !== '' || 'Product Title is required.', maxLength: maxLengthRule('Product Title', PRODUCT_LIMITS.name) }}
          render={({ field, fieldState }) => (
            <TextField label="Product title (name)" isRequired className={styles.wide} {...field} error={fieldState.error?.message ?? problems.name} />
          )}
        />
        <Controller
          control={control}
          name="displayName"
          rules={{ maxLength: maxLengthRule('Display name', PRODUCT_LIMITS.displayName) }}
          render={({ field, fieldState }) => <TextField label="Display name" {...field} error={fieldState.error?.message} />}
        />
        <Controller
          control={control}
          name="subtitle"
          rules={{ maxLength: maxLengthRule('Subtitle', PRODUCT_LIMITS.subtitle) }}
          render={({ field, fieldState }) => <TextField label="Subtitle" {...field} error={fieldState.error?.message} />}
        />
        <Controller
          control={control}
          name="relativeName"
          rules={{ maxLength: maxLengthRule('Relative name', PRODUCT_LIMITS.relativeName) }}
          render={({ field, fieldState }) => (
            <TextField label="Relative name" description="How it is named within its series, e.g. “Vol. 2”." {...field} error={fieldState.error?.message} />
          )}
        />
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <SelectField
              label="Category"
              isRequired
              options={CATEGORY_OPTIONS}
              {...field}
              description={publication ? 'Publications have series, numbering, age rating, territories and a comic file.' : 'Games and merchandise carry a price only.'}
              onChange={(next) => {
                if (!next || next === field.value) return;
                field.onChange(next);
                // A new category needs a type of its own; saving creates the parts the category has (spec §3).
                setValue('subCategory', SUB_CATEGORIES_BY_CATEGORY[next][0]!, { shouldDirty: true });
                if (next !== 'Publication') setValue('seriesId', null, { shouldDirty: true });
              }}
            />
          )}
        />
        <Controller
          control={control}
          name="subCategory"
          render={({ field }) => (
            <SelectField label="Product type" isRequired options={typeOptions} {...field} onChange={(next) => next && field.onChange(next)} error={problems.subCategory} />
          )}
        />
        {publication && (
          <>
            <Controller
              control={control}
              name="seriesId"
              render={({ field }) => (
                <ComboBoxField<number>
                  label="Series"
                  className={styles.wide}
                  {...field}
                  loadOptions={loadSeriesOptions}
                  queryKey={['dashboard', 'series-options']}
                  selectedLabel={seriesTitle || undefined}
                  placeholder="Type to search series"
                  description="Every publication but a Book needs a series to be published."
                  onChange={(id, option) => {
                    field.onChange(id);
                    setValue('seriesTitle', option?.label ?? '');
                  }}
                  error={problems.seriesId}
                />
              )}
            />
            <Controller
              control={control}
              name="issueNumber"
              rules={{ validate: (value) => value === null || Number.isInteger(value) || 'Issue number must be a whole number.' }}
              render={({ field, fieldState }) => (
                <NumberField
                  label="Issue number (sorting)"
                  {...field}
                  formatOptions={{ maximumFractionDigits: 0 }}
                  error={fieldState.error?.message ?? problems.issueNumber}
                />
              )}
            />
            <Controller
              control={control}
              name="volumeNumber"
              rules={{ min: { value: 0, message: 'Volume number cannot be negative.' } }}
              render={({ field, fieldState }) => (
                <NumberField label="Volume number" minValue={0} formatOptions={{ maximumFractionDigits: 0 }} {...field} error={fieldState.error?.message} />
              )}
            />
            <Controller
              control={control}
              name="chapterNumber"
              rules={{ min: { value: 0, message: 'Chapter number cannot be negative.' } }}
              render={({ field, fieldState }) => (
                <NumberField label="Chapter number" minValue={0} formatOptions={{ maximumFractionDigits: 0 }} {...field} error={fieldState.error?.message} />
              )}
            />
          </>
        )}
        <div className={styles.wide}>
          <Controller
            control={control}
            name="readableUrl"
            rules={{
              validate: (value) => isValidReadableUrl(value) || READABLE_URL_DIGITS_ONLY_MESSAGE,
              maxLength: maxLengthRule('Readable URL', PRODUCT_LIMITS.readableUrl),
            }}
            render={({ field, fieldState }) => (
              <TextField
                label="Readable URL"
                description="The product's address on the storefront: /product/readable-url."
                {...field}
                error={fieldState.error?.message ?? problems.readableUrl}
              />
            )}
          />
          <Button variant="secondary" size="sm" className={styles.inlineAction} onClick={() => setValue('readableUrl', slugify(getValues('name')), { shouldDirty: true, shouldValidate: true })}>
            Make from the title
          </Button>
        </div>
        <Controller
          control={control}
          name="description"
          rules={{ maxLength: maxLengthRule('Description', PRODUCT_LIMITS.description) }}
          render={({ field, fieldState }) => (
            <TextAreaField label="Description" rows={6} className={styles.wide} {...field} error={fieldState.error?.message ?? problems.description} />
          )}
        />
        <Controller
          control={control}
          name="metaDescription"
          rules={{ maxLength: maxLengthRule('Meta description', PRODUCT_LIMITS.metaDescription) }}
          render={({ field, fieldState }) => (
            <TextAreaField
              label="Meta description"
              rows={2}
              description="Shown by search engines."
              className={styles.wide}
              {...field}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
    </section>
  );
}

import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { CheckboxField, ComboBoxField, DatePickerField, NumberField, SelectField, SwitchField, TagSelectField, TextField } from '@/components/form';
import { useImprintOptions, useTerritoryOptions } from '@/lib/api/lookups';
import styles from '@/components/editor/editor.module.css';
import { maxLengthRule } from '@/lib/limits';
import { loadIpTagOptions } from '../api/get-options';
import { PRODUCT_LIMITS, type ProductFormValues } from '../product-form';

const { code } = PRODUCT_LIMITS;

const AGE_RATING_OPTIONS = [
  { id: 'e', label: 'E — everyone' },
  { id: 'e7', label: 'E7 — 7 and up' },
  { id: 'pg', label: 'PG — 12 and up' },
  { id: 't', label: 'T — teen, 15 and up' },
  { id: 'm', label: 'M — mature, 18 and up' },
] as const;

/** Where and to whom it is sold: age rating, territories, tags, imprint, platforms, print details. */
export function DistributionSection({ ipTagLabels }: { ipTagLabels: Record<number, string> }) {
  const { control } = useFormContext<ProductFormValues>();
  const category = useWatch({ control, name: 'category' });
  const territories = useTerritoryOptions();
  const imprints = useImprintOptions();
  const publication = category === 'Publication';

  return (
    <section className={styles.section} aria-labelledby="distribution-title">
      <div className={styles.sectionHeader}>
        <h2 id="distribution-title" className={styles.sectionTitle}>
          Distribution
        </h2>
      </div>
      <div className={styles.grid}>
        {publication && (
          <Controller
            control={control}
            name="ageRating"
            render={({ field }) => (
              <SelectField label="Age rating" isRequired options={AGE_RATING_OPTIONS} {...field} onChange={(next) => next && field.onChange(next)} />
            )}
          />
        )}
        <Controller
          control={control}
          name="imprintId"
          render={({ field }) => <ComboBoxField<number> label="Imprint" options={imprints} placeholder="Type to search imprints" {...field} />}
        />
        <Controller
          control={control}
          name="releaseDate"
          render={({ field }) => <DatePickerField label="Release date" {...field} />}
        />
        {publication && (
          <Controller
            control={control}
            name="restrictedTerritories"
            render={({ field }) => (
              <TagSelectField<string>
                label="Restricted territories"
                description="Readers in these countries cannot see or buy it."
                className={styles.wide}
                options={territories}
                {...field}
              />
            )}
          />
        )}
        <Controller
          control={control}
          name="ipTagIds"
          render={({ field }) => (
            <TagSelectField<number>
              label="IP tags"
              className={styles.wide}
              loadOptions={loadIpTagOptions}
              queryKey={['dashboard', 'ip-tag-options']}
              labels={ipTagLabels}
              {...field}
            />
          )}
        />
      </div>
      <fieldset className={styles.subsection}>
        <legend className={styles.subsectionTitle}>Publish to</legend>
        <div className={styles.checks}>
          <Controller control={control} name="publishToWeb" render={({ field }) => <SwitchField label="Web" {...field} />} />
          <Controller control={control} name="publishToApple" render={({ field }) => <SwitchField label="Apple" {...field} />} />
          <Controller control={control} name="publishToAndroid" render={({ field }) => <SwitchField label="Android" {...field} />} />
        </div>
      </fieldset>
      <div className={styles.checks}>
        <Controller
          control={control}
          name="unlisted"
          render={({ field }) => <CheckboxField label="Unlisted" description="Reachable by its link only." {...field} />}
        />
        <Controller control={control} name="signed" render={({ field }) => <CheckboxField label="Signed" {...field} />} />
        <Controller control={control} name="remarqued" render={({ field }) => <CheckboxField label="Remarqued" {...field} />} />
        {publication && (
          <Controller
            control={control}
            name="reverseReadOrder"
            render={({ field }) => <CheckboxField label="Read right to left" description="Pages run in reverse order." {...field} />}
          />
        )}
      </div>
      <div className={styles.grid}>
        <Controller
          control={control}
          name="trim"
          rules={{ maxLength: maxLengthRule('Trim', PRODUCT_LIMITS.trim) }}
          render={({ field, fieldState }) => <TextField label="Trim size" placeholder="6.625 x 10.1875" {...field} error={fieldState.error?.message} />}
        />
        <Controller
          control={control}
          name="isbn"
          rules={{ pattern: { value: /^[0-9Xx-]{0,20}$/, message: 'ISBN is up to 20 digits and hyphens (X allowed last).' } }}
          render={({ field, fieldState }) => <TextField label="ISBN" {...field} error={fieldState.error?.message} />}
        />
        <Controller
          control={control}
          name="eisbn"
          rules={{ pattern: { value: /^[0-9Xx-]{0,20}$/, message: 'eISBN is up to 20 digits and hyphens (X allowed last).' } }}
          render={({ field, fieldState }) => <TextField label="eISBN" {...field} error={fieldState.error?.message} />}
        />
        {(
          [
            ['illustrationColorTypeId', 'Illustration colour type'],
            ['coverTypeId', 'Cover type'],
            ['readingLevelId', 'Reading level'],
          ] as const
        ).map(([name, label]) => (
          <Controller
            key={name}
            control={control}
            name={name}
            rules={{ validate: (value) => value === null || (Number.isInteger(value) && value >= code.min && value <= code.max) || `${label} is a code from ${code.min} to ${code.max}.` }}
            render={({ field, fieldState }) => (
              <NumberField label={`${label} (code)`} minValue={code.min} maxValue={code.max} formatOptions={{ maximumFractionDigits: 0, useGrouping: false }} {...field} error={fieldState.error?.message} />
            )}
          />
        ))}
      </div>
    </section>
  );
}

import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@inkwell/ui-kit/button';
import { CheckboxField, NumberField, TextField } from '@/components/form';
import type { CreatorFormValues } from '../product-form';

/** Any form with a list of credits under `creators` (the series editor names its override list so too). */
interface CreditsForm {
  creators: CreatorFormValues[];
}
import styles from './editor.module.css';

/**
 * Credits in their order (spec §3: each with ordinal, hidden, title and creator). The ordinal is
 * the position in this list, so moving a row up or down is how staff reorder.
 */
export function CreatorsSection({ title = 'Creators', description }: { title?: string; description?: string }) {
  const { control } = useFormContext<CreditsForm>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'creators' });

  return (
    <section className={styles.section} aria-labelledby="creators-title">
      <div className={styles.sectionHeader}>
        <h2 id="creators-title" className={styles.sectionTitle}>
          {title}
        </h2>
        <Button variant="secondary" size="sm" onClick={() => append({ creatorId: null, name: '', title: '', hidden: false })}>
          Add creator
        </Button>
      </div>
      {description && <p className={styles.sectionNote}>{description}</p>}
      {fields.length === 0 ? (
        <p className={styles.sectionNote}>No creators credited.</p>
      ) : (
        <ol className={styles.rows}>
          {fields.map((credit, index) => {
            const position = `creator ${index + 1}`;
            return (
              <li key={credit.id} className={styles.row} aria-label={`Credit ${index + 1}`}>
                <Controller
                  control={control}
                  name={`creators.${index}.creatorId`}
                  rules={{ validate: (value) => (value !== null && Number.isInteger(value) && value > 0) || 'Enter the creator’s id.' }}
                  render={({ field, fieldState }) => (
                    <NumberField label="Creator id" isRequired minValue={1} formatOptions={{ maximumFractionDigits: 0, useGrouping: false }} {...field} error={fieldState.error?.message} />
                  )}
                />
                <Controller
                  control={control}
                  name={`creators.${index}.name`}
                  render={({ field }) => <TextField label="Name" isReadOnly description="As stored for this id." {...field} />}
                />
                <Controller
                  control={control}
                  name={`creators.${index}.title`}
                  rules={{
                    validate: (value) => value.trim() !== '' || 'Enter the credit, e.g. Writer.',
                    maxLength: { value: 100, message: 'The credit must be at most 100 characters.' },
                  }}
                  render={({ field, fieldState }) => (
                    <TextField label="Credit" isRequired placeholder="Story & Art" {...field} error={fieldState.error?.message} />
                  )}
                />
                <Controller
                  control={control}
                  name={`creators.${index}.hidden`}
                  render={({ field }) => <CheckboxField label="Hidden on the storefront" {...field} />}
                />
                <div className={styles.rowActions}>
                  <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Move ${position} up`}>
                    Up
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={`Move ${position} down`}
                  >
                    Down
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => remove(index)} aria-label={`Remove ${position}`}>
                    Remove
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

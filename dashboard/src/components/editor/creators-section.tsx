import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { CreatorRoleSchema } from '@inkwell/contracts/dashboard-products';
import { Button } from '@inkwell/ui-kit/button';
import { CheckboxField, ComboBoxField, TextField } from '@/components/form';
import { toastError } from '@/components/feedback/toast';
import { creatorOptionsQueryKey, loadCreatorOptions, newCreatorName, useAddCreator } from '@/lib/api/creators';
import { limitOf, maxLengthRule } from '@/lib/limits';
import { RowOrderActions } from './editor-frame';
import styles from './editor.module.css';

const MAX_CREDIT = limitOf(CreatorRoleSchema.properties.title, 'maxLength');

/** One credit as the form holds it; `name` is the picked creator's, for the row's label. */
export interface CreatorFormValues {
  creatorId: number | null;
  name: string;
  title: string;
  hidden: boolean;
}

/** Any form with a list of credits under `creators` (the series editor names its override list so too). */
interface CreditsForm {
  creators: CreatorFormValues[];
}

/**
 * Credits in their order (spec §3: each with ordinal, hidden, title and creator). The ordinal is
 * the position in this list, so moving a row up or down is how staff reorder.
 */
export function CreatorsSection({ title = 'Creators', description }: { title?: string; description?: string }) {
  const { control } = useFormContext<CreditsForm>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'creators' });
  const credits = useWatch({ control, name: 'creators' });

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
            const position = credits[index]?.name ? `${credits[index].name} (credit ${index + 1})` : `credit ${index + 1}`;
            return (
              <li key={credit.id} className={`${styles.row} ${styles.wideFirstRow}`} aria-label={`Credit ${index + 1}`}>
                <CreatorPicker index={index} />
                <Controller
                  control={control}
                  name={`creators.${index}.title`}
                  rules={{
                    validate: (value) => value.trim() !== '' || 'Enter the credit, e.g. Writer.',
                    maxLength: maxLengthRule('The credit', MAX_CREDIT),
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
                <RowOrderActions index={index} count={fields.length} name={position} move={move} remove={remove} />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/**
 * The creator of one credit, searched by name on the server; when no creator has the typed name the
 * last option adds one, and the credit takes the new creator at once.
 */
function CreatorPicker({ index }: { index: number }) {
  const { control, setValue } = useFormContext<CreditsForm>();
  const name = useWatch({ control, name: `creators.${index}.name` });
  const add = useAddCreator();
  return (
    <Controller
      control={control}
      name={`creators.${index}.creatorId`}
      rules={{ validate: (value) => (value !== null && Number.isInteger(value) && value > 0) || 'Choose a creator, or add one by typing the name.' }}
      render={({ field, fieldState }) => (
        <ComboBoxField<string>
          label={`Creator ${index + 1}`}
          isRequired
          loadOptions={loadCreatorOptions}
          queryKey={creatorOptionsQueryKey}
          placeholder="Type a name"
          selectedLabel={name || undefined}
          name={field.name}
          onBlur={field.onBlur}
          ref={field.ref}
          value={field.value === null ? null : String(field.value)}
          description={add.isPending ? `Adding ${add.variables}…` : field.value ? `Creator #${field.value}` : undefined}
          isDisabled={add.isPending}
          onChange={(id, option) => {
            if (id === null) return;
            const typed = newCreatorName(id);
            // Validated at once: a blur while the creator was being added may have left an error.
            const choose = (creatorId: number, creatorName: string) => {
              setValue(`creators.${index}.name`, creatorName, { shouldDirty: true });
              setValue(`creators.${index}.creatorId`, creatorId, { shouldDirty: true, shouldValidate: true });
            };
            if (typed === undefined) {
              choose(Number(id), option?.label ?? '');
              return;
            }
            add.mutate(typed, {
              onSuccess: (creator) => choose(creator.id, creator.name),
              onError: (error) => toastError(`${typed} was not added`, error),
            });
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

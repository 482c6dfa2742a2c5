import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { PublisherNewBodySchema, RELATIVE_NAME_SETTINGS, type DashboardPublisher } from '@inkwell/contracts/dashboard-catalogue';
import { Button } from '@inkwell/ui-kit/button';
import { AuditTrail } from '@/components/audit/audit-trail';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { FormDialog } from '@/components/dialog/form-dialog';
import { toast } from '@/components/feedback/toast';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/checkbox-field';
import { TextField } from '@/components/form/text-field';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { limitOf } from '@/lib/limits';
import { applyServerErrors } from '@/lib/refusal';
import { useAlterPublisher, useCreatePublisher } from '../api/change-publishers';
import styles from './publisher-dialog.module.css';

type PublisherSetting = Exclude<(typeof RELATIVE_NAME_SETTINGS)[number], 'UsePublisherSetting'>;
const SETTINGS = RELATIVE_NAME_SETTINGS.filter((setting): setting is PublisherSetting => setting !== 'UsePublisherSetting');
const SETTING_LABELS: Record<PublisherSetting, string> = {
  Volume: 'Volume (“Vol. 3”)',
  Chapter: 'Chapter (“Ch. 12”)',
  Issue: 'Issue (“#4”)',
  Episode: 'Episode (“Ep. 7”)',
  None: 'None (the product’s own name)',
};

interface PublisherForm {
  name: string;
  website: string;
  relativeNameSetting: PublisherSetting | null;
  hidden: boolean;
  imprints: { imprintId?: number; name: string }[];
}

const FIELDS = ['name', 'website', 'relativeNameSetting', 'hidden'] as const;
const MAX_NAME = limitOf(PublisherNewBodySchema.properties.name, 'maxLength');

function toForm(publisher: DashboardPublisher | null): PublisherForm {
  return {
    name: publisher?.name ?? '',
    website: publisher?.website ?? '',
    relativeNameSetting: (SETTINGS as readonly string[]).includes(publisher?.relativeNameSetting ?? '') ? (publisher!.relativeNameSetting as PublisherSetting) : 'Volume',
    hidden: publisher?.hidden ?? false,
    imprints: publisher?.imprints.map((imprint) => ({ imprintId: imprint.id, name: imprint.name })) ?? [],
  };
}

interface PublisherDialogProps {
  /** The publisher to edit, or null to create one. */
  publisher: DashboardPublisher | null;
  onClose: () => void;
}

/**
 * New and edit publisher, in a dialog over the list; its history shows below when editing. Edits
 * are not lost by accident: closing the dialog (Cancel, Escape, the backdrop) asks first, and so
 * does leaving the page (the Back button) or the tab.
 */
export function PublisherDialog({ publisher, onClose }: PublisherDialogProps) {
  const create = useCreatePublisher();
  const alter = useAlterPublisher();
  const [problem, setProblem] = useState<string>();
  const { control, handleSubmit, setError, formState } = useForm<PublisherForm>({ defaultValues: toForm(publisher), mode: 'onTouched' });
  const imprints = useFieldArray({ control, name: 'imprints', keyName: 'key' });
  const guard = useUnsavedChangesGuard(formState.isDirty);
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const requestClose = () => (formState.isDirty ? setAskingToDiscard(true) : onClose());

  const onSubmit = handleSubmit(async (values) => {
    setProblem(undefined);
    const common = {
      name: values.name.trim(),
      website: values.website.trim() || null,
      relativeNameSetting: values.relativeNameSetting ?? undefined,
      hidden: values.hidden,
    };
    try {
      if (publisher) {
        await alter.mutateAsync({
          id: publisher.id,
          ...common,
          imprints: values.imprints.map((imprint) => ({ ...(imprint.imprintId ? { id: imprint.imprintId } : {}), name: imprint.name.trim() })),
        });
        toast.success(`Publisher “${common.name}” saved`);
      } else {
        await create.mutateAsync({ ...common, imprints: values.imprints.map((imprint) => imprint.name.trim()) });
        toast.success(`Publisher “${common.name}” created`);
      }
      onClose();
    } catch (error) {
      const unplaced = applyServerErrors(error, setError, FIELDS);
      if (unplaced.length > 0) setProblem(unplaced.map((p) => p.message).join(' '));
    }
  });

  return (
    <>
      <FormDialog
        isOpen
        onOpenChange={(open) => !open && requestClose()}
        title={publisher ? `Edit ${publisher.name}` : 'New publisher'}
        submitLabel={publisher ? 'Save publisher' : 'Create publisher'}
        onSubmit={onSubmit}
        isSubmitting={formState.isSubmitting}
        problem={problem}
        size="wide"
      >
        <Controller
          control={control}
          name="name"
          rules={{ validate: (value) => value.trim() !== '' || 'Enter the publisher’s name.', maxLength: { value: MAX_NAME, message: `At most ${MAX_NAME} characters.` } }}
          render={({ field, fieldState }) => <TextField label="Name" isRequired autoFocus {...field} error={fieldState.error?.message} />}
        />
        <div className={styles.columns}>
          <Controller
            control={control}
            name="website"
            rules={{
              validate: (value) => value.trim() === '' || /^https?:\/\/\S+$/.test(value.trim()) || 'Enter a web address starting with https://.',
            }}
            render={({ field, fieldState }) => (
              <TextField label="Website" type="url" inputMode="url" placeholder="https://" {...field} error={fieldState.error?.message} />
            )}
          />
          <Controller
            control={control}
            name="relativeNameSetting"
            render={({ field, fieldState }) => (
              <SelectField<PublisherSetting>
                label="Product names in a series"
                description="How products are named relative to their series, unless a series says otherwise."
                options={SETTINGS.map((setting) => ({ id: setting, label: SETTING_LABELS[setting] }))}
                {...field}
                error={fieldState.error?.message}
              />
            )}
          />
        </div>
        <Controller
          control={control}
          name="hidden"
          render={({ field, fieldState }) => (
            <SwitchField
              label="Hidden from the storefront"
              description="A hidden publisher is not shown to readers; its series and products are unaffected."
              {...field}
              error={fieldState.error?.message}
            />
          )}
        />

        <fieldset className={styles.imprints}>
          <legend className={styles.legend}>Imprints</legend>
          {imprints.fields.length === 0 && <p className={styles.none}>No imprints.</p>}
          <ul className={styles.imprintList}>
            {imprints.fields.map((imprint, index) => (
              <li key={imprint.key} className={styles.imprintRow}>
                <Controller
                  control={control}
                  name={`imprints.${index}.name`}
                  rules={{ validate: (value) => value.trim() !== '' || 'Enter the imprint’s name, or remove it.' }}
                  render={({ field, fieldState }) => <TextField label={`Imprint ${index + 1}`} {...field} error={fieldState.error?.message} />}
                />
                <Button variant="ghost" size="sm" onClick={() => imprints.remove(index)} aria-label={`Remove imprint ${index + 1}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <Button variant="secondary" size="sm" onClick={() => imprints.append({ name: '' }, { shouldFocus: true })}>
            Add an imprint
          </Button>
          {publisher && <p className={styles.hint}>Removing an imprint that a series or product still uses is refused.</p>}
        </fieldset>

        {publisher && <AuditTrail entity="publisher" id={publisher.id} headingLevel="h3" />}
      </FormDialog>
      <ConfirmDialog
        isOpen={askingToDiscard}
        onOpenChange={setAskingToDiscard}
        title="Discard this publisher’s changes?"
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        isDestructive
        onConfirm={onClose}
      >
        <p>The changes you made in this dialog are not saved. If you close it now, they are lost.</p>
      </ConfirmDialog>
      {guard.dialog}
    </>
  );
}

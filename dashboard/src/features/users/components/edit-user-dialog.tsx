import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AGE_RATING_KEYS, type AgeRatingKey } from '@inkwell/contracts/age-ratings';
import type { UserAlterBody, UserDetail } from '@inkwell/contracts/dashboard-customers';
import { FormDialog } from '@/components/dialog/form-dialog';
import { toast } from '@/components/feedback/toast';
import { SwitchField } from '@/components/form/checkbox-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { applyServerErrors } from '@/lib/refusal';
import { useAlterUser } from '../api/users';
import { AGE_RATING_LABELS } from './labels';

interface EditForm {
  email: string;
  name: string;
  verified: boolean;
  maxShownRating: AgeRatingKey | 'none';
}

const FIELDS = ['email', 'name', 'verified', 'maxShownRating'] as const;

/** Edit a user's email, name, verified flag and highest age rating shown; only what changed is sent (and audited). */
export function EditUserDialog({ user, onClose }: { user: UserDetail; onClose: () => void }) {
  const alter = useAlterUser(user.id);
  const [problem, setProblem] = useState<string>();
  const initial: EditForm = { email: user.email, name: user.name ?? '', verified: user.verified, maxShownRating: user.maxShownRating ?? 'none' };
  const { control, handleSubmit, setError, formState } = useForm<EditForm>({ defaultValues: initial, mode: 'onTouched' });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(undefined);
    const body: UserAlterBody = {};
    if (values.email.trim() !== initial.email) body.email = values.email.trim();
    if (values.name.trim() !== initial.name) body.name = values.name.trim() || null;
    if (values.verified !== initial.verified) body.verified = values.verified;
    if (values.maxShownRating !== initial.maxShownRating) body.maxShownRating = values.maxShownRating === 'none' ? null : values.maxShownRating;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    try {
      await alter.mutateAsync(body);
      toast.success('User saved');
      onClose();
    } catch (error) {
      const unplaced = applyServerErrors(error, setError, FIELDS);
      if (unplaced.length > 0) setProblem(unplaced.map((p) => p.message).join(' '));
    }
  });

  return (
    <FormDialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`Edit ${user.email}`}
      submitLabel="Save user"
      onSubmit={onSubmit}
      isSubmitting={formState.isSubmitting}
      problem={problem}
    >
      <Controller
        control={control}
        name="email"
        rules={{ validate: (value) => /^\S+@\S+\.\S+$/.test(value.trim()) || 'Please enter a valid email.' }}
        render={({ field, fieldState }) => (
          <TextField label="Email" type="email" inputMode="email" isRequired autoFocus autoComplete="off" {...field} error={fieldState.error?.message} />
        )}
      />
      <Controller
        control={control}
        name="name"
        rules={{ maxLength: { value: 200, message: 'At most 200 characters.' } }}
        render={({ field, fieldState }) => <TextField label="Name" description="Leave empty for no name." {...field} error={fieldState.error?.message} />}
      />
      <Controller
        control={control}
        name="verified"
        render={({ field, fieldState }) => (
          <SwitchField label="Email verified" description="Turning this on marks the email verified without the reader clicking the link." {...field} error={fieldState.error?.message} />
        )}
      />
      <Controller
        control={control}
        name="maxShownRating"
        render={({ field, fieldState }) => (
          <SelectField<AgeRatingKey | 'none'>
            label="Highest age rating shown"
            options={[{ id: 'none', label: 'No limit' }, ...AGE_RATING_KEYS.map((key) => ({ id: key, label: AGE_RATING_LABELS[key] }))]}
            {...field}
            onChange={(value) => field.onChange(value ?? 'none')}
            error={fieldState.error?.message}
          />
        )}
      />
    </FormDialog>
  );
}

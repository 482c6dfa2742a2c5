import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '@/components/dialog/form-dialog';
import { CheckboxField, DatePickerField, SelectField } from '@/components/form';
import { errorMessage } from '@/lib/staff-api';
import type { ScheduleStatus } from '../api/change-product-status';
import { SCHEDULE_STATUS_OPTIONS } from './schedule-dialog';

interface BatchPublishDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  /** Publishes now (no schedule) or schedules with the status and date chosen. */
  onConfirm: (schedule: { publishStatus?: ScheduleStatus; publishDate?: string }) => Promise<unknown>;
}

interface BatchForm {
  schedule: boolean;
  publishStatus: ScheduleStatus;
  publishDate: string | null;
}

/** Confirms a batch publish; optionally a schedule (status and a future date) for all of them. */
export function BatchPublishDialog({ isOpen, onOpenChange, count, onConfirm }: BatchPublishDialogProps) {
  const [problem, setProblem] = useState<string | undefined>();
  const { control, handleSubmit, watch, formState, reset } = useForm<BatchForm>({
    defaultValues: { schedule: false, publishStatus: 'Scheduled', publishDate: null },
  });
  const scheduled = watch('schedule');

  const submit = handleSubmit(async (values) => {
    setProblem(undefined);
    try {
      await onConfirm(values.schedule && values.publishDate ? { publishStatus: values.publishStatus, publishDate: values.publishDate } : {});
      reset();
      onOpenChange(false);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={`Publish ${count} ${count === 1 ? 'product' : 'products'}?`}
      onSubmit={(event) => void submit(event)}
      submitLabel={scheduled ? 'Schedule' : 'Publish now'}
      isSubmitting={formState.isSubmitting}
      problem={problem}
    >
      <p>Each product is checked on its own: those that break a publish rule stay as they are and are listed afterwards.</p>
      <Controller control={control} name="schedule" render={({ field }) => <CheckboxField label="Schedule instead of publishing now" {...field} />} />
      {scheduled && (
        <>
          <Controller
            control={control}
            name="publishStatus"
            render={({ field }) => (
              <SelectField label="Status" isRequired options={SCHEDULE_STATUS_OPTIONS} {...field} onChange={(next) => next && field.onChange(next)} />
            )}
          />
          <Controller
            control={control}
            name="publishDate"
            rules={{
              validate: (value) => {
                if (!value) return 'Choose the publish date.';
                return new Date(value).getTime() > Date.now() || 'The publish date must be in the future.';
              },
            }}
            render={({ field, fieldState }) => (
              <DatePickerField label="Publish date" granularity="minute" isFutureOnly isRequired {...field} error={fieldState.error?.message} />
            )}
          />
        </>
      )}
    </FormDialog>
  );
}

import { useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { SCHEDULE_STATUSES } from '@inkwell/contracts/dashboard-products';
import { FormDialog } from '@/components/dialog/form-dialog';
import { DatePickerField, SelectField } from '@/components/form';
import { refusalMessages } from '@/lib/refusal';
import type { ScheduleStatus } from '../api/change-product-status';

const STATUS_LABELS: Record<ScheduleStatus, string> = {
  Scheduled: 'Scheduled (hidden until the date)',
  ScheduledPreOrder: 'Pre-order (shown, sold ahead of the date)',
  ScheduledComingSoon: 'Coming soon (shown, not sold until the date)',
};
export const SCHEDULE_STATUS_OPTIONS = SCHEDULE_STATUSES.map((status) => ({ id: status, label: STATUS_LABELS[status] }));

export interface ScheduleChoice {
  publishStatus: ScheduleStatus;
  publishDate: string;
}

interface ScheduleDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Schedules; a rejection keeps the dialog open with the server's words. */
  onSchedule: (choice: ScheduleChoice) => Promise<unknown>;
}

export interface ScheduleForm {
  publishStatus: ScheduleStatus;
  publishDate: string | null;
}

export const EMPTY_SCHEDULE: ScheduleForm = { publishStatus: 'Scheduled', publishDate: null };

/** The status and the future date of a schedule, for one product or a batch. */
export function ScheduleFields({ control }: { control: Control<ScheduleForm> }) {
  return (
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
  );
}

/** Publish status plus publish date (spec §7 Scheduling); the date may not be in the past. */
export function ScheduleDialog({ isOpen, onOpenChange, title, onSchedule }: ScheduleDialogProps) {
  const [problem, setProblem] = useState<string | undefined>();
  const { control, handleSubmit, formState, reset } = useForm<ScheduleForm>({ defaultValues: EMPTY_SCHEDULE });

  const submit = handleSubmit(async ({ publishStatus, publishDate }) => {
    setProblem(undefined);
    try {
      await onSchedule({ publishStatus, publishDate: publishDate! });
      reset();
      onOpenChange(false);
    } catch (error) {
      setProblem(refusalMessages(error).join(' '));
    }
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) setProblem(undefined);
        onOpenChange(open);
      }}
      title={title}
      onSubmit={(event) => void submit(event)}
      submitLabel="Schedule"
      isSubmitting={formState.isSubmitting}
      problem={problem}
    >
      <ScheduleFields control={control} />
    </FormDialog>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/dialog/form-dialog';
import { CheckboxField } from '@/components/form';
import { errorMessage } from '@/lib/staff-api';
import type { ScheduleStatus } from '../api/change-product-status';
import { EMPTY_SCHEDULE, ScheduleFields, type ScheduleForm } from './schedule-dialog';

interface BatchPublishDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  /** Publishes now (no schedule) or schedules with the status and date chosen. */
  onConfirm: (schedule: { publishStatus?: ScheduleStatus; publishDate?: string }) => Promise<unknown>;
}

/** Confirms a batch publish; optionally a schedule (status and a future date) for all of them. */
export function BatchPublishDialog({ isOpen, onOpenChange, count, onConfirm }: BatchPublishDialogProps) {
  const [problem, setProblem] = useState<string | undefined>();
  // The schedule's fields are only checked while shown: React Hook Form skips unmounted ones.
  const [scheduled, setScheduled] = useState(false);
  const { control, handleSubmit, formState, reset } = useForm<ScheduleForm>({ defaultValues: EMPTY_SCHEDULE });

  const submit = handleSubmit(async (values) => {
    setProblem(undefined);
    try {
      await onConfirm(scheduled && values.publishDate ? { publishStatus: values.publishStatus, publishDate: values.publishDate } : {});
      reset();
      setScheduled(false);
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
      <CheckboxField label="Schedule instead of publishing now" value={scheduled} onChange={setScheduled} />
      {scheduled && <ScheduleFields control={control} />}
    </FormDialog>
  );
}

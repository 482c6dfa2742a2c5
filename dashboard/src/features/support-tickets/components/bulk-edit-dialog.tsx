import { useState, type FormEvent } from 'react';
import type { BulkEditBody } from '@inkwell/contracts/dashboard-support';
import type { TicketStatus } from '@inkwell/contracts/support-rules';
import { FormDialog } from '@/components/dialog/form-dialog';
import { toast } from '@/components/feedback/toast';
import { SelectField, TagSelectField } from '@/components/form';
import { formatCount } from '@/lib/format';
import { errorMessage } from '@/lib/staff-api';
import { useAssignableUsers, useBulkEdit, useTicketTags } from '../api/tickets';
import { bulkStatusChoices, ticketStatusLabel } from '../ticket-rules';

const NO_CHANGE = '__keep';
const UNASSIGN = '__none';

interface BulkEditDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  ticketIds: number[];
  /** The selected tickets' statuses (the choices are the moves the rule allows for all of them). */
  statuses: TicketStatus[];
  onDone: () => void;
}

/**
 * Status, tags and assignee for many tickets at once (`bulk-edit`, one transaction): only the status
 * moves every selected ticket may make are offered; a refusal (409) stays in the dialog in the
 * server's words, which name the tickets.
 */
export function BulkEditDialog({ isOpen, onOpenChange, ticketIds, statuses, onDone }: BulkEditDialogProps) {
  const tags = useTicketTags();
  const users = useAssignableUsers();
  const bulkEdit = useBulkEdit();
  const [status, setStatus] = useState<string>(NO_CHANGE);
  const [addTagIds, setAddTagIds] = useState<number[]>([]);
  const [removeTagIds, setRemoveTagIds] = useState<number[]>([]);
  const [assignee, setAssignee] = useState<string>(NO_CHANGE);
  const [problem, setProblem] = useState<string>();

  const count = ticketIds.length;
  const tagOptions = (tags.data ?? []).map((tag) => ({ id: tag.id, label: tag.name }));
  const statusOptions = [
    { id: NO_CHANGE, label: 'No change' },
    ...bulkStatusChoices(statuses).map((choice) => ({ id: choice, label: ticketStatusLabel(choice) })),
  ];
  const assigneeOptions = [
    { id: NO_CHANGE, label: 'No change' },
    { id: UNASSIGN, label: 'Unassigned' },
    ...(users.data ?? []).map((user) => ({ id: user.userId, label: user.name ? `${user.name} (${user.email})` : user.email })),
  ];

  const reset = () => {
    setStatus(NO_CHANGE);
    setAddTagIds([]);
    setRemoveTagIds([]);
    setAssignee(NO_CHANGE);
    setProblem(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: BulkEditBody = { ticketIds };
    if (status !== NO_CHANGE) body.status = status as TicketStatus;
    if (addTagIds.length > 0) body.addTagIds = addTagIds;
    if (removeTagIds.length > 0) body.removeTagIds = removeTagIds;
    if (assignee !== NO_CHANGE) body.assignedToUserId = assignee === UNASSIGN ? null : assignee;
    if (Object.keys(body).length === 1) {
      setProblem('Choose a status, tags or an assignee to change.');
      return;
    }
    setProblem(undefined);
    try {
      const result = await bulkEdit.mutateAsync(body);
      toast.success(`${formatCount(result.updated)} ${result.updated === 1 ? 'ticket' : 'tickets'} updated`);
      reset();
      onOpenChange(false);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) reset();
        onOpenChange(open);
      }}
      title={`Edit ${formatCount(count)} ${count === 1 ? 'ticket' : 'tickets'}`}
      onSubmit={(event) => void submit(event)}
      submitLabel={`Apply to ${formatCount(count)} ${count === 1 ? 'ticket' : 'tickets'}`}
      isSubmitting={bulkEdit.isPending}
      problem={problem}
    >
      <p>Every selected ticket changes, or none does. Fields left at “No change” stay as they are.</p>
      <SelectField<string> label="Status" options={statusOptions} value={status} onChange={(value) => setStatus(value ?? NO_CHANGE)} />
      <TagSelectField<number> label="Add tags" options={tagOptions} value={addTagIds} onChange={setAddTagIds} placeholder="Type a tag…" />
      <TagSelectField<number> label="Remove tags" options={tagOptions} value={removeTagIds} onChange={setRemoveTagIds} placeholder="Type a tag…" />
      <SelectField<string> label="Assignee" options={assigneeOptions} value={assignee} onChange={(value) => setAssignee(value ?? NO_CHANGE)} />
    </FormDialog>
  );
}

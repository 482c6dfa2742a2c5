import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Ticket } from '@inkwell/contracts/dashboard-support';
import type { TicketStatus } from '@inkwell/contracts/support-rules';
import { Button } from '@inkwell/ui-kit/button';
import { toast, toastError } from '@/components/feedback/toast';
import { ComboBoxField, SelectField, TextField } from '@/components/form';
import { useQuery } from '@tanstack/react-query';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@inkwell/contracts/order-rules';
import { getAccount } from '@inkwell/ui-kit/account';
import { formatDate, formatMoney } from '@/lib/format';
import { errorMessage } from '@/lib/staff-api';
import { useAssignableUsers, useBulkEdit, useCustomerAccount, useCustomerOrders, useSaveTag, useTicketTags } from '../api/tickets';
import { ticketStatusLabel } from '../ticket-rules';
import { TagChip } from './ticket-badges';
import styles from '../support-tickets.module.css';

const UNASSIGNED = '__none';
const NEW_TAG_COLORS = ['#1d4ed8', '#047857', '#b45309', '#b91c1c', '#6d28d9', '#0e7490', '#be185d', '#4b5563'];

/** Status, tags and assignee of one ticket (each a `bulk-edit` of this ticket alone). */
export function TicketSidePanel({ ticket }: { ticket: Ticket }) {
  // Who is signed in, for “Assign to me”.
  const me = useQuery({ queryKey: ['support-tickets', 'me'], queryFn: ({ signal }) => getAccount({ signal }), staleTime: Infinity });
  const myId = me.data?.userid;
  const edit = useBulkEdit();
  const tags = useTicketTags();
  const users = useAssignableUsers();
  const saveTag = useSaveTag();
  const [newTag, setNewTag] = useState('');
  const [newColor, setNewColor] = useState(NEW_TAG_COLORS[0] as string);
  const [tagProblem, setTagProblem] = useState<string>();

  const change = (body: Omit<Parameters<typeof edit.mutate>[0], 'ticketIds'>, done: string) =>
    edit.mutate({ ticketIds: [ticket.id], ...body }, { onSuccess: () => toast.success(done), onError: (error) => toastError('The ticket was not changed', error) });

  const ownTagIds = new Set(ticket.tags.map((tag) => tag.id));
  const addable = (tags.data ?? []).filter((tag) => !ownTagIds.has(tag.id)).map((tag) => ({ id: tag.id, label: tag.name }));
  const assigneeOptions = [
    { id: UNASSIGNED, label: 'Unassigned' },
    ...(users.data ?? []).map((user) => ({ id: user.userId, label: user.name ? `${user.name} (${user.email})` : user.email })),
  ];
  const isMine = myId !== undefined && ticket.assignedToUserId === myId;

  const createTag = async (event: FormEvent) => {
    event.preventDefault();
    const name = newTag.trim();
    if (!name) {
      setTagProblem('A tag name is 1 to 40 characters.');
      return;
    }
    setTagProblem(undefined);
    try {
      const existing = tags.data?.find((tag) => tag.name.toLowerCase() === name.toLowerCase());
      const tag = existing ?? (await saveTag.mutateAsync({ name, color: newColor }));
      await edit.mutateAsync({ ticketIds: [ticket.id], addTagIds: [tag.id] });
      setNewTag('');
      toast.success(`Tagged “${tag.name}”`);
    } catch (error) {
      setTagProblem(errorMessage(error));
    }
  };

  return (
    <section className={styles.card} aria-labelledby="ticket-properties">
      <h2 id="ticket-properties" className={styles.cardTitle}>
        Ticket
      </h2>
      <SelectField<TicketStatus>
        label="Status"
        options={ticket.statusChoices.map((status) => ({ id: status, label: ticketStatusLabel(status) }))}
        value={ticket.status}
        isDisabled={edit.isPending || ticket.statusChoices.length <= 1}
        onChange={(status) => status && status !== ticket.status && change({ status }, `Status set to ${ticketStatusLabel(status)}`)}
      />

      <div className={styles.panelGroup}>
        <h3 className={styles.smallTitle}>Tags</h3>
        {ticket.tags.length === 0 ? (
          <p className={styles.muted}>No tags.</p>
        ) : (
          <ul className={styles.tagList} aria-label="Tags of this ticket">
            {ticket.tags.map((tag) => (
              <li key={tag.id} className={styles.tagItem}>
                <TagChip name={tag.name} color={tag.color} />
                <Button size="sm" variant="ghost" aria-label={`Remove tag ${tag.name}`} disabled={edit.isPending} onClick={() => change({ removeTagIds: [tag.id] }, `Tag “${tag.name}” removed`)}>
                  ×
                </Button>
              </li>
            ))}
          </ul>
        )}
        <ComboBoxField<number>
          label="Add a tag"
          options={addable}
          value={null}
          clearsOnPick
          placeholder="Type a tag…"
          onChange={(id, option) => id !== null && change({ addTagIds: [id] }, `Tagged “${option?.label ?? id}”`)}
        />
        <form className={styles.newTag} onSubmit={(event) => void createTag(event)} aria-label="New tag">
          <TextField label="New tag" value={newTag} onChange={setNewTag} error={tagProblem} />
          <label className={styles.colorField}>
            <span>Colour</span>
            <input type="color" value={newColor} onChange={(event) => setNewColor(event.target.value)} />
          </label>
          <Button size="sm" type="submit" disabled={saveTag.isPending || edit.isPending}>
            Create and add
          </Button>
        </form>
      </div>

      <div className={styles.panelGroup}>
        <SelectField<string>
          label="Assignee"
          options={assigneeOptions}
          value={ticket.assignedToUserId ?? UNASSIGNED}
          isDisabled={edit.isPending}
          onChange={(value) => {
            if (!value || value === (ticket.assignedToUserId ?? UNASSIGNED)) return;
            change({ assignedToUserId: value === UNASSIGNED ? null : value }, value === UNASSIGNED ? 'Ticket unassigned' : 'Ticket assigned');
          }}
        />
        {myId && !isMine && (
          <Button size="sm" variant="secondary" disabled={edit.isPending} onClick={() => change({ assignedToUserId: myId }, 'Ticket assigned to you')}>
            Assign to me
          </Button>
        )}
      </div>
    </section>
  );
}

/** The customer behind the ticket's address: their account and latest orders, linked to their pages. */
export function CustomerPanel({ email }: { email: string }) {
  const account = useCustomerAccount(email);
  const orders = useCustomerOrders(account.data?.id);
  let body;
  if (account.isPending) body = <p className={styles.muted}>Looking up the customer…</p>;
  else if (account.isError) body = <p role="alert">The customer could not be looked up: {errorMessage(account.error)}</p>;
  else if (!account.data) body = <p className={styles.muted}>No account with this email.</p>;
  else {
    const user = account.data;
    body = (
      <>
        <dl className={styles.meta}>
          <div>
            <dt>Name</dt>
            <dd>{user.name ?? '—'}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Verified</dt>
            <dd>{user.verified ? 'Yes' : 'No'}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatDate(user.createdAt)}</dd>
          </div>
        </dl>
        <Link to={`/users/${user.id}`} className={styles.link}>
          Open customer page
        </Link>
        <h3 className={styles.smallTitle}>Recent orders</h3>
        {orders.isPending ? (
          <p className={styles.muted}>Loading orders…</p>
        ) : orders.isError ? (
          <p role="alert">The orders could not be read: {errorMessage(orders.error)}</p>
        ) : orders.data.items.length === 0 ? (
          <p className={styles.muted}>No orders.</p>
        ) : (
          <ul className={styles.orderList}>
            {orders.data.items.map((order) => (
              <li key={order.id}>
                <Link to={`/orders/${order.id}`} className={styles.link}>
                  {order.accountingId}
                </Link>{' '}
                <span className={styles.muted}>
                  {formatDate(order.orderDate)} · {formatMoney(order.totalPrice, order.isoCurrency)} · {ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status}
                </span>
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="ticket-customer">
      <h2 id="ticket-customer" className={styles.cardTitle}>
        Customer
      </h2>
      {body}
    </section>
  );
}

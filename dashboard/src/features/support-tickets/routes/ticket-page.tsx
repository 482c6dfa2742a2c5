import { useEffect, useRef } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { Button } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon } from '@inkwell/ui-kit/icons';
import { PageHeader } from '@/components/layout/page-header';
import { formatDateTime } from '@/lib/format';
import { ApiError, errorMessage } from '@/lib/staff-api';
import { useMarkRead, useTicket } from '../api/tickets';
import { Conversation } from '../components/conversation';
import { ReplyEditor } from '../components/reply-editor';
import { TagChip, TicketStatusBadge } from '../components/ticket-badges';
import { CustomerPanel, TicketSidePanel } from '../components/ticket-side-panel';
import styles from '../support-tickets.module.css';

/** `support-tickets/:id`: the conversation, the reply editor, and the ticket's and customer's panels. */
export default function TicketPageRoute() {
  const { id: idParam } = useParams();
  const location = useLocation();
  const id = Number(idParam);
  const valid = Number.isSafeInteger(id) && id > 0;
  const ticket = useTicket(id);
  const markRead = useMarkRead();
  const marked = useRef<number | null>(null);
  const from = (location.state as { from?: string } | null)?.from ?? '';
  const back = { to: `/support-tickets${from}`, label: 'Support tickets' };

  // Opening a ticket reads it: mark it once per visit (the inbox's bold rows and counts follow).
  const loaded = ticket.data;
  useEffect(() => {
    if (!loaded || marked.current === loaded.id) return;
    marked.current = loaded.id;
    if (loaded.unread) markRead.mutate({ ticketIds: [loaded.id], read: true });
  }, [loaded, markRead]);

  if (!valid || ticket.isError) {
    // A ticket that does not exist will not appear by trying again; anything else might.
    const missing = !valid || (ticket.error instanceof ApiError && ticket.error.httpStatus === 404);
    return (
      <>
        <PageHeader title="Support ticket" back={back} />
        <EmptyState
          tone="error"
          icon={<AlertIcon size={20} />}
          title={missing ? 'No such ticket' : 'The ticket did not load'}
          headingLevel="h2"
          actions={
            missing ? undefined : (
              <Button size="sm" onClick={() => void ticket.refetch()} disabled={ticket.isFetching}>
                Try again
              </Button>
            )
          }
        >
          <p>{valid ? errorMessage(ticket.error) : 'The address does not name a ticket.'}</p>
        </EmptyState>
      </>
    );
  }
  if (!loaded) {
    return (
      <>
        <PageHeader title={`Ticket ${id}`} back={back} />
        <p className={styles.muted} role="status">
          Loading the ticket…
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={loaded.subject || `Ticket ${loaded.id}`}
        back={back}
        meta={<TicketStatusBadge status={loaded.status} />}
        summary={
          <>
            Ticket {loaded.id} from {loaded.fromName ? `${loaded.fromName} <${loaded.from}>` : loaded.from}, opened {formatDateTime(loaded.firstCreated)} by{' '}
            {loaded.type === 'Email' ? 'email' : 'a form'}
            {loaded.platform ? ` (${loaded.platform})` : ''}.
            {loaded.tags.length > 0 && (
              <span className={styles.headerTags}>
                {loaded.tags.map((tag) => (
                  <TagChip key={tag.id} name={tag.name} color={tag.color} />
                ))}
              </span>
            )}
          </>
        }
      />
      <div className={styles.layout}>
        <div className={styles.main}>
          <section aria-labelledby="ticket-conversation" className={styles.conversationSection}>
            <h2 id="ticket-conversation" className={styles.cardTitle}>
              Conversation
            </h2>
            <Conversation messages={loaded.messages} />
          </section>
          <ReplyEditor ticket={loaded} />
        </div>
        <aside className={styles.side} aria-label="Ticket details">
          <TicketSidePanel ticket={loaded} />
          <CustomerPanel email={loaded.from} />
        </aside>
      </div>
    </>
  );
}

import { createColumnHelper } from '@tanstack/react-table';
import { SCHEDULED_EMAIL_STATUSES, type ScheduledEmailStatus } from '@inkwell/contracts/support-rules';
import { Button } from '@inkwell/ui-kit/button';
import { DataTable } from '@/components/data-table/data-table';
import { usePagedQuery } from '@/components/data-table/use-paged-query';
import { ConfirmDialog, useConfirm } from '@/components/dialog/confirm-dialog';
import { ProgressBar } from '@/components/feedback/progress-bar';
import { toast } from '@/components/feedback/toast';
import { SearchField } from '@/components/form/search-field';
import { SelectField } from '@/components/form/select-field';
import { PageHeader } from '@/components/layout/page-header';
import { formatCount, formatDateTime } from '@/lib/format';
import { getScheduledPage, scheduledEmailsQueryKey, useBudgets, useCancelScheduled, useScheduledMetrics, type ScheduledEmail, type ScheduledFilter } from '../api/email';
import { ChartFigure } from '../components/chart-figure';
import { QueryState } from '../components/query-state';
import { ScheduledStatusChip } from '../components/status-chips';
import styles from '../components/email.module.css';

const column = createColumnHelper<ScheduledEmail>();
const CANCELLABLE: readonly ScheduledEmailStatus[] = ['Scheduled', 'Deferred'];

const dayLabel = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

function BudgetCard() {
  const budgets = useBudgets();
  return (
    <section className={styles.card} aria-labelledby="budget-title">
      <h2 id="budget-title" className={styles.cardTitle}>
        Sending budget today
      </h2>
      <QueryState query={budgets} what="the budget" isEmpty={(list) => list.length === 0} empty="No sending budget is set.">
        {(list) =>
          list.map((budget) => (
            <div key={budget.name} className={styles.section}>
              <ProgressBar
                label={`${budget.name.charAt(0).toUpperCase()}${budget.name.slice(1)} budget used`}
                value={budget.usedToday}
                maxValue={Math.max(budget.dailyCap, 1)}
                valueLabel={`${formatCount(budget.usedToday)} of ${formatCount(budget.dailyCap)}`}
              />
              <p className={styles.muted}>
                {formatCount(budget.remainingToday)} left today; resets {formatDateTime(budget.resetsAt)}.
              </p>
            </div>
          ))
        }
      </QueryState>
    </section>
  );
}

function MetricsCard() {
  const metrics = useScheduledMetrics();
  return (
    <section className={styles.card} aria-labelledby="scheduled-metrics-title">
      <h2 id="scheduled-metrics-title" className={styles.cardTitle}>
        Waiting to be sent
      </h2>
      <QueryState query={metrics} what="the figures">
        {(figures) => (
          <dl className={styles.figures}>
            <div>
              <dt>Due now</dt>
              <dd>{formatCount(figures.due)}</dd>
            </div>
            <div>
              <dt>Later</dt>
              <dd>{formatCount(figures.later)}</dd>
            </div>
            <div>
              <dt>Deferred (budget spent)</dt>
              <dd>{formatCount(figures.deferred)}</dd>
            </div>
            <div>
              <dt>Sent today</dt>
              <dd>{formatCount(figures.sentToday)}</dd>
            </div>
            <div>
              <dt>Failed</dt>
              <dd>{formatCount(figures.failed)}</dd>
            </div>
          </dl>
        )}
      </QueryState>
    </section>
  );
}

function UpcomingChart() {
  const metrics = useScheduledMetrics();
  if (!metrics.data) return null;
  const total = metrics.data.upcoming.reduce((sum, day) => sum + day.count, 0);
  return (
    <ChartFigure
      title="Due over the next 14 days"
      summary={total === 0 ? 'Nothing is due in the next 14 days.' : `${formatCount(total)} ${total === 1 ? 'email is' : 'emails are'} due in the next 14 days.`}
      rows={metrics.data.upcoming}
      xKey="date"
      formatX={dayLabel}
      series={[{ key: 'count', label: 'Emails due', color: '#2e63e6' }]}
    />
  );
}

/** Scheduled emails: what waits to be sent and when, the daily budget, and cancelling one. */
export default function ScheduledEmailsRoute() {
  const list = usePagedQuery<ScheduledEmail, ScheduledFilter>({ queryKey: scheduledEmailsQueryKey, filterKeys: ['status'], fetchPage: getScheduledPage });
  const confirm = useConfirm<ScheduledEmail>();
  const cancel = useCancelScheduled();

  const columns = [
    column.accessor('receipientEmail', { header: 'Recipient', meta: { isPrimary: true }, enableSorting: false, cell: (info) => <span className={styles.breakable}>{info.getValue()}</span> }),
    column.accessor('templateName', { header: 'Template', enableSorting: false }),
    column.accessor('sendFromDateTime', {
      header: 'Send time',
      enableSorting: false,
      cell: (info) => <time dateTime={info.getValue()}>{formatDateTime(info.getValue())}</time>,
    }),
    column.accessor('status', { header: 'Status', enableSorting: false, cell: (info) => <ScheduledStatusChip status={info.getValue()} /> }),
    column.accessor('reason', { header: 'Reason', enableSorting: false }),
    column.accessor('note', { header: 'Note', enableSorting: false, meta: { hideOnPhone: true }, cell: (info) => info.getValue() ?? '—' }),
    column.display({
      id: 'actions',
      header: 'Actions',
      meta: { label: 'Actions' },
      cell: ({ row }) =>
        CANCELLABLE.includes(row.original.status) ? (
          <Button variant="secondary" size="sm" onClick={() => confirm.ask(row.original)} aria-label={`Cancel the email to ${row.original.receipientEmail}`}>
            Cancel…
          </Button>
        ) : (
          '—'
        ),
    }),
  ];

  return (
    <>
      <PageHeader title="Scheduled emails" summary="Emails waiting for their send time — ticket follow-ups, pre-order releases — with the daily sending budget they count against." />
      <div className={styles.cards}>
        <BudgetCard />
        <MetricsCard />
      </div>
      <div className={styles.section}>
        <UpcomingChart />
      </div>
      <DataTable
        caption="Scheduled emails"
        columns={columns}
        list={list}
        getRowId={(email) => String(email.id)}
        rowLabel={(email) => email.receipientEmail}
        toolbar={
          <>
            <SearchField label="Search scheduled emails" placeholder="Search by recipient or template" value={list.searchInput} onChange={list.setSearch} className={styles.toolbarSearch} />
            <SelectField<string>
              label="Status"
              options={[{ id: 'any', label: 'Any status' }, ...SCHEDULED_EMAIL_STATUSES.map((status) => ({ id: status, label: status }))]}
              value={list.params.filters.status ?? 'any'}
              onChange={(value) => list.setFilter('status', value === 'any' ? null : value)}
            />
          </>
        }
        empty={{ title: 'Nothing scheduled', text: 'Emails waiting to be sent appear here with their send time.' }}
      />
      <ConfirmDialog
        isOpen={confirm.isOpen}
        onOpenChange={confirm.onOpenChange}
        title="Cancel this scheduled email?"
        confirmLabel="Cancel the email"
        cancelLabel="Keep it"
        isDestructive
        onConfirm={async () => {
          if (!confirm.item) return;
          await cancel.mutateAsync(confirm.item.id);
          toast.success('Scheduled email cancelled.');
        }}
      >
        <p>
          The {confirm.item?.templateName} email to {confirm.item?.receipientEmail}, due {formatDateTime(confirm.item?.sendFromDateTime)}, will not be sent. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

import { useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { useSearchParams } from 'react-router-dom';
import { SENT_EMAIL_STATUSES } from '@inkwell/contracts/support-rules';
import { DataTable } from '@/components/data-table/data-table';
import { usePagedQuery } from '@/components/data-table/use-paged-query';
import { SearchField } from '@/components/form/search-field';
import { SelectField } from '@/components/form/select-field';
import { PageHeader } from '@/components/layout/page-header';
import { formatCount, formatDateTime } from '@/lib/format';
import { getSentPage, sentEmailsQueryKey, useSentMetrics, type SentEmail, type SentFilter } from '../api/email';
import { ChartFigure } from '../components/chart-figure';
import { busySteps, timelineRange } from '../email-figures';
import { QueryState } from '../components/query-state';
import { SentEmailDrawer } from '../components/sent-email-drawer';
import { SentStatusChip } from '../components/status-chips';
import styles from '../components/email.module.css';

const column = createColumnHelper<SentEmail>();
const CATEGORIES = ['transactional', 'support', 'scheduled', 'test'] as const;
const RANGES = [
  { id: '24h', label: 'Last 24 hours', ms: 86_400_000 },
  { id: '7d', label: 'Last 7 days', ms: 7 * 86_400_000 },
] as const;
type RangeId = (typeof RANGES)[number]['id'];

function rangeOf(id: RangeId): { start: string; end: string } {
  return timelineRange(RANGES.find((range) => range.id === id)!.ms);
}

const stepLabel = (value: string) => new Date(value).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

function DeliveryTimeline() {
  const [rangeId, setRangeId] = useState<RangeId>('24h');
  const range = useMemo(() => rangeOf(rangeId), [rangeId]);
  const metrics = useSentMetrics(range);
  return (
    <section className={styles.section} aria-labelledby="sent-timeline-title">
      <div className={styles.chartHead}>
        <h2 id="sent-timeline-title" className={styles.sectionTitle}>
          Delivery timeline
        </h2>
        <SelectField<RangeId> label="Range" options={RANGES.map(({ id, label }) => ({ id, label }))} value={rangeId} onChange={(value) => value && setRangeId(value)} />
      </div>
      <QueryState query={metrics} what="the delivery timeline">
        {(data) => (
          <>
            <dl className={styles.figures}>
              {(
                [
                  ['Delivery attempts', data.totals.deliveryAttempts],
                  ['Delivered', data.totals.deliveries],
                  ['Bounces', data.totals.bounces],
                  ['Complaints', data.totals.complaints],
                  ['Rejects', data.totals.rejects],
                  ['Failures', data.totals.failures],
                  ['Queued', data.totals.queued],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{formatCount(value)}</dd>
                </div>
              ))}
            </dl>
            <ChartFigure
              kind="line"
              title={`Emails in 15-minute steps, ${RANGES.find((item) => item.id === rangeId)!.label.toLowerCase()}`}
              summary={`${formatCount(data.totals.deliveryAttempts)} delivery attempts, ${formatCount(data.totals.deliveries)} delivered, ${formatCount(data.totals.bounces)} bounced, ${formatCount(data.totals.complaints)} complaints.`}
              rows={data.points}
              tableRows={busySteps(data.points)}
              tableNote="steps with any email"
              xKey="timestamp"
              formatX={stepLabel}
              series={[
                { key: 'deliveryAttempts', label: 'Delivery attempts', color: '#2e63e6' },
                { key: 'deliveries', label: 'Delivered', color: '#1d9a6c' },
                { key: 'bounces', label: 'Bounces', color: '#c2410c' },
                { key: 'complaints', label: 'Complaints', color: '#b3261e' },
                { key: 'rejects', label: 'Rejects', color: '#6b3fa0' },
              ]}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

/** Sent emails: what went out, to whom, how its delivery went, and each one's bodies and events. */
export default function SentEmailsRoute() {
  const list = usePagedQuery<SentEmail, SentFilter>({ queryKey: sentEmailsQueryKey, filterKeys: ['status', 'category'], fetchPage: getSentPage });
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get('email');
  const open = openId ? (list.query.data?.items.find((email) => email.id === openId) ?? null) : null;
  const show = (id: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('email', id);
        else next.delete('email');
        return next;
      },
      { replace: true },
    );

  const columns = [
    column.accessor('subject', {
      header: 'Subject',
      meta: { isPrimary: true },
      enableSorting: false,
      cell: (info) => (
        <button type="button" className={styles.linkButton} onClick={() => show(info.row.original.id)}>
          {info.getValue()}
        </button>
      ),
    }),
    column.accessor('to', { header: 'To', enableSorting: false, cell: (info) => <span className={styles.breakable}>{info.getValue()}</span> }),
    column.accessor('status', { header: 'Status', enableSorting: false, cell: (info) => <SentStatusChip status={info.getValue()} /> }),
    column.accessor('category', { header: 'Category', enableSorting: false, meta: { hideOnPhone: true } }),
    column.accessor('templateName', { header: 'Template', enableSorting: false, meta: { hideOnPhone: true }, cell: (info) => info.getValue() ?? '—' }),
    column.accessor('mailCreatedDateTime', { header: 'Created', enableSorting: false, cell: (info) => <time dateTime={info.getValue()}>{formatDateTime(info.getValue())}</time> }),
  ];

  return (
    <>
      <PageHeader title="Sent emails" summary="Every email the store sent or is sending, with its delivery status and events." />
      <DeliveryTimeline />
      <DataTable
        caption="Sent emails"
        columns={columns}
        list={list}
        getRowId={(email) => email.id}
        rowLabel={(email) => email.subject}
        toolbar={
          <>
            <SearchField label="Search sent emails" placeholder="Search by recipient or subject" value={list.searchInput} onChange={list.setSearch} className={styles.toolbarSearch} />
            <SelectField<string>
              label="Status"
              options={[{ id: 'any', label: 'Any status' }, ...SENT_EMAIL_STATUSES.map((status) => ({ id: status, label: status }))]}
              value={list.params.filters.status ?? 'any'}
              onChange={(value) => list.setFilter('status', value === 'any' ? null : value)}
            />
            <SelectField<string>
              label="Category"
              options={[{ id: 'any', label: 'Any category' }, ...CATEGORIES.map((category) => ({ id: category, label: category.charAt(0).toUpperCase() + category.slice(1) }))]}
              value={list.params.filters.category ?? 'any'}
              onChange={(value) => list.setFilter('category', value === 'any' ? null : value)}
            />
          </>
        }
        empty={{ title: 'No sent emails', text: 'Sent emails appear here with their recipient and delivery status.' }}
      />
      <SentEmailDrawer email={open} onClose={() => show(null)} />
    </>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_USER_EXPORT_FIELDS,
  USER_EXPORT_FIELDS,
  USER_EXPORT_FORMATS,
  USER_EXPORT_LINK_TTL_SECONDS,
} from '@inkwell/contracts/dashboard-customers';
import { Button, buttonClassName } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { InboxIcon } from '@inkwell/ui-kit/icons';
import { Badge } from '@/components/feedback/status-badge';
import { ProgressBar } from '@/components/feedback/progress-bar';
import { toast } from '@/components/feedback/toast';
import { CheckboxField } from '@/components/form/checkbox-field';
import { SelectField } from '@/components/form/select-field';
import { PageHeader } from '@/components/layout/page-header';
import { formatCount, formatDateTime, formatRelative } from '@/lib/format';
import { refusalMessages } from '@/lib/refusal';
import { errorMessage } from '@/lib/staff-api';
import { useStartExport, userExportJobQueryOptions, userExportsQueryOptions, type UserExportListEntry } from '../api/users';
import styles from '../components/users.module.css';
import { exportFieldsInOrder } from '../user-search';

type Format = (typeof USER_EXPORT_FORMATS)[number];

const FIELD_LABELS: Record<string, string> = {
  user_id: 'User id',
  email: 'Email',
  'user_metadata.country': 'Country',
  created_at: 'Created',
  updated_at: 'Updated',
  last_login: 'Last sign-in',
  logins_count: 'Sign-in count',
  email_verified: 'Email verified',
  name: 'Name',
  roles: 'Roles',
};

/** How often a running export is asked how far it got. */
const POLL_MS = 1000;

function StartExport() {
  const start = useStartExport();
  const [format, setFormat] = useState<Format>('csv');
  const [fields, setFields] = useState<string[]>([...DEFAULT_USER_EXPORT_FIELDS]);
  const [problem, setProblem] = useState<string>();

  return (
    <form
      className={styles.card}
      aria-labelledby="export-start"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (fields.length === 0) return setProblem('Choose at least one field.');
        setProblem(undefined);
        const ordered = exportFieldsInOrder(fields);
        start.mutate(
          { format, fields: ordered },
          {
            onSuccess: () => toast.success('Export started'),
            onError: (error) => setProblem(refusalMessages(error).join(' ')),
          },
        );
      }}
    >
      <h2 id="export-start" className={styles.cardTitle}>
        New export
      </h2>
      <SelectField<Format>
        label="Format"
        options={USER_EXPORT_FORMATS.map((id) => ({ id, label: id === 'csv' ? 'CSV (spreadsheet)' : 'JSON (one object a line)' }))}
        value={format}
        onChange={(value) => value && setFormat(value)}
        className={styles.narrow}
      />
      <fieldset className={styles.roles}>
        <legend className={styles.legend}>Fields</legend>
        <div className={styles.fieldsGrid}>
          {USER_EXPORT_FIELDS.map((field) => (
            <CheckboxField
              key={field}
              label={
                <>
                  {FIELD_LABELS[field] ?? field} <span className={styles.code}>({field})</span>
                </>
              }
              value={fields.includes(field)}
              onChange={(on) => setFields((current) => (on ? [...current, field] : current.filter((f) => f !== field)))}
            />
          ))}
        </div>
      </fieldset>
      {problem && (
        <p className={styles.notice} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={start.isPending} aria-busy={start.isPending}>
          {start.isPending ? 'Starting…' : 'Start export'}
        </Button>
        <Button variant="ghost" onClick={() => setFields([...DEFAULT_USER_EXPORT_FIELDS])}>
          Default fields
        </Button>
      </div>
    </form>
  );
}

const STATUS_BADGES = {
  pending: <Badge tone="neutral">Waiting</Badge>,
  processing: <Badge tone="info">Processing</Badge>,
  completed: <Badge tone="success">Completed</Badge>,
  failed: <Badge tone="danger">Failed</Badge>,
} as const;

/** One export: its progress while it runs (polled), then its download link until the link expires. */
function ExportJob({ entry }: { entry: UserExportListEntry }) {
  const running = (status: string) => status === 'pending' || status === 'processing';
  const job = useQuery({
    ...userExportJobQueryOptions(entry.jobId),
    refetchInterval: (query) => (query.state.data && !running(query.state.data.status) ? false : POLL_MS),
  });
  const status = job.data?.status ?? entry.status;
  const done = job.data?.rowsDone ?? entry.rowsDone;
  const total = job.data?.rowsTotal ?? entry.rowsTotal;
  const expired = job.data?.isExpired ?? entry.isExpired;
  const titleId = `export-${entry.jobId}`;

  return (
    <li className={styles.job}>
      <div className={styles.jobHeader}>
        <h3 id={titleId} className={styles.jobTitle}>
          Export of {formatDateTime(entry.created)}
          {job.data && ` · ${job.data.format.toUpperCase()}`}
        </h3>
        {expired && status === 'completed' ? <Badge tone="muted">Expired</Badge> : STATUS_BADGES[status]}
      </div>
      <p className={styles.jobMeta}>
        By {entry.requestedByEmail ?? entry.requestedById} · {formatRelative(entry.created)}
        {job.data && ` · ${job.data.fields.length} fields`}
      </p>
      {running(status) && (
        <ProgressBar
          label="Rows written"
          value={total > 0 ? done : undefined}
          maxValue={Math.max(total, 1)}
          valueLabel={total > 0 ? `${formatCount(done)} of ${formatCount(total)}` : undefined}
        />
      )}
      {status === 'completed' &&
        (expired || !job.data?.location ? (
          <p className={styles.jobMeta}>{expired ? 'The download link has expired: start the export again.' : `${formatCount(total)} users exported.`}</p>
        ) : (
          <div className={styles.actions}>
            <a href={job.data.location} className={buttonClassName({ size: 'sm' })} download>
              Download {formatCount(total)} users
            </a>
            <span className={styles.jobMeta}>The link works for {USER_EXPORT_LINK_TTL_SECONDS / 3600} hours after the export finished.</span>
          </div>
        ))}
      {status === 'failed' && (
        <p className={styles.notice} role="alert">
          {job.data?.error ?? 'The export failed.'}
        </p>
      )}
      {job.isError && !job.data && <p className={styles.jobMeta}>The export’s state did not load: {errorMessage(job.error)}</p>}
    </li>
  );
}

/** User exports: start one (format and fields), follow its progress, download the file while its link works. */
export default function UserExportsRoute() {
  const exports = useQuery({
    ...userExportsQueryOptions,
    // A running export moves; the list is asked again until none runs.
    refetchInterval: (query) => (query.state.data?.some((entry) => entry.status === 'pending' || entry.status === 'processing') ? POLL_MS * 3 : false),
  });
  return (
    <>
      <PageHeader title="User exports" back={{ to: '/users', label: 'Users' }} summary="Export the users as a CSV or JSON file, with the fields you choose." />
      <div className={styles.stack}>
      <StartExport />
      <section className={styles.list} aria-labelledby="export-jobs">
        <h2 id="export-jobs" className={styles.cardTitle}>
          Exports
        </h2>
        {exports.isPending ? (
          <p className={styles.muted} role="status">
            Loading the exports…
          </p>
        ) : exports.isError ? (
          <div role="alert" className={styles.notice}>
            <p>The exports did not load: {errorMessage(exports.error)}</p>
            <Button size="sm" variant="secondary" onClick={() => void exports.refetch()}>
              Try again
            </Button>
          </div>
        ) : exports.data.length === 0 ? (
          <EmptyState icon={<InboxIcon size={20} />} title="No exports yet" headingLevel="h3">
            <p>Exports you start appear here with their progress and download link.</p>
          </EmptyState>
        ) : (
          <ul className={styles.jobs}>
            {exports.data.map((entry) => (
              <ExportJob key={entry.jobId} entry={entry} />
            ))}
          </ul>
        )}
      </section>
      </div>
    </>
  );
}

import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { REPORT_LINK_TTL_SECONDS, REPORT_SHEETS, type ReportJob } from '@inkwell/contracts/dashboard-analytics';
import { Button } from '@inkwell/ui-kit/button';
import { Badge } from '@/components/feedback/status-badge';
import { ProgressBar } from '@/components/feedback/progress-bar';
import { toast } from '@/components/feedback/toast';
import { TextField } from '@/components/form/text-field';
import { PageHeader } from '@/components/layout/page-header';
import { formatDateTime, formatRelative } from '@/lib/format';
import { refusalMessages } from '@/lib/refusal';
import { errorMessage } from '@/lib/staff-api';
import { downloadWorkbook, isRunning, reportJobQuery, reportJobsQuery, useEmailReport, type DownloadProgress } from '../api/analytics';
import { RangeToolbar } from '../components/range-toolbar';
import { formatRange, presetRange, rangeProblem, type DayRange } from '../range';
import { useReportingZone } from '../reporting-zone';
import styles from '../components/analytics.module.css';

/** How often a job being written is asked how far it got. */
const POLL_MS = 1000;
const MAX_RECIPIENTS = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const bytes = new Intl.NumberFormat(undefined, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 });
const formatBytes = (value: number) => bytes.format(value / 1000);

const STATUS_BADGES: Record<ReportJob['status'], React.ReactElement> = {
  Queued: <Badge tone="neutral">Waiting</Badge>,
  Running: <Badge tone="info">Writing</Badge>,
  Completed: <Badge tone="success">Sent</Badge>,
  Failed: <Badge tone="danger">Failed</Badge>,
};

/** The addresses typed (commas, semicolons or spaces between them), and a problem with them if any. */
export function parseRecipients(text: string): { emails: string[]; problem?: string } {
  const emails = [...new Set(text.split(/[\s,;]+/).map((item) => item.trim()).filter(Boolean))];
  if (emails.length > MAX_RECIPIENTS) return { emails, problem: `Send to at most ${MAX_RECIPIENTS} addresses.` };
  const wrong = emails.find((email) => !EMAIL.test(email));
  if (wrong) return { emails, problem: `“${wrong}” is not an email address.` };
  return { emails };
}

function DownloadCard({ range, disabled }: { range: DayRange; disabled: boolean }) {
  const [progress, setProgress] = useState<DownloadProgress>();
  const [problem, setProblem] = useState<string>();
  const abort = useRef<AbortController>(null);
  const busy = progress !== undefined;
  const start = async () => {
    setProblem(undefined);
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ received: 0, total: undefined });
    try {
      const { fileName, size } = await downloadWorkbook(range, setProgress, controller.signal);
      toast.success(`Downloaded ${fileName} (${formatBytes(size)})`);
    } catch (error) {
      if (!controller.signal.aborted) setProblem(refusalMessages(error).join(' '));
    } finally {
      setProgress(undefined);
      abort.current = null;
    }
  };
  return (
    <section className={styles.card} aria-labelledby="download-title">
      <h2 id="download-title" className={styles.cardTitle}>
        Download the workbook
      </h2>
      <p className={styles.cardText}>An Excel workbook of {formatRange(range)}, a sheet per report: {REPORT_SHEETS.join(', ')}.</p>
      {busy && (
        <ProgressBar
          label="Downloading the workbook"
          value={progress.total ? progress.received : undefined}
          maxValue={progress.total ?? 100}
          valueLabel={`${formatBytes(progress.received)}${progress.total ? ` of ${formatBytes(progress.total)}` : ' received'}`}
        />
      )}
      {busy && (
        <p className={styles.cardText} role="status">
          {formatBytes(progress.received)} received
        </p>
      )}
      {problem && (
        <p className={styles.notice} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <Button onClick={() => void start()} disabled={disabled || busy} aria-busy={busy}>
          {busy ? 'Downloading…' : 'Download workbook'}
        </Button>
        {busy && (
          <Button variant="ghost" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        )}
      </div>
    </section>
  );
}

function EmailCard({ range, disabled, onJob }: { range: DayRange; disabled: boolean; onJob: (job: ReportJob) => void }) {
  const send = useEmailReport();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  return (
    <form
      className={styles.card}
      aria-labelledby="email-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const { emails, problem: wrong } = parseRecipients(text);
        if (wrong) return setProblem(wrong);
        setProblem(undefined);
        send.mutate(
          { range, emails },
          {
            onSuccess: (job) => {
              toast.success(emails.length > 0 ? `The workbook will be emailed to ${emails.length} ${emails.length === 1 ? 'address' : 'addresses'}` : 'The workbook will be emailed to you');
              onJob(job);
            },
            onError: (error) => setProblem(refusalMessages(error).join(' ')),
          },
        );
      }}
    >
      <h2 id="email-title" className={styles.cardTitle}>
        Email the workbook
      </h2>
      <p className={styles.cardText}>
        The workbook is written in the background; each address gets a link to it that works for {REPORT_LINK_TTL_SECONDS / 86_400} days.
      </p>
      <TextField
        label="Send to"
        description={`Up to ${MAX_RECIPIENTS} addresses, separated by commas. Leave empty to send it to yourself.`}
        value={text}
        onChange={setText}
        error={problem}
        type="email"
        inputMode="email"
        autoComplete="off"
      />
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" disabled={disabled || send.isPending} aria-busy={send.isPending}>
          {send.isPending ? 'Asking…' : text.trim() ? 'Email the workbook' : 'Email me the workbook'}
        </Button>
      </div>
    </form>
  );
}

/** One report job: its progress while it is written (polled), then what became of it. */
function JobItem({ job: listed }: { job: ReportJob }) {
  const query = useQuery({
    ...reportJobQuery(listed.id),
    initialData: listed,
    refetchInterval: (q) => (q.state.data && !isRunning(q.state.data) ? false : POLL_MS),
  });
  const job = query.data;
  return (
    <li className={styles.job}>
      <div className={styles.jobHeader}>
        <h3 className={styles.jobTitle}>{formatRange(job)}</h3>
        {STATUS_BADGES[job.status]}
      </div>
      <p className={styles.cardText}>
        Asked {formatRelative(job.requestedAt)} · to {job.recipients} {job.recipients === 1 ? 'address' : 'addresses'}
        {job.sizeBytes !== null && ` · ${formatBytes(job.sizeBytes)}`}
        {job.expiresAt && ` · link works until ${formatDateTime(job.expiresAt)}`}
      </p>
      {isRunning(job) && <ProgressBar label="Writing the workbook" value={job.status === 'Queued' ? undefined : job.progress} />}
      {job.status === 'Failed' && (
        <p className={styles.notice} role="alert">
          {job.error ?? 'The workbook could not be written.'}
        </p>
      )}
    </li>
  );
}

export default function ReportsRoute() {
  const { timeZone, now } = useReportingZone();
  const [range, setRange] = useState<DayRange>(() => presetRange('last12Months', now));
  const [latest, setLatest] = useState<ReportJob>();
  const jobs = useQuery({
    ...reportJobsQuery,
    refetchInterval: (q) => (q.state.data?.some(isRunning) ? POLL_MS * 3 : false),
  });
  const problem = rangeProblem(range);
  const list = jobs.data ?? [];
  const shown = latest && !list.some((job) => job.id === latest.id) ? [latest, ...list] : list;

  return (
    <>
      <PageHeader title="Reports" summary="Sales, refunds and new customers as an Excel workbook: download it, or have it emailed." />
      <RangeToolbar range={range} onRange={setRange} now={now} timeZone={timeZone} />
      <div className={styles.stack}>
      <div className={styles.charts}>
        <DownloadCard range={range} disabled={problem !== undefined} />
        <EmailCard range={range} disabled={problem !== undefined} onJob={setLatest} />
      </div>
      <section className={styles.card} aria-labelledby="jobs-title">
        <h2 id="jobs-title" className={styles.cardTitle}>
          Emailed reports
        </h2>
        {jobs.isPending ? (
          <p className={styles.cardText} role="status">
            Loading the reports…
          </p>
        ) : jobs.isError ? (
          <div className={styles.notice} role="alert">
            <p>The reports did not load: {errorMessage(jobs.error)}</p>
            <Button size="sm" variant="secondary" onClick={() => void jobs.refetch()}>
              Try again
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <p className={styles.cardText}>No reports emailed yet. Those you ask for appear here with their progress.</p>
        ) : (
          <ul className={styles.jobs}>
            {shown.map((job) => (
              <JobItem key={job.id} job={job} />
            ))}
          </ul>
        )}
      </section>
      </div>
    </>
  );
}

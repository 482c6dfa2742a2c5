import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { SearchKind } from '@inkwell/contracts/dashboard-catalogue';
import { Button } from '@inkwell/ui-kit/button';
import { SimpleTable } from '@/components/data-table/simple-table';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { Badge } from '@/components/feedback/status-badge';
import { ProgressBar } from '@/components/feedback/progress-bar';
import { toast, toastError } from '@/components/feedback/toast';
import { PageHeader } from '@/components/layout/page-header';
import { formatCount, formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/staff-api';
import {
  activeNotUploadedQueryOptions,
  orphansQueryOptions,
  useInvalidateAllCaches,
  useRemoveInactiveFromSearch,
  useUploadAllToSearch,
  useUploadJob,
} from '../api/search-maintenance';
import styles from './search-maintenance.module.css';

const KIND_LABELS: Record<SearchKind, string> = { series: 'Series', product: 'Product' };
/** Where staff open the item behind a search document. */
const editorPath = (kind: SearchKind, id: number) => `/${kind === 'series' ? 'series' : 'products'}/${id}`;

/** Keeps the running upload's job id across a reload of this page, so its progress is picked up again. */
const JOB_KEY = 'inkwell.searchUploadJob';

export default function SearchMaintenanceRoute() {
  const orphans = useQuery(orphansQueryOptions);
  const missing = useQuery(activeNotUploadedQueryOptions);
  const orphanRows = useQuery({ ...orphansQueryOptions, select: (data) => data.items });
  const missingRows = useQuery({ ...activeNotUploadedQueryOptions, select: (data) => data.items });
  const removeInactive = useRemoveInactiveFromSearch();
  const uploadAll = useUploadAllToSearch();
  const invalidate = useInvalidateAllCaches();
  const [jobId, setJobId] = useState<string | null>(() => sessionStorage.getItem(JOB_KEY));
  const job = useUploadJob(jobId);
  const [confirming, setConfirming] = useState<'remove' | 'cache' | null>(null);

  const running = job.data?.state === 'running' || uploadAll.isPending;

  const startUpload = async () => {
    try {
      const started = await uploadAll.mutateAsync();
      sessionStorage.setItem(JOB_KEY, started.jobId);
      setJobId(started.jobId);
    } catch (error) {
      toastError('The upload to search did not start', error);
    }
  };

  const jobStatus = job.data;
  return (
    <>
      <PageHeader
        title="Search maintenance"
        summary="Keep the storefront’s search in step with the catalogue, and clear every cache when pages show stale data."
      />

      <div className={styles.actions}>
        <section className={styles.card} aria-labelledby="upload-title">
          <h2 id="upload-title" className={styles.cardTitle}>
            Upload all to search
          </h2>
          <p className={styles.cardText}>Writes every listed series and product to the search index again. The storefront keeps searching while it runs.</p>
          {jobStatus && (
            <div className={styles.job} aria-live="polite">
              <ProgressBar
                label={jobStatus.state === 'running' ? 'Uploading to search' : jobStatus.state === 'completed' ? 'Upload finished' : 'Upload failed'}
                value={jobStatus.total > 0 ? jobStatus.done : jobStatus.state === 'running' ? undefined : 1}
                maxValue={Math.max(jobStatus.total, 1)}
                valueLabel={`${formatCount(jobStatus.done)} of ${formatCount(jobStatus.total)} items`}
              />
              <p className={styles.jobText}>
                {formatCount(jobStatus.uploaded)} written to the index · started {formatDateTime(jobStatus.startedAt)}
                {jobStatus.finishedAt && ` · finished ${formatDateTime(jobStatus.finishedAt)}`}
              </p>
              {jobStatus.error && (
                <p className={styles.error} role="alert">
                  {jobStatus.error}
                </p>
              )}
            </div>
          )}
          {job.isError && (
            <p className={styles.error} role="alert">
              The upload’s progress could not be read: {errorMessage(job.error)}
            </p>
          )}
          <Button onClick={() => void startUpload()} disabled={running}>
            {running ? 'Uploading…' : 'Upload all to search'}
          </Button>
        </section>

        <section className={styles.card} aria-labelledby="remove-title">
          <h2 id="remove-title" className={styles.cardTitle}>
            Remove inactive from search
          </h2>
          <p className={styles.cardText}>
            Deletes the search documents of items that no longer exist or are no longer listed (the list below).
          </p>
          <Button variant="secondary" onClick={() => setConfirming('remove')} disabled={removeInactive.isPending || running}>
            Remove inactive from search
          </Button>
        </section>

        <section className={styles.card} aria-labelledby="cache-title">
          <h2 id="cache-title" className={styles.cardTitle}>
            Invalidate whole cache
          </h2>
          <p className={styles.cardText}>Drops every cached page and answer, so the storefront rebuilds them from the catalogue. Pages are slower for a moment afterwards.</p>
          <Button variant="secondary" onClick={() => setConfirming('cache')} disabled={invalidate.isPending}>
            Invalidate whole cache
          </Button>
        </section>
      </div>

      <section className={styles.list} aria-labelledby="orphans-title">
        <div className={styles.listHeader}>
          <h2 id="orphans-title" className={styles.listTitle}>
            Left behind in search
          </h2>
          {orphans.data && <Badge tone={orphans.data.count > 0 ? 'warning' : 'success'}>{`${formatCount(orphans.data.count)} documents`}</Badge>}
        </div>
        <SimpleTable
          caption="Search documents whose item is gone or no longer listed"
          query={orphanRows}
          getRowId={(row) => `${row.kind}-${row.id}`}
          empty={{ title: 'Nothing left behind', text: 'Every document in the search index belongs to a listed item.' }}
          columns={[
            { id: 'title', header: 'Item', isPrimary: true, cell: (row) => (row.title ? <Link to={editorPath(row.kind, row.id)}>{row.title}</Link> : `Deleted ${KIND_LABELS[row.kind].toLowerCase()}`) },
            { id: 'kind', header: 'Kind', cell: (row) => KIND_LABELS[row.kind] },
            { id: 'id', header: 'Id', align: 'end', cell: (row) => row.id },
            {
              id: 'reason',
              header: 'Why',
              cell: (row) => (row.reason === 'missing' ? <Badge tone="danger">No longer exists</Badge> : <Badge tone="muted">Not listed</Badge>),
            },
          ]}
        />
      </section>

      <section className={styles.list} aria-labelledby="missing-title">
        <div className={styles.listHeader}>
          <h2 id="missing-title" className={styles.listTitle}>
            Missing from search
          </h2>
          {missing.data && <Badge tone={missing.data.count > 0 ? 'warning' : 'success'}>{`${formatCount(missing.data.count)} items`}</Badge>}
        </div>
        <SimpleTable
          caption="Listed items the search index lacks"
          query={missingRows}
          getRowId={(row) => `${row.kind}-${row.id}`}
          empty={{ title: 'Nothing missing', text: 'Every listed series and product is in the search index.' }}
          columns={[
            { id: 'title', header: 'Item', isPrimary: true, cell: (row) => <Link to={editorPath(row.kind, row.id)}>{row.title}</Link> },
            { id: 'kind', header: 'Kind', cell: (row) => KIND_LABELS[row.kind] },
            { id: 'id', header: 'Id', align: 'end', cell: (row) => row.id },
          ]}
        />
      </section>

      <ConfirmDialog
        isOpen={confirming === 'remove'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Remove inactive items from search?"
        confirmLabel="Remove from search"
        isDestructive
        onConfirm={async () => {
          const answer = await removeInactive.mutateAsync();
          toast.success(`${formatCount(answer.removed)} ${answer.removed === 1 ? 'document' : 'documents'} removed from search`);
        }}
      >
        <p>
          The search documents of items that are gone or not listed are deleted
          {orphans.data ? ` (${formatCount(orphans.data.count)} now)` : ''}. Readers stop finding them in search. Publishing an item again puts it back.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        isOpen={confirming === 'cache'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Invalidate the whole cache?"
        confirmLabel="Invalidate whole cache"
        isDestructive
        onConfirm={async () => {
          const answer = await invalidate.mutateAsync();
          toast.success('Every cache invalidated', { description: `At ${formatDateTime(answer.invalidatedAt)}` });
        }}
      >
        <p>Every cached page and answer is dropped at once. The storefront is slower while the caches fill again.</p>
      </ConfirmDialog>
    </>
  );
}

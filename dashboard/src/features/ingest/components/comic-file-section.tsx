import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { Button } from '@inkwell/ui-kit/button';
import { INGEST_ACCEPTED_EXTENSIONS, type IngestJob } from '@inkwell/contracts/ingest';
import { ProgressBar } from '@/components/feedback/progress-bar';
import { toast, toastError } from '@/components/feedback/toast';
import { formatCount, formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/staff-api';
import { ingestJobQueryKey, isJobRunning, useLatestIngestJob } from '../api/get-ingest-job';
import { useReencodeComic } from '../api/reencode-comic';
import { uploadComic, type UploadProgress } from '../api/upload-comic';
import styles from './comic-file-section.module.css';

interface ComicFileSectionProps {
  productId: number;
  /** From the product: whether a page set is in place, and how many pages it has. */
  ingestCompleted: boolean;
  pageCount: number;
  /** Publish problems about the comic file ("Comic has not been ingested"). */
  problems?: readonly string[] | undefined;
  /** Called once a job completes, so the editor reads the product's new page count and cover. */
  onIngested: () => void;
}

const ACCEPT = INGEST_ACCEPTED_EXTENSIONS.join(',');

function hasAcceptedExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return INGEST_ACCEPTED_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

function percent(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
}

const STATUS_TEXT: Record<IngestJob['status'], string> = {
  uploading: 'Receiving the archive…',
  queued: 'Waiting to be processed…',
  working: 'Encoding pages…',
  completed: 'Ingestion completed',
  failed: 'Ingestion failed',
};

/**
 * The product's comic file (issue 14 item 4): upload a CBZ/ZIP with an upload progress bar, then
 * follow the processing job (polled every second) to its page count, or to the refusal message.
 */
export function ComicFileSection({ productId, ingestCompleted, pageCount, problems = [], onIngested }: ComicFileSectionProps) {
  const inputId = useId();
  const problemId = useId();
  const queryClient = useQueryClient();
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const job = useLatestIngestJob(productId);
  const reencode = useReencodeComic(productId);

  const send = useMutation({
    mutationFn: (file: File) => {
      abortRef.current = new AbortController();
      setUpload({ loaded: 0, total: file.size });
      return uploadComic(productId, file, { onProgress: setUpload, signal: abortRef.current.signal });
    },
    onSuccess: (started) => queryClient.setQueryData(ingestJobQueryKey(productId), started),
    onError: (error) => {
      if (error instanceof DOMException && error.name === 'AbortError') toast('Upload cancelled.');
      else setFileProblem(errorMessage(error));
    },
    onSettled: () => {
      abortRef.current = null;
      setUpload(null);
    },
  });

  useEffect(() => () => abortRef.current?.abort(), []);

  // Tell the editor once, when the job it watched running comes to an end.
  const current = job.data ?? null;
  const wasRunning = useRef(false);
  useEffect(() => {
    const running = isJobRunning(current);
    if (wasRunning.current && !running && current?.status === 'completed') {
      toast.success(`Comic ingested: ${formatCount(current.pageCount ?? current.pagesTotal)} pages.`);
      onIngested();
    }
    wasRunning.current = running;
  }, [current, onIngested]);

  const [chosen, setChosen] = useState<{ name: string; size: number } | null>(null);
  /** A file dropped or chosen: checked here first, so a wrong one is named with what to do instead. */
  const choose = (accepted: readonly File[], rejected: readonly FileRejection[]) => {
    setFileProblem(null);
    const dropped = accepted.length + rejected.length;
    if (dropped > 1) {
      setFileProblem(`Drop one file at a time: ${dropped} files were dropped. Each product has one comic file.`);
      return;
    }
    const file = accepted[0] ?? rejected[0]?.file;
    if (!file) return;
    if (!hasAcceptedExtension(file.name)) {
      setFileProblem(`Choose a .cbz or .zip archive of page images, or a .pdf; ${file.name} is none of these.`);
      return;
    }
    if (file.size === 0) {
      setFileProblem(`${file.name} is empty (0 bytes). Export the comic again and choose the new file.`);
      return;
    }
    setChosen({ name: file.name, size: file.size });
    send.mutate(file);
  };

  const running = isJobRunning(current);
  const busy = send.isPending || running || reencode.isPending;
  const shownProblems = [...(fileProblem ? [fileProblem] : []), ...problems];
  // A file dragged onto the zone, or chosen with its button (click, Enter or Space) opens the file
  // chooser (issue 26: it was the browser's plain file input). Types are checked by choose(), with a
  // message naming the file. The zone itself is no control (a button holding the file input and its
  // label would nest controls); its button is.
  const zone = useDropzone({ onDrop: choose, multiple: false, maxFiles: 1, disabled: busy, useFsAccessApi: false, noClick: true, noKeyboard: true });
  const hintId = useId();

  return (
    <div className={styles.section}>
      <dl className={styles.facts}>
        <div>
          <dt>Ingestion</dt>
          <dd>{ingestCompleted ? 'Completed' : 'Not ingested'}</dd>
        </div>
        <div>
          <dt>Pages</dt>
          <dd>{formatCount(pageCount)}</dd>
        </div>
        {current && (
          <div>
            <dt>Last job</dt>
            <dd>
              {current.fileName ?? (current.kind === 'encode' ? 'Re-encode' : 'Upload')} · {formatDateTime(current.startedAt)}
            </dd>
          </div>
        )}
      </dl>

      <div className={styles.controls}>
        <label htmlFor={inputId} className={styles.fileLabel}>
          Comic archive or PDF
        </label>
        <div
          {...zone.getRootProps({
            className: styles.dropZone,
            role: 'group',
            'aria-label': 'Comic file drop zone',
            'aria-describedby': [hintId, shownProblems.length > 0 ? problemId : ''].filter(Boolean).join(' '),
          })}
          data-dragging={zone.isDragActive || undefined}
          data-invalid={shownProblems.length > 0 || undefined}
          data-busy={busy || undefined}
        >
          <input
            {...zone.getInputProps({
              id: inputId,
              accept: ACCEPT,
              'aria-invalid': shownProblems.length > 0 || undefined,
              // Visually hidden rather than not displayed, so it stays the labelled file input (tests and
              // assistive technology find it by its label); out of the tab order, the button is the stop.
              className: styles.hiddenInput,
              style: {},
              tabIndex: -1,
              // react-dropzone names it 'file upload', which would hide its label's words.
              'aria-label': 'Comic archive or PDF',
            })}
          />
          <span className={styles.dropTitle}>
            {zone.isDragActive ? 'Drop the file to upload it' : busy ? 'Processing the current file…' : 'Drag a comic file here'}
          </span>
          <Button variant="secondary" size="sm" onClick={zone.open} disabled={busy}>
            Choose a file…
          </Button>
          <span id={hintId} className={styles.dropHint}>
            One file: a .cbz or .zip of page images, or a .pdf, up to the shop's upload limit (500 MB unless raised).
            {chosen && ` Last chosen: ${chosen.name} (${formatBytes(chosen.size)}).`}
          </span>
        </div>
        <div className={styles.buttons}>
          {send.isPending && (
            <Button variant="secondary" size="sm" onClick={() => abortRef.current?.abort()}>
              Cancel upload
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            disabled={busy || !ingestCompleted}
            onClick={() =>
              reencode.mutate(undefined, {
                onSuccess: (answer) => (answer.started ? toast('Re-encoding started.') : toast(answer.message)),
                onError: (error) => toastError('Re-encode failed', error),
              })
            }
          >
            Re-encode
          </Button>
        </div>
      </div>

      {upload && (
        <ProgressBar
          // Sent in full, the archive still has to be received and checked before its job starts.
          label={upload.total > 0 && upload.loaded >= upload.total ? 'Uploaded; waiting for the server to accept it…' : 'Uploading'}
          value={upload.loaded}
          maxValue={upload.total || 1}
          valueLabel={`${percent(upload.loaded, upload.total)}% of ${formatBytes(upload.total)}`}
        />
      )}

      {current && running && (
        <ProgressBar
          label={STATUS_TEXT[current.status]}
          value={current.pagesTotal > 0 ? current.pagesDone : undefined}
          maxValue={current.pagesTotal || 1}
          valueLabel={`${current.pagesDone} of ${current.pagesTotal} pages`}
        />
      )}

      <div aria-live="polite">
        {current?.status === 'completed' && !running && (
          <p className={styles.done}>
            {STATUS_TEXT.completed}: {formatCount(current.pageCount ?? current.pagesTotal)} pages
            {current.finishedAt ? ` · ${formatDateTime(current.finishedAt)}` : ''}.
            {current.message ? ` ${current.message}` : ''}
          </p>
        )}
        {current?.status === 'failed' && (
          <p className={styles.failed} role="alert">
            {STATUS_TEXT.failed}: {current.message ?? 'the archive could not be read.'}
          </p>
        )}
      </div>

      {shownProblems.length > 0 && (
        <ul id={problemId} className={styles.problems}>
          {shownProblems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

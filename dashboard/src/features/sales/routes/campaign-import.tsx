import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { SALES_SHEET_COLUMNS, SALES_SPREADSHEET_LIMITS, type SpreadsheetReport } from '@inkwell/contracts/dashboard-merchandising';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { ProgressBar } from '@/components/feedback/progress-bar';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/layout/page-header';
import tableStyles from '@/components/data-table/data-table.module.css';
import styles from '@/components/editor/editor.module.css';
import { cx, formatCount, formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/staff-api';
import { salesQueryKey } from '../api/campaigns';
import { checkSpreadsheetFiles, sendSpreadsheets, type UploadProgress } from '../api/spreadsheets';
import { formatUtc, localZone } from '../dates';
import own from './campaign-import.module.css';

type Step =
  | { kind: 'choosing' }
  | { kind: 'uploading'; action: 'ValidateFromCsv' | 'CreateFromCsv'; progress: UploadProgress | null }
  | { kind: 'checked'; report: SpreadsheetReport }
  | { kind: 'created'; report: SpreadsheetReport }
  | { kind: 'failed'; message: string; report?: SpreadsheetReport };

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `sales-campaigns/import`: spreadsheet files checked on the server, every problem shown, then campaigns created from them all or none. */
export default function CampaignImportRoute() {
  const queryClient = useQueryClient();
  const inputId = useId();
  const helpId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [step, setStep] = useState<Step>({ kind: 'choosing' });
  const controller = useRef<AbortController | null>(null);
  const fileProblems = checkSpreadsheetFiles(files);
  const fileNames = (field: string) => {
    const index = Number(/^file(\d+)$/.exec(field)?.[1] ?? Number.NaN) - 1;
    return files[index]?.name ?? field;
  };

  const upload = async (action: 'ValidateFromCsv' | 'CreateFromCsv') => {
    controller.current = new AbortController();
    setStep({ kind: 'uploading', action, progress: null });
    try {
      const report = await sendSpreadsheets(action, files, {
        onProgress: (progress) => setStep({ kind: 'uploading', action, progress }),
        signal: controller.current.signal,
      });
      if (action === 'CreateFromCsv' && report.valid && report.createdIds.length > 0) {
        void queryClient.invalidateQueries({ queryKey: [...salesQueryKey, 'page'] });
        toast.success(report.createdIds.length === 1 ? 'Created 1 campaign as a draft.' : `Created ${report.createdIds.length} campaigns as drafts.`);
        setStep({ kind: 'created', report });
      } else setStep({ kind: 'checked', report });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') setStep({ kind: 'choosing' });
      else setStep({ kind: 'failed', message: errorMessage(error) });
    } finally {
      controller.current = null;
      requestAnimationFrame(() => resultRef.current?.focus());
    }
  };

  const choose = (list: FileList | null) => {
    setFiles(list ? [...list] : []);
    setStep({ kind: 'choosing' });
  };

  // Until the browser reports the first bytes sent, the bar starts at 0 of what was chosen.
  const chosenBytes = files.reduce((sum, file) => sum + file.size, 0);
  const report = step.kind === 'checked' || step.kind === 'created' ? step.report : undefined;
  const uploading = step.kind === 'uploading';

  return (
    <div className={styles.page}>
      <PageHeader
        title="Import sales campaigns"
        back={{ to: '/sales-campaigns', label: 'Sales campaigns' }}
        summary="Each spreadsheet file becomes one campaign, created as a draft. Every file is checked first; campaigns are created only when no file has a problem."
      />

      <section className={styles.section} aria-labelledby="import-files-title">
        <h2 id="import-files-title" className={styles.sectionTitle}>
          Files
        </h2>
        <div className={own.chooser}>
          <label htmlFor={inputId} className={own.label}>
            Spreadsheet files (.xlsx or .csv)
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            multiple
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            aria-describedby={helpId}
            disabled={uploading}
            className={own.input}
            onChange={(event) => choose(event.target.files)}
          />
          <p id={helpId} className={styles.sectionNote}>
            Up to {SALES_SPREADSHEET_LIMITS.files} files of at most {SALES_SPREADSHEET_LIMITS.fileBytes / 1024 / 1024} MB and{' '}
            {formatCount(SALES_SPREADSHEET_LIMITS.rows)} rows each. A header row names the columns: {SALES_SHEET_COLUMNS.join(', ')}. Prices are money
            (4.99), dates ISO 8601 in UTC, and Variant Id −1 is the Digital variant. Export a campaign for an example.
          </p>
        </div>
        {files.length > 0 && (
          <ul className={own.files} aria-label="Chosen files">
            {files.map((file, index) => (
              <li key={`${index}-${file.name}`}>
                <span className={own.fileField}>file{index + 1}</span> {file.name} <span className={own.muted}>({formatBytes(file.size)})</span>
              </li>
            ))}
          </ul>
        )}
        {fileProblems.length > 0 && (
          <ul className={own.clientProblems} role="alert">
            {fileProblems.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
        <div className={styles.actions}>
          <Button onClick={() => void upload('ValidateFromCsv')} disabled={files.length === 0 || fileProblems.length > 0 || uploading}>
            Upload and check
          </Button>
          {uploading && (
            <Button variant="ghost" onClick={() => controller.current?.abort()}>
              Cancel upload
            </Button>
          )}
        </div>
        {uploading && (
          <ProgressBar
            label={step.action === 'ValidateFromCsv' ? 'Uploading the files to check them' : 'Uploading the files to create the campaigns'}
            value={step.progress?.loaded ?? 0}
            maxValue={step.progress?.total || chosenBytes || 1}
            valueLabel={`${formatBytes(step.progress?.loaded ?? 0)} of ${formatBytes(step.progress?.total || chosenBytes)}`}
          />
        )}
        {uploading && step.progress && step.progress.loaded >= step.progress.total && (
          <p role="status" className={styles.sectionNote}>
            Uploaded; the server is reading the files…
          </p>
        )}
      </section>

      {step.kind === 'failed' && (
        <section className={cx(styles.section, own.failed)} aria-labelledby="import-failed-title">
          <h2 id="import-failed-title" ref={resultRef} tabIndex={-1} className={styles.sectionTitle}>
            The files were not checked
          </h2>
          <p>{step.message}</p>
        </section>
      )}

      {report && (
        <section className={styles.section} aria-labelledby="import-result-title">
          <h2 id="import-result-title" ref={resultRef} tabIndex={-1} className={styles.sectionTitle}>
            {step.kind === 'created'
              ? `Created ${report.createdIds.length} campaign${report.createdIds.length === 1 ? '' : 's'}`
              : report.valid
                ? 'Ready to create'
                : `${formatCount(report.problemCount)} problem${report.problemCount === 1 ? '' : 's'} found — nothing was created`}
          </h2>

          {report.campaigns.length > 0 && (
            <>
              <h3 className={styles.subsectionTitle}>{step.kind === 'created' ? 'Campaigns created (as drafts)' : 'Campaigns these files would create'}</h3>
              <div className={tableStyles.scroller}>
                <table className={tableStyles.table}>
                  <caption className="visually-hidden">Campaigns from the files</caption>
                  <thead>
                    <tr>
                      <th scope="col">Campaign</th>
                      <th scope="col">File</th>
                      <th scope="col">Starts ({localZone()})</th>
                      <th scope="col">Ends ({localZone()})</th>
                      <th scope="col" className={tableStyles.end}>
                        Products
                      </th>
                      <th scope="col" className={tableStyles.end}>
                        At full price (left out)
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.campaigns.map((campaign, index) => {
                      const createdId = step.kind === 'created' ? report.createdIds[index] : undefined;
                      return (
                        <tr key={campaign.file}>
                          <th scope="row" data-label="Campaign" className={tableStyles.primary}>
                            {createdId !== undefined ? <Link to={`/sales-campaigns/${createdId}`}>{campaign.name}</Link> : campaign.name}
                          </th>
                          <td data-label="File">{campaign.fileName}</td>
                          <td data-label="Starts">
                            {formatDateTime(campaign.startDate)}
                            <br />
                            <small>{formatUtc(campaign.startDate)}</small>
                          </td>
                          <td data-label="Ends">
                            {formatDateTime(campaign.endDate)}
                            <br />
                            <small>{formatUtc(campaign.endDate)}</small>
                          </td>
                          <td data-label="Products" className={tableStyles.end}>
                            {formatCount(campaign.productCount)}
                          </td>
                          <td data-label="At full price (left out)" className={tableStyles.end}>
                            {formatCount(campaign.unchangedCount)}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </>
          )}

          {report.problems.length > 0 && (
            <>
              <h3 className={styles.subsectionTitle}>Problems</h3>
              {report.problemCount > report.problems.length && (
                <p className={styles.sectionNote}>
                  Showing the first {formatCount(report.problems.length)} of {formatCount(report.problemCount)} problems.
                </p>
              )}
              <div className={tableStyles.scroller}>
                <table className={tableStyles.table}>
                  <caption className="visually-hidden">Problems in the files</caption>
                  <thead>
                    <tr>
                      <th scope="col">File</th>
                      <th scope="col">Sheet</th>
                      <th scope="col" className={tableStyles.end}>
                        Row
                      </th>
                      <th scope="col">Column</th>
                      <th scope="col">Problem</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.problems.map((problem, index) => (
                      <tr key={index}>
                        <td data-label="File">{fileNames(problem.file)}</td>
                        <td data-label="Sheet">{problem.sheet || '—'}</td>
                        <td data-label="Row" className={tableStyles.end}>
                          {problem.row ?? '—'}
                        </td>
                        <td data-label="Column">{problem.column ?? '—'}</td>
                        <th scope="row" data-label="Problem" className={tableStyles.primary}>
                          {problem.message}
                        </th>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className={styles.sectionNote}>Correct the files, choose them again and check them again.</p>
            </>
          )}

          <div className={styles.actions}>
            {step.kind === 'checked' && report.valid && (
              <Button onClick={() => void upload('CreateFromCsv')}>
                Create {report.campaigns.length} campaign{report.campaigns.length === 1 ? '' : 's'}
              </Button>
            )}
            {step.kind === 'created' && <ButtonLink to="/sales-campaigns">Back to sales campaigns</ButtonLink>}
            {step.kind === 'created' && (
              <Button
                variant="secondary"
                onClick={() => {
                  setFiles([]);
                  setStep({ kind: 'choosing' });
                  if (inputRef.current) inputRef.current.value = '';
                  inputRef.current?.focus();
                }}
              >
                Import more files
              </Button>
            )}
          </div>
        </section>
      )}
    </div>
  );
}

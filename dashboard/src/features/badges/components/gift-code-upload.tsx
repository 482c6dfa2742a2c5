import { useId, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import type { BadgeStock, GiftCodeUploadResult } from '@inkwell/contracts/badges';
import { Button } from '@inkwell/ui-kit/button';
import { SelectField } from '@/components/form';
import { toast } from '@/components/feedback/toast';
import { ApiError, errorMessage } from '@/lib/staff-api';
import { useAddGiftCodes } from '../api/badges';
import styles from './badges.module.css';

const MAX_FILE_BYTES = 2_000_000;

/**
 * Loads gift codes into a badge's pool: a text or CSV file dropped or chosen (its first column is
 * the code), or a list pasted. The server refuses a list with a bad line whole and names each line.
 */
export function GiftCodeUpload({ badges }: { badges: readonly BadgeStock[] }) {
  const textId = useId();
  const [badgeId, setBadgeId] = useState<number | null>(badges[0]?.id ?? null);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [result, setResult] = useState<GiftCodeUploadResult | null>(null);
  const add = useAddGiftCodes();

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: { 'text/plain': ['.txt'], 'text/csv': ['.csv'] },
    maxFiles: 1,
    maxSize: MAX_FILE_BYTES,
    noClick: true,
    onDropAccepted: async ([file]) => {
      if (!file) return;
      setText(await file.text());
      setFileName(file.name);
      setProblems([]);
      setResult(null);
    },
    onDropRejected: ([rejection]) => setProblems([rejection ? `${rejection.file.name}: ${rejection.errors.map((error) => error.message).join('; ')}` : 'That file cannot be used.']),
  });

  const submit = () => {
    if (badgeId === null) return;
    setProblems([]);
    setResult(null);
    add.mutate(
      { badgeId, codes: text },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setText('');
          setFileName(null);
          toast.success(`Added ${answer.added} gift code${answer.added === 1 ? '' : 's'} to ${answer.badge.name}.`);
        },
        onError: (error) => {
          const listed = error instanceof ApiError ? (error.status?.problems ?? []).map((problem) => problem.message) : [];
          setProblems(listed.length > 0 ? listed : [errorMessage(error)]);
        },
      },
    );
  };

  return (
    <section className={styles.upload} aria-labelledby="upload-title">
      <h2 id="upload-title" className={styles.title}>
        Add gift codes
      </h2>
      <p className={styles.help}>One code a line, or a CSV file whose first column is the code. Repeats and codes already in a pool are skipped.</p>
      <SelectField label="Badge" options={badges.map((badge) => ({ id: badge.id, label: `${badge.id} · ${badge.name}` }))} value={badgeId} onChange={setBadgeId} />
      <div {...getRootProps({ className: [styles.dropzone, isDragActive ? styles.dropzoneActive : ''].join(' ') })}>
        <input {...getInputProps({ 'aria-label': 'Gift code file' })} />
        <p className={styles.dropText}>{isDragActive ? 'Drop the file to read its codes' : fileName ? `Read ${fileName}` : 'Drop a .txt or .csv file here'}</p>
        <Button variant="secondary" size="sm" onClick={open}>
          Choose a file
        </Button>
      </div>
      <label htmlFor={textId} className={styles.label}>
        Codes
      </label>
      <textarea
        id={textId}
        className={styles.textarea}
        rows={8}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setFileName(null);
        }}
        placeholder={'SDCC23-AB12CD\nSDCC23-EF34GH'}
        spellCheck={false}
        aria-invalid={problems.length > 0}
        aria-describedby={problems.length > 0 ? `${textId}-problems` : undefined}
      />
      <div className={styles.actions}>
        <Button onClick={submit} disabled={badgeId === null || text.trim() === '' || add.isPending}>
          {add.isPending ? 'Adding…' : 'Add codes'}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {result && (
          <p className={styles.result}>
            Added {result.added}, skipped {result.skipped}. {result.badge.name} now has {result.badge.codes.left} of {result.badge.codes.total} codes left.
          </p>
        )}
      </div>
      <div role="alert">
        {problems.length > 0 && (
          <ul id={`${textId}-problems`} className={styles.problems}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

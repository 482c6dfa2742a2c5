import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/dialog/form-dialog';
import { toast } from '@/components/feedback/toast';
import { TextAreaField, TextField } from '@/components/form';
import { refusalMessages } from '@/lib/refusal';
import { useSendTestEmail } from '../api/email';
import styles from './email.module.css';

const MAX_ADDRESSES = 10;
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface TestEmailDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  templateId: number;
  templateName: string;
  placeholders: readonly string[];
  /** The preview's sample values, as a start for the MetaData. */
  samples: Record<string, string>;
  /** The signed-in staff member's address, offered as the first recipient. */
  defaultTo?: string;
}

/** Template test email (spec §3): up to ten addresses and a value for each placeholder; the result as a toast. Render it only while open. */
export function TestEmailDialog({ isOpen, onOpenChange, templateId, templateName, placeholders, samples, defaultTo = '' }: TestEmailDialogProps) {
  const [to, setTo] = useState(defaultTo);
  const [values, setValues] = useState<Record<string, string>>(samples);
  const [toError, setToError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const send = useSendTestEmail();

  // Mounted each time it opens (see TemplateEditor): the values start from the preview's samples.
  const open = onOpenChange;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const addresses = [...new Set(to.split(/[\n,;]+/).map((item) => item.trim()).filter(Boolean))];
    if (addresses.length === 0) return setToError('Enter at least one address.');
    if (addresses.length > MAX_ADDRESSES) return setToError(`At most ${MAX_ADDRESSES} addresses.`);
    const bad = addresses.find((address) => !ADDRESS.test(address));
    if (bad) return setToError(`${bad} is not an email address.`);
    setToError(undefined);
    setProblem(undefined);
    try {
      const MetaData = Object.fromEntries(placeholders.map((name) => [name, values[name] ?? '']));
      const result = await send.mutateAsync({ id: templateId, ToAddresses: addresses, MetaData });
      toast.success(result.sentEmailIds.length === 1 ? 'Test email queued.' : `${result.sentEmailIds.length} test emails queued.`, {
        description: `${templateName} to ${addresses.join(', ')}. Follow it in Sent emails.`,
      });
      onOpenChange(false);
    } catch (error) {
      setProblem(refusalMessages(error).join(' '));
    }
  };

  return (
    <FormDialog isOpen={isOpen} onOpenChange={open} title={`Send a test of ${templateName}`} onSubmit={(event) => void submit(event)} submitLabel="Send test email" isSubmitting={send.isPending} problem={problem} size="wide">
      <TextAreaField
        label="To addresses"
        description={`Up to ${MAX_ADDRESSES}, one a line or separated by commas.`}
        value={to}
        onChange={(value) => {
          setTo(value);
          setToError(undefined);
        }}
        rows={2}
        isRequired
        autoFocus
        error={toError}
      />
      {placeholders.length > 0 ? (
        <fieldset className={styles.samples}>
          <legend className={styles.legend}>Values for the placeholders (MetaData)</legend>
          {placeholders.map((name) => (
            <TextField key={name} label={name} value={values[name] ?? ''} onChange={(value) => setValues((current) => ({ ...current, [name]: value }))} />
          ))}
        </fieldset>
      ) : (
        <p className={styles.muted}>This template has no placeholders.</p>
      )}
    </FormDialog>
  );
}

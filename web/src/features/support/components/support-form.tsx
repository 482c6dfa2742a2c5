import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { SUPPORT_MESSAGES } from '@inkwell/contracts/dashboard-support';
import { FORM_MESSAGE_MAX_LENGTH, FORM_SUBJECT_MAX_LENGTH, type FormType } from '@inkwell/contracts/support-rules';
import { Button } from '@inkwell/ui-kit/button';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { TextField } from '@/components/ui/field';
import fieldStyles from '@/components/ui/field.module.css';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAuth } from '@/lib/auth';
import { READING_PLATFORM } from '@/lib/desktop';
import { useSubmitForm } from '../api/submit-form';
import styles from './support-form.module.css';

type FieldName = 'email' | 'name' | 'subject' | 'message';
type Problems = Partial<Record<FieldName, string>>;

const EMAIL_MESSAGE = 'Please enter a valid email.';
const FIELDS: readonly FieldName[] = ['email', 'name', 'subject', 'message'];
const EMPTY = { email: '', name: '', subject: '', message: '' };

/** A light check before sending; the service has the last word (and the same messages). */
function problemsOf(values: typeof EMPTY): Problems {
  const problems: Problems = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) problems.email = EMAIL_MESSAGE;
  if (!values.message.trim() || values.message.length > FORM_MESSAGE_MAX_LENGTH) problems.message = SUPPORT_MESSAGES.formMessage;
  return problems;
}

/** The service's refusal placed beside its fields; what names no field of ours is shown above the button. */
function serverProblems(error: unknown): { fields: Problems; general: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, general: error instanceof Error ? error.message : 'Your message could not be sent.' };
  const fields: Problems = {};
  for (const problem of error.status?.problems ?? []) {
    const field = FIELDS.find((name) => problem.field === name);
    if (field && !fields[field]) fields[field] = problem.message;
  }
  return { fields, general: Object.keys(fields).length > 0 ? null : error.message };
}

interface SupportFormProps {
  formType: FormType;
  /** The form's heading (an h2 on its page). */
  title: string;
  intro?: string;
}

/**
 * The storefront's contact form (the contact page, the support center, the librarians page): it
 * opens a support ticket and shows its reference. The email is the reader's own when signed in.
 */
export function SupportForm({ formType, title, intro }: SupportFormProps) {
  const { account } = useAuth();
  const { pathname } = useLocation();
  const submit = useSubmitForm();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const messageId = useId();

  // Signed in: the reader's own address, until they type another.
  const accountEmail = account?.email ?? '';
  useEffect(() => {
    if (accountEmail) setValues((current) => (current.email ? current : { ...current, email: accountEmail }));
  }, [accountEmail]);

  const reference = submit.data?.reference ?? null;
  useEffect(() => {
    if (reference) doneRef.current?.focus();
  }, [reference]);

  const set = (field: FieldName) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    if (submit.isError) submit.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const found = problemsOf(values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const email = values.email.trim();
    submit.mutate(
      {
        formType,
        email,
        message: values.message,
        page: pathname,
        platform: READING_PLATFORM,
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
        ...(values.subject.trim() ? { subject: values.subject.trim() } : {}),
      },
      {
        onSuccess: () => setSentTo(email),
        onError: (error) => setProblems(serverProblems(error).fields),
      },
    );
  };

  const sendAnother = () => {
    setValues({ ...EMPTY, email: accountEmail });
    setProblems({});
    setSentTo(null);
    submit.reset();
  };

  const general = submit.isError ? serverProblems(submit.error).general : null;
  const count = values.message.length;
  const over = count > FORM_MESSAGE_MAX_LENGTH;

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {intro && <p className={styles.intro}>{intro}</p>}
      </div>
      {reference ? (
        <div ref={doneRef} tabIndex={-1} className={styles.done}>
          <FormAlert tone="success" title="Thank you, your message has been sent.">
            <p>
              Your reference is <span className={styles.reference}>#{reference}</span>. We will answer by email
              {sentTo ? (
                <>
                  {' '}
                  at <span className={styles.email}>{sentTo}</span>
                </>
              ) : null}
              , usually within two working days.
            </p>
          </FormAlert>
          <Button variant="secondary" onClick={sendAnother}>
            Send another message
          </Button>
        </div>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <div className={styles.pair}>
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              maxLength={320}
              value={values.email}
              onChange={set('email')}
              error={problems.email}
            />
            <TextField label="Name (optional)" name="name" autoComplete="name" maxLength={200} value={values.name} onChange={set('name')} error={problems.name} />
          </div>
          <TextField
            label="Subject (optional)"
            name="subject"
            maxLength={FORM_SUBJECT_MAX_LENGTH}
            value={values.subject}
            onChange={set('subject')}
            error={problems.subject}
          />
          <div className={fieldStyles.field}>
            <label htmlFor={messageId} className={fieldStyles.label}>
              Message
            </label>
            <textarea
              id={messageId}
              name="message"
              required
              rows={7}
              className={[fieldStyles.input, styles.textarea].join(' ')}
              value={values.message}
              onChange={set('message')}
              aria-invalid={problems.message ? true : undefined}
              aria-describedby={[problems.message ? `${messageId}-error` : null, `${messageId}-count`].filter(Boolean).join(' ')}
            />
            {problems.message && (
              <p id={`${messageId}-error`} className={fieldStyles.error} role="alert">
                {problems.message}
              </p>
            )}
            <p id={`${messageId}-count`} className={[styles.counter, over ? styles.counterOver : ''].filter(Boolean).join(' ')}>
              {count.toLocaleString('en-US')} / {FORM_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters
            </p>
          </div>
          {general && <FormAlert tone="error">{general}</FormAlert>}
          <div className={styles.actions}>
            <SubmitButton pending={submit.isPending} pendingLabel="Sending…">
              Send message
            </SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}

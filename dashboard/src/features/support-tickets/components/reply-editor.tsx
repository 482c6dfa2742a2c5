import { useState, type FormEvent } from 'react';
import type { SendReplyBody, Ticket } from '@inkwell/contracts/dashboard-support';
import { DEFAULT_STATUS_AFTER_REPLY, type TicketStatus } from '@inkwell/contracts/support-rules';
import { Button } from '@inkwell/ui-kit/button';
import { toast } from '@/components/feedback/toast';
import { SelectField, TextAreaField, TextField } from '@/components/form';
import { newIdempotencyKey } from '@/lib/idempotency';
import { errorMessage } from '@/lib/staff-api';
import { previewReply, useReplyTemplates, useSendReply, type ReplyPreview } from '../api/tickets';
import { FILLED_FROM_TICKET, placeholdersOf, ticketStatusLabel } from '../ticket-rules';
import { HtmlFrame } from './conversation';
import styles from '../support-tickets.module.css';

const FREE_TEXT = 0;

/**
 * The reply: free text or a database template with its placeholders' values, the status the
 * ticket takes after it (Pending on customer unless chosen), a preview as it would be sent, and Send.
 */
export function ReplyEditor({ ticket }: { ticket: Ticket }) {
  const templates = useReplyTemplates();
  const send = useSendReply();
  const [templateId, setTemplateId] = useState<number>(FREE_TEXT);
  const [text, setText] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [subject, setSubject] = useState('');
  const [statusAfter, setStatusAfter] = useState<TicketStatus>(DEFAULT_STATUS_AFTER_REPLY);
  const [preview, setPreview] = useState<ReplyPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [problem, setProblem] = useState<string>();
  // One key per draft: a double click or a retry of the same reply sends it once.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const template = templates.data?.items.find((entry) => entry.id === templateId);
  const allPlaceholders = template ? (template.placeholders.length > 0 ? template.placeholders : placeholdersOf(template.subject, template.htmlBody, template.textBody)) : [];
  const placeholders = allPlaceholders.filter((name) => !FILLED_FROM_TICKET.includes(name));
  const filled = allPlaceholders.filter((name) => FILLED_FROM_TICKET.includes(name));
  const templateOptions = [{ id: FREE_TEXT, label: 'Free text' }, ...(templates.data?.items ?? []).map((entry) => ({ id: entry.id, label: entry.name }))];
  const statusOptions = ticket.statusChoices.map((status) => ({ id: status, label: ticketStatusLabel(status) }));
  if (!statusOptions.some((option) => option.id === statusAfter)) statusOptions.push({ id: statusAfter, label: ticketStatusLabel(statusAfter) });

  const body = (): SendReplyBody => {
    const reply: SendReplyBody = { ticketId: ticket.id, statusAfter };
    if (subject.trim()) reply.subject = subject.trim();
    if (template) {
      reply.templateId = template.id;
      reply.templateData = Object.fromEntries(placeholders.map((name) => [name, values[name] ?? '']).filter(([, value]) => value !== ''));
    } else reply.textBody = text;
    return reply;
  };
  const ready = template !== undefined || text.trim() !== '';

  const change = () => {
    setPreview(null);
    setProblem(undefined);
  };

  const showPreview = async () => {
    if (!ready) return setProblem('Write a reply or choose a template.');
    setPreviewing(true);
    setProblem(undefined);
    try {
      setPreview(await previewReply(body()));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setPreviewing(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return setProblem('Write a reply or choose a template.');
    setProblem(undefined);
    try {
      await send.mutateAsync({ body: body(), idempotencyKey });
      toast.success('Reply sent');
      setIdempotencyKey(newIdempotencyKey());
      setText('');
      setValues({});
      setSubject('');
      setPreview(null);
      setTemplateId(FREE_TEXT);
      setStatusAfter(DEFAULT_STATUS_AFTER_REPLY);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <section className={styles.card} aria-labelledby="ticket-reply">
      <h2 id="ticket-reply" className={styles.cardTitle}>
        Reply to {ticket.from}
      </h2>
      <form className={styles.replyForm} onSubmit={(event) => void submit(event)} noValidate>
        <SelectField<number>
          label="Template"
          options={templateOptions}
          value={templateId}
          onChange={(value) => {
            setTemplateId(value ?? FREE_TEXT);
            setValues({});
            change();
          }}
        />
        <TextField label="Subject" description={`Leave empty for “Re: ${ticket.subject}”.`} value={subject} onChange={(value) => (setSubject(value), change())} />
        {filled.length > 0 && <p className={styles.muted}>Filled in from the ticket: {filled.join(', ')}.</p>}
        {template ? (
          placeholders.length > 0 ? (
            <fieldset className={styles.placeholders}>
              <legend>Values for the template</legend>
              {placeholders.map((name) => (
                <TextField key={name} label={name} value={values[name] ?? ''} onChange={(value) => (setValues((was) => ({ ...was, [name]: value })), change())} />
              ))}
            </fieldset>
          ) : (
            <p className={styles.muted}>This template has no values to fill in.</p>
          )
        ) : (
          <TextAreaField label="Reply" rows={6} value={text} onChange={(value) => (setText(value), change())} />
        )}
        <SelectField<TicketStatus> label="Status after sending" options={statusOptions} value={statusAfter} onChange={(value) => value && setStatusAfter(value)} />
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.replyActions}>
          <Button variant="secondary" onClick={() => void showPreview()} disabled={previewing || send.isPending} aria-busy={previewing}>
            {previewing ? 'Preparing preview…' : 'Preview'}
          </Button>
          <Button type="submit" disabled={send.isPending} aria-busy={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send reply'}
          </Button>
        </div>
      </form>
      {preview && (
        <section className={styles.preview} aria-label="Reply preview">
          <h3 className={styles.smallTitle}>Preview</h3>
          <dl className={styles.meta}>
            <div>
              <dt>To</dt>
              <dd>{preview.to}</dd>
            </div>
            <div>
              <dt>Subject</dt>
              <dd>{preview.subject}</dd>
            </div>
          </dl>
          <HtmlFrame html={preview.html} title="Reply preview" />
        </section>
      )}
    </section>
  );
}

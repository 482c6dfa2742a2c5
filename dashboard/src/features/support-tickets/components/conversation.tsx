import type { ReactNode } from 'react';
import type { FormMessage, InboundEmailMessage, OutboundEmailMessage, TicketMessage } from '@inkwell/contracts/dashboard-support';
import { Button } from '@inkwell/ui-kit/button';
import { toast, toastError } from '@/components/feedback/toast';
import { formatDateTime } from '@/lib/format';
import { attachmentPath, downloadFile, rawMessagePath, useRetrySend } from '../api/tickets';
import { formatBytes, messageKind } from '../ticket-rules';
import { EmailStatusBadge } from './ticket-badges';
import styles from '../support-tickets.module.css';

/**
 * An email's HTML in a sandboxed frame: `sandbox=""` allows nothing (no scripts, no forms, no
 * navigation, no same origin), so whatever the sanitiser missed cannot run or reach the dashboard.
 */
export function HtmlFrame({ html, title }: { html: string; title: string }) {
  const doc = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><base target="_blank"><style>html{-webkit-text-size-adjust:100%;text-size-adjust:100%}body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:0.75rem;color:#1b1f24;overflow-wrap:anywhere}img{max-width:100%;height:auto}</style></head><body>${html}</body></html>`;
  return <iframe title={title} sandbox="" srcDoc={doc} className={styles.htmlFrame} />;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function download(path: string, name: string) {
  downloadFile(path, name).catch((error: unknown) => toastError('The download failed', error));
}

function InboundEmail({ message }: { message: InboundEmailMessage }) {
  return (
    <article className={`${styles.message} ${styles.inbound}`} aria-labelledby={`message-${message.id}`}>
      <header className={styles.messageHeader}>
        <h3 id={`message-${message.id}`} className={styles.messageTitle}>
          Email from {message.fromName ? `${message.fromName} <${message.fromEmail}>` : message.fromEmail}
        </h3>
        <time dateTime={message.submittedDateTime} className={styles.muted}>
          {formatDateTime(message.submittedDateTime)}
        </time>
      </header>
      <dl className={styles.meta}>
        <Field label="To">{message.toEmail}</Field>
        {message.ccEmail && <Field label="Cc">{message.ccEmail}</Field>}
        <Field label="Subject">{message.subject || '(no subject)'}</Field>
        <Field label="Size">{formatBytes(message.emailSizeInBytes)}</Field>
      </dl>
      {message.htmlBody ? <HtmlFrame html={message.htmlBody} title={`Email from ${message.fromEmail}`} /> : <p className={styles.text}>{message.message}</p>}
      {message.attachments.length > 0 && (
        <section aria-label="Attachments" className={styles.attachments}>
          <h4 className={styles.smallTitle}>Attachments</h4>
          <ul>
            {message.attachments.map((attachment) => (
              <li key={attachment.id}>
                {attachment.kept ? (
                  <Button size="sm" variant="secondary" onClick={() => download(attachmentPath(attachment.id), attachment.filename)}>
                    Download {attachment.filename}
                  </Button>
                ) : (
                  <span>{attachment.filename}</span>
                )}{' '}
                <span className={styles.muted}>
                  {formatBytes(attachment.sizeBytes)} · {attachment.contentType}
                  {!attachment.kept && ` · not kept${attachment.note ? `: ${attachment.note}` : ''}`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div>
        <Button size="sm" variant="ghost" onClick={() => download(rawMessagePath(message.id), `message-${message.id}.eml`)}>
          Download raw message
        </Button>
      </div>
    </article>
  );
}

function OutboundEmail({ message }: { message: OutboundEmailMessage }) {
  const retry = useRetrySend();
  return (
    <article className={`${styles.message} ${styles.outbound}`} aria-labelledby={`message-${message.id}`}>
      <header className={styles.messageHeader}>
        <h3 id={`message-${message.id}`} className={styles.messageTitle}>
          Reply from {message.sendersUserIdEmailLookup ?? 'staff'}
        </h3>
        <EmailStatusBadge status={message.status} />
        <time dateTime={message.sentAtDateTime ?? message.createdDateTime} className={styles.muted}>
          {formatDateTime(message.sentAtDateTime ?? message.createdDateTime)}
        </time>
      </header>
      <dl className={styles.meta}>
        <Field label="To">{message.toEmail}</Field>
        <Field label="Subject">{message.subject}</Field>
        {message.templateName && <Field label="Template">{message.templateName}</Field>}
      </dl>
      {message.htmlBody ? <HtmlFrame html={message.htmlBody} title={`Reply to ${message.toEmail}`} /> : <p className={styles.text}>{message.textBody}</p>}
      {message.status === 'Failed' && (
        <div className={styles.failed} role="group" aria-label="Sending failed">
          <p>
            <strong>This reply was not sent.</strong> {message.lastError ?? ''}
          </p>
          <Button
            size="sm"
            disabled={retry.isPending}
            aria-busy={retry.isPending}
            onClick={() =>
              retry.mutate(message.id, {
                onSuccess: () => toast.success('The reply is being sent again'),
                onError: (error) => toastError('The reply could not be sent again', error),
              })
            }
          >
            {retry.isPending ? 'Sending…' : 'Retry sending'}
          </Button>
        </div>
      )}
    </article>
  );
}

function SubmittedForm({ message }: { message: FormMessage }) {
  return (
    <article className={`${styles.message} ${styles.inbound}`} aria-labelledby={`message-${message.id}`}>
      <header className={styles.messageHeader}>
        <h3 id={`message-${message.id}`} className={styles.messageTitle}>
          {message.formType} form from {message.submittedEmail}
        </h3>
        <time dateTime={message.submittedDateTime} className={styles.muted}>
          {formatDateTime(message.submittedDateTime)}
        </time>
      </header>
      <dl className={styles.meta}>
        <Field label="Form">{message.formType}</Field>
        <Field label="Email">{message.submittedEmail}</Field>
        {message.subject && <Field label="Subject">{message.subject}</Field>}
        <Field label="Page">{message.feedbackUrl ?? '—'}</Field>
        <Field label="Platform">{message.platform ?? '—'}</Field>
        <Field label="User agent">{message.userAgent ?? '—'}</Field>
        <Field label="IP address">{message.ipAddress ?? '—'}</Field>
      </dl>
      <p className={styles.text}>{message.message}</p>
    </article>
  );
}

/** One message, drawn by its kind; an unknown kind shows the spec's error (§8) in its place. */
function Message({ message }: { message: TicketMessage }) {
  let kind;
  try {
    kind = messageKind(message as { type: string; direction?: string });
  } catch (error) {
    return (
      <p className={styles.unknownMessage} role="alert">
        {(error as Error).message}
      </p>
    );
  }
  if (kind === 'form') return <SubmittedForm message={message as FormMessage} />;
  if (kind === 'inbound') return <InboundEmail message={message as InboundEmailMessage} />;
  return <OutboundEmail message={message as OutboundEmailMessage} />;
}

/** The ticket's messages, oldest first. */
export function Conversation({ messages }: { messages: TicketMessage[] }) {
  if (messages.length === 0) return <p className={styles.muted}>No messages yet.</p>;
  return (
    <ol className={styles.conversation}>
      {messages.map((message, index) => (
        <li key={`${index}-${message.id}`}>
          <Message message={message} />
        </li>
      ))}
    </ol>
  );
}

import { ERASED_TEXT, erasedUserToken, erasePersonFromPlatformTables, redactPersonal, type ErasedPerson, type EventData, type EventEnvelope, type Transaction } from '@inkwell/platform';

/** What an erased mail's bodies become: the mail is counted, its words (names, address, links) are gone. */
export const ERASED_MAIL_BODY = '(erased)';

/**
 * `account.deleted`: the support service forgets the person in the event's transaction. Their mails
 * (sent to them by user id, or to any address the service mailed them at, guest mails included) are
 * kept for the delivery statistics — template, status, attempts, times and the delivery events —
 * with the recipient `erased`, the user id replaced by its anonymous token, the bodies (names,
 * addresses, links) replaced and the subject and errors without the address; the outbox's events
 * about them redacted. Queued mails are not sent any more (Failed: erased). A repeat finds nothing.
 */
export async function eraseAccountMail(tx: Transaction, event: EventEnvelope): Promise<void> {
  const { userId } = event.data as EventData<'accountDeleted'>;
  const known = await tx.query<{ email: string }>("SELECT DISTINCT lower(to_address) AS email FROM sent_emails WHERE user_id = $1 AND to_address <> $2", [userId, ERASED_TEXT]);
  const person: ErasedPerson = { userId, emails: known.rows.map((row) => row.email) };
  const mails = await tx.query<{ id: string; subject: string; last_error: string | null }>(
    'SELECT id, subject, last_error FROM sent_emails WHERE user_id = $1 OR lower(to_address) = ANY($2::text[]) FOR UPDATE',
    [userId, person.emails],
  );
  const redact = (text: string | null) => (text === null ? null : (redactPersonal(text, person) as string));
  for (const mail of mails.rows) {
    await tx.query(
      `UPDATE sent_emails SET to_address = $2, user_id = $3, subject = $4, html_body = $5, text_body = $5, last_error = $6,
              status = CASE WHEN status = 'Queued' THEN 'Failed' ELSE status END
        WHERE id = $1`,
      [mail.id, ERASED_TEXT, erasedUserToken(userId), redact(mail.subject), ERASED_MAIL_BODY, mail.last_error === null ? null : redact(mail.last_error)],
    );
    const events = await tx.query<{ id: string; detail: string }>('SELECT id, detail FROM sent_email_events WHERE sent_email_id = $1', [mail.id]);
    for (const row of events.rows) await tx.query('UPDATE sent_email_events SET detail = $2 WHERE id = $1', [row.id, redact(row.detail)]);
  }
  await erasePersonFromPlatformTables(tx, person);
}

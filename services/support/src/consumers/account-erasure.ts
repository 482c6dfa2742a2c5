import {
  ERASED_TEXT,
  erasedUserToken,
  erasePersonFromPlatformTables,
  redactPersonal,
  type ErasedPerson,
  type EventData,
  type EventEnvelope,
  type FileStorage,
  type Logger,
  type Transaction,
} from '@inkwell/platform';

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
  await eraseMailOf(tx, { userId, emails: await knownAddresses(tx, userId) });
}

/** The addresses the support service knew the person by: mailed by user id, their tickets, their forms. */
async function knownAddresses(tx: Transaction, userId: string): Promise<string[]> {
  const known = await tx.query<{ email: string }>(
    `SELECT lower(to_address) AS email FROM sent_emails WHERE user_id = $1::text AND to_address <> $2
     UNION SELECT lower(from_email) FROM support_tickets WHERE user_id::text = $1::text AND from_email <> $2
     UNION SELECT lower(submitted_email) FROM ticket_messages WHERE submitted_user_id::text = $1::text AND submitted_email <> $2`,
    [userId, ERASED_TEXT],
  );
  return known.rows.map((row) => row.email);
}

async function eraseMailOf(tx: Transaction, person: ErasedPerson): Promise<void> {
  const { userId } = person;
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

/** What an erased ticket's subject and texts become. */
export const ERASED_TICKET_TEXT = '(erased)';
const ERASED_ATTACHMENT_NOTE = 'Erased with the account.';

/**
 * `account.deleted` for the support desk: the person's mails as above, and their tickets (by user
 * id, by an address they were known by, or holding a form they sent signed in) kept as counted
 * conversations — status, tags, assignee, times, staff replies' senders — without their address,
 * name, subject, message texts, headers, client details or attachments; the raw messages and kept
 * attachments are deleted from file storage before the transaction commits (a failed delete fails
 * the event, which comes again). Rejected inbound mail from their addresses loses the sender,
 * subject and raw message too. A repeat finds nothing.
 */
export function eraseAccount(deps: { files: FileStorage; logger: Logger }) {
  return async (tx: Transaction, event: EventEnvelope): Promise<void> => {
    const { userId } = event.data as EventData<'accountDeleted'>;
    const person: ErasedPerson = { userId, emails: await knownAddresses(tx, userId) };
    const keys = await eraseTicketsOf(tx, person);
    await eraseMailOf(tx, person);
    // Deleted before the commit: a delete that fails fails the event, which comes again (deleting a
    // missing file is no error), so the erasure is not done until the files are gone.
    await Promise.all(keys.map((key) => deps.files.delete(key)));
    if (keys.length > 0) deps.logger.info({ files: keys.length }, 'erased support files');
  };
}

/** Erases the person's tickets, messages and attachments; returns the file keys to delete. */
async function eraseTicketsOf(tx: Transaction, person: ErasedPerson): Promise<string[]> {
  const { rows: tickets } = await tx.query<{ id: number }>(
    `SELECT id FROM support_tickets
      WHERE user_id = $1::uuid OR lower(from_email) = ANY($2::text[])
         OR id IN (SELECT ticket_id FROM ticket_messages WHERE submitted_user_id = $1::uuid OR lower(submitted_email) = ANY($2::text[]))
      ORDER BY id FOR UPDATE`,
    [person.userId, person.emails],
  );
  const ids = tickets.map((row) => Number(row.id));
  const keys: string[] = [];
  if (ids.length > 0) {
    const files = await tx.query<{ key: string }>(
      `SELECT bucket_location_key AS key FROM ticket_messages WHERE ticket_id = ANY($1::bigint[]) AND bucket_location_key IS NOT NULL
       UNION ALL
       SELECT a.storage_key FROM ticket_attachments a JOIN ticket_messages m ON m.id = a.message_id
        WHERE m.ticket_id = ANY($1::bigint[]) AND a.storage_key IS NOT NULL`,
      [ids],
    );
    keys.push(...files.rows.map((row) => row.key));
    await tx.query(
      `UPDATE support_tickets SET from_email = $2, from_name = NULL, user_id = NULL, subject = $3 WHERE id = ANY($1::bigint[])`,
      [ids, ERASED_TEXT, ERASED_TICKET_TEXT],
    );
    await tx.query(
      `UPDATE ticket_attachments SET filename = $2, storage_key = NULL, note = $3
        WHERE message_id IN (SELECT id FROM ticket_messages WHERE ticket_id = ANY($1::bigint[]))`,
      [ids, ERASED_TEXT, ERASED_ATTACHMENT_NOTE],
    );
    // Staff replies keep who sent them; everything the customer wrote or was sent goes.
    await tx.query(
      `UPDATE ticket_messages
          SET subject = CASE WHEN subject IS NULL THEN NULL ELSE $2 END, body_text = $2, body_html = NULL,
              from_email = CASE WHEN from_email IS NULL THEN NULL ELSE $3 END, from_name = NULL,
              to_email = CASE WHEN to_email IS NULL OR direction = 'Inbound' THEN to_email ELSE $3 END, cc_email = NULL,
              bucket_location_key = NULL, message_id_header = NULL, in_reply_to = NULL,
              submitted_email = CASE WHEN submitted_email IS NULL THEN NULL ELSE $3 END, submitted_user_id = NULL,
              user_agent = NULL, ip_address = NULL, feedback_url = NULL
        WHERE ticket_id = ANY($1::bigint[])`,
      [ids, ERASED_TICKET_TEXT, ERASED_TEXT],
    );
  }
  if (person.emails.length > 0) {
    const rejected = await tx.query<{ key: string | null }>(
      `UPDATE inbound_rejections r SET mail_from = $2, subject = NULL, bucket_location_key = NULL
         FROM (SELECT id, bucket_location_key AS key FROM inbound_rejections WHERE lower(mail_from) = ANY($1::text[]) FOR UPDATE) old
        WHERE r.id = old.id
        RETURNING old.key`,
      [person.emails, ERASED_TEXT],
    );
    keys.push(...rejected.rows.flatMap((row) => (row.key ? [row.key] : [])));
  }
  return keys;
}

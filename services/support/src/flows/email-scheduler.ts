import { PolledQueue, type Database, type Logger, type Transaction } from '@inkwell/platform';
import { MissingValuesError, renderEmail, type TemplateValues } from '../domain/render';
import type { MailQueue } from '../store/mail-queue';
import { spendBudget } from '../store/scheduled-emails';
import { contentOf, findTemplateByName } from '../store/templates';

/** The budget scheduled emails spend (one per email, per UTC day). */
export const DAILY_BUDGET = 'daily';

export interface SchedulerOptions {
  /** The most scheduled emails queued per UTC day (`config.email.dailySendCap`). */
  dailyCap: number;
  /** Filled in for `{{storeUrl}}` (the sign-off) when the scheduled data lacks it. */
  storeUrl: string;
  /** The sender of a ticket's scheduled mail (one whose data has `replyAddress`): the support address, so answers thread back. */
  supportFrom?: string;
  pollIntervalMs?: number;
}

type DueScheduled = {
  id: number;
  recipient_email: string;
  user_id: string | null;
  template_name: string;
  template_data: Record<string, unknown>;
  attempts: number;
};

/** Every value as a template takes it: strings as they are, numbers and booleans written out, the rest dropped. */
function templateValues(data: Record<string, unknown>, storeUrl: string): TemplateValues {
  const values: TemplateValues = { storeUrl };
  for (const [key, value] of Object.entries(data ?? {})) {
    if (typeof value === 'string') values[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') values[key] = String(value);
  }
  return values;
}

/**
 * Sends scheduled emails when their time comes: each due row (Scheduled, or Deferred whose new
 * time came) is locked `FOR UPDATE SKIP LOCKED`, rendered with the database template of its name and
 * queued through the mail queue (category 'scheduled') in one transaction that also spends one unit
 * of the daily budget. Past the cap the row is Deferred to the next UTC midnight with a note; a
 * missing template or a missing value fails it with a note. The dispatcher sends what was queued.
 */
export class EmailScheduler {
  private readonly queue: PolledQueue<DueScheduled>;

  constructor(
    db: Database,
    private readonly mails: MailQueue,
    private readonly logger: Logger,
    private readonly options: SchedulerOptions,
  ) {
    this.queue = new PolledQueue<DueScheduled>({
      db,
      logger,
      failureMessage: 'sending scheduled emails failed; will retry',
      pollIntervalMs: options.pollIntervalMs ?? 60_000,
      batchSize: 20,
      backoff: { baseMs: 60_000, maxMs: 3_600_000 },
      claim: async (tx, limit) => {
        const { rows } = await tx.query<DueScheduled>(
          `SELECT id, recipient_email, user_id, template_name, template_data, attempts FROM scheduled_emails
            WHERE status IN ('Scheduled', 'Deferred') AND send_from <= now()
            ORDER BY send_from, id
            LIMIT $1
            FOR UPDATE SKIP LOCKED`,
          [limit],
        );
        return rows;
      },
      work: async (tx, rows) => {
        for (const row of rows) await this.queueOne(tx, row);
        return rows.length;
      },
    });
  }

  start(): void {
    this.queue.start();
  }

  nudge(): void {
    this.queue.nudge();
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }

  /** Queues every scheduled email due now; resolves with how many rows were handled. */
  drain(): Promise<number> {
    return this.queue.drain();
  }

  private async queueOne(tx: Transaction, row: DueScheduled): Promise<void> {
    const template = await findTemplateByName(tx, 'db', row.template_name);
    if (!template) return fail(tx, row, `No email template named "${row.template_name}".`);
    let content;
    try {
      content = renderEmail(contentOf(template), templateValues(row.template_data, this.options.storeUrl));
    } catch (error) {
      if (error instanceof MissingValuesError) return fail(tx, row, `The template "${row.template_name}" needs ${error.missing.join(', ')}.`);
      throw error;
    }
    if (!(await spendBudget(tx, DAILY_BUDGET, this.options.dailyCap))) {
      await tx.query(
        `UPDATE scheduled_emails
            SET status = 'Deferred', last_edited = now(),
                note = $2,
                send_from = ((now() AT TIME ZONE 'UTC')::date + 1)::timestamp AT TIME ZONE 'UTC'
          WHERE id = $1`,
        [row.id, `The daily budget of ${this.options.dailyCap} scheduled emails is spent; deferred to the next UTC day.`],
      );
      this.logger.info({ scheduledEmailId: row.id }, 'scheduled email deferred: daily budget spent');
      return;
    }
    // A ticket's follow-up carries the ticket's reply address, so the customer's answer joins the ticket.
    const replyTo = typeof row.template_data?.replyAddress === 'string' ? row.template_data.replyAddress : undefined;
    const sentEmailId = await this.mails.add(tx, {
      to: row.recipient_email,
      content,
      templateName: template.name,
      userId: row.user_id,
      category: 'scheduled',
      ...(replyTo ? { replyTo, ...(this.options.supportFrom ? { from: this.options.supportFrom } : {}) } : {}),
    });
    await tx.query(
      `UPDATE scheduled_emails SET status = 'Sent', sent_at = now(), sent_email_id = $2, attempts = attempts + 1, note = NULL, last_edited = now() WHERE id = $1`,
      [row.id, sentEmailId],
    );
  }
}

async function fail(tx: Transaction, row: DueScheduled, note: string): Promise<void> {
  await tx.query(`UPDATE scheduled_emails SET status = 'Failed', note = $2, attempts = attempts + 1, last_edited = now() WHERE id = $1`, [row.id, note]);
}

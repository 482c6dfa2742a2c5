import { EVENTS, assertEventData, InvalidEventError, type EventData, type EventEffect, type Logger } from '@inkwell/platform';
import { REPORT_TEMPLATES, expiryInWords } from '../domain/report-templates';
import { MissingValuesError, renderEmail } from '../domain/render';
import type { MailQueue } from '../store/mail-queue';
import { contentOf, findTemplateByName } from '../store/templates';
import type { ReportLinks } from '../peers/report-links';

export const REPORT_MAIL_EVENTS = [EVENTS.reportReady.type];

/**
 * `report.ready` → one `report-ready` mail per recipient with the workbook's signed link, which
 * the event does not carry (a link is a credential): it is asked of the analytics service over
 * gRPC (inkwell.analytics.v1.ReportLinks) here. Runs in the inbox's transaction, so the mails are
 * queued once per event however often it is delivered; a link that can no longer be given (the
 * job unknown or expired) sends nothing, and any other failure leaves the event to be retried.
 */
export function reportMails(deps: { publicUrl: string; links: Pick<ReportLinks, 'issue'>; queue: MailQueue; logger: Logger }): EventEffect {
  return async (tx, event) => {
    let data: EventData<'reportReady'>;
    try {
      assertEventData(event.type, event.data);
      data = event.data as EventData<'reportReady'>;
    } catch (error) {
      if (!(error instanceof InvalidEventError)) throw error;
      deps.logger.error({ eventId: event.id, type: event.type, err: error }, 'report event with invalid data; no email sent');
      return;
    }
    const link = await deps.links.issue(data.jobId);
    if (!link) {
      deps.logger.warn({ eventId: event.id, reportJobId: data.jobId }, 'report link not given (unknown job or expired); no email sent');
      return;
    }
    const template = await findTemplateByName(tx, 'db', REPORT_TEMPLATES.reportReady);
    if (!template) throw new Error(`The ${REPORT_TEMPLATES.reportReady} email template is missing; restore it to send report links.`);
    const values = { link: link.url, expiresOn: expiryInWords(link.expiresAt), storeUrl: `${deps.publicUrl.replace(/\/+$/, '')}/` };
    let content;
    try {
      content = renderEmail(contentOf(template), values);
    } catch (error) {
      if (!(error instanceof MissingValuesError)) throw error;
      throw new Error(`The ${template.name} email template needs values it is not given: ${error.missing.join(', ')}.`, { cause: error });
    }
    // The event is named on the first mail only (a mail answers one event, sent_emails.source_event_id is unique).
    for (const [index, to] of data.recipients.entries()) {
      await deps.queue.add(tx, { to, content, templateName: template.name, ...(index === 0 ? { sourceEventId: event.id } : {}) });
    }
    deps.logger.info({ eventId: event.id, reportJobId: data.jobId, recipients: data.recipients.length }, 'report link mails queued');
  };
}

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { REPORT_SHEETS } from '@inkwell/contracts/dashboard-analytics';
import { createEnvelope, textLinks, type EventEnvelope } from '@inkwell/platform';
import { buildTestService, signTestToken, testServiceConfig, type TestService } from '@inkwell/platform/testing';
import { analyticsService, type AnalyticsParts } from '@inkwell/analytics';
import { supportService, type SupportParts } from '../src';
import { address, mailsTo } from './factories';

/**
 * `report.ready` from the analytics service → one `report-ready` mail per recipient. The event
 * carries no link: the consumer asks the real analytics service for it over real gRPC
 * (inkwell.analytics.v1.ReportLinks), and the link in the mail downloads the workbook.
 */
describe('report mails', () => {
  let analytics: TestService<AnalyticsParts>;
  let support: TestService<SupportParts>;
  let admin: string;

  beforeAll(async () => {
    analytics = await buildTestService(analyticsService);
    const port = await analytics.grpc.listen('127.0.0.1', 0);
    const { peers } = testServiceConfig('support', 'postgres://unused');
    support = await buildTestService(supportService, { config: { peers: { ...peers, analytics: { ...peers.analytics, grpcAddress: `127.0.0.1:${port}` } } } });
    await support.bus.start();
    admin = await signTestToken({ userId: 'staff-9', email: 'staff@inkwell.example', roles: ['admin'] });
  });
  afterAll(async () => {
    await support?.close();
    await analytics?.close();
  });

  /** Asks the analytics service for an emailed report and runs its job; answers the event it wrote. */
  async function reportReady(emails: string[]): Promise<EventEnvelope> {
    const query = emails.map((email) => `emails=${encodeURIComponent(email)}`).join('&');
    const asked = await analytics.app.inject({ method: 'POST', url: `/api/dashboard/reports/asExcelFileSendEmail?${query}&start=2026-01-01&end=2026-01-31`, headers: { authorization: `Bearer ${admin}` } });
    assert.equal(asked.statusCode, 202, asked.body);
    const jobId = asked.json().response.id as string;
    await analytics.exposed.runReportJobs();
    const { rows } = await analytics.context.db.query<{ id: string; type: string; key: string; data: unknown; source: string; occurred_at: Date; version: number }>(
      "SELECT id, type, key, data, source, occurred_at, version FROM outbox WHERE type = 'report.ready' AND key = $1",
      [jobId],
    );
    assert.equal(rows.length, 1, 'the job wrote its event');
    const row = rows[0]!;
    // As the relay publishes it: the outbox row's own id, type and data.
    return { ...createEnvelope(row.source, { type: row.type, key: row.key, data: row.data }, row.occurred_at), id: row.id };
  }

  it('mails each recipient the signed link asked of the analytics service over gRPC; the link downloads the workbook', async () => {
    const first = address('boss');
    const second = address('finance');
    const event = await reportReady([first, second]);
    assert.deepEqual(Object.keys(event.data as object).sort(), ['jobId', 'recipients']);
    assert.doesNotMatch(JSON.stringify(event), /https?:|signature|expires/, 'the event carries no link');

    await support.bus.publish(event);
    // Delivered again: the inbox keeps it to one mail per recipient.
    await support.bus.publish(event);
    const [mails1, mails2] = [await mailsTo(support, first), await mailsTo(support, second)];
    assert.equal(mails1.length, 1);
    assert.equal(mails2.length, 1);
    const mail = mails1[0]!;
    assert.equal(mail.templateName, 'report-ready');
    assert.equal(mail.subject, 'Your Inkwell sales report is ready');
    const link = textLinks(mail.textBody).find((url) => url.includes('/reports/file/'))!;
    assert.ok(link, mail.textBody);
    const url = new URL(link);
    assert.equal(url.origin, new URL(analytics.context.config.publicUrl).origin);
    assert.equal(url.pathname, `/api/analytics/reports/file/${(event.data as { jobId: string }).jobId}`);
    assert.ok(url.searchParams.get('signature') && url.searchParams.get('expires'));
    assert.ok(mail.htmlBody.includes(link.replace(/&/g, '&amp;')), 'the button and the written-out link in the HTML part');
    assert.match(mail.textBody, /works until \d{1,2} [A-Z][a-z]+ \d{4}/);
    assert.equal(mails2[0]!.textBody, mail.textBody, 'the same link to every recipient');

    // The file is never attached: the link fetches it, without signing in.
    const file = await analytics.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    assert.equal(file.statusCode, 200, file.body);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    assert.deepEqual(workbook.worksheets.map((sheet) => sheet.name), [...REPORT_SHEETS]);
  });

  it('sends nothing when the link can no longer be given (expired or unknown job)', async () => {
    const to = address('late');
    const event = await reportReady([to]);
    await analytics.context.db.query("UPDATE report_jobs SET expires_at = now() - interval '1 second' WHERE id = $1", [(event.data as { jobId: string }).jobId]);
    await support.bus.publish(event);
    assert.deepEqual(await mailsTo(support, to), []);

    const stranger = address('stranger');
    const unknown = createEnvelope('analytics', { type: 'report.ready', key: 'x', data: { jobId: randomUUID(), recipients: [stranger] } });
    await support.bus.publish(unknown);
    assert.deepEqual(await mailsTo(support, stranger), []);
    // Both were handled (not left to be retried), and nothing was sent for them.
    const handled = await support.context.db.query("SELECT event_id FROM inbox WHERE consumer LIKE '%report-mails%' AND event_id = ANY($1::uuid[])", [[event.id, unknown.id]]);
    assert.equal(handled.rowCount, 2);
  });
});

import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { REPORT_SHEETS } from '@inkwell/contracts/dashboard-analytics';
import { signInNewAdmin } from '../support/dashboard-calls';
import { waitForMail } from '../support/mailbox';
import { startTestStack, type TestStack } from '../support/stack';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * Reports through the gateway (issue 25): the workbook downloaded with the staff token, and the
 * emailed report: the analytics service writes it as a job, `report.ready` crosses the bus, the
 * support service asks analytics for the signed link over gRPC and mails it, and the link alone
 * (no token) downloads the workbook; the file is never served at /media/.
 */
describe('reports through the gateway', () => {
  let stack: TestStack;
  let token: string;

  beforeAll(async () => {
    stack = await startTestStack({ PUBLIC_URL: 'https://store.example' });
    token = await signInNewAdmin(stack, 'reporter');
  });
  afterAll(() => stack?.stop());

  const staff = (method: 'GET' | 'POST', path: string) => fetch(stack.url + path, { method, headers: { authorization: `Bearer ${token}` } });
  const sheetsOf = async (response: Response) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    return workbook.worksheets.map((sheet) => sheet.name);
  };

  it('downloads the workbook with the staff token only', async () => {
    const response = await staff('GET', '/api/dashboard/reports/asExcelFile?start=2026-01-01&end=2026-01-31');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-disposition'), 'attachment; filename="inkwell-report-2026-01-01-to-2026-01-31.xlsx"');
    assert.deepEqual(await sheetsOf(response), [...REPORT_SHEETS]);
    assert.equal((await fetch(`${stack.url}/api/dashboard/reports/asExcelFile`)).status, 401);
  });

  it('emails the caller a signed link that downloads the workbook without signing in', async () => {
    const asked = await staff('POST', '/api/dashboard/reports/asExcelFileSendEmail?start=2026-01-01&end=2026-01-31');
    assert.equal(asked.status, 202);
    const job = ((await asked.json()) as Json).response;
    const mail = await waitForMail(stack, { to: `reporter-${process.pid}@example.com`, subject: /sales report/i });
    const link = mail.links.map((text) => new URL(text)).find((url) => url.pathname === `/api/analytics/reports/file/${job.id}`);
    assert.ok(link, `the report link among ${mail.links.join(', ')}`);
    assert.equal(link.origin, 'https://store.example', 'links point at PUBLIC_URL');

    const polled = ((await (await staff('GET', `/api/dashboard/reports/jobs/${job.id}`)).json()) as Json).response;
    assert.equal(polled.status, 'Completed');

    const file = await fetch(`${stack.url}${link.pathname}${link.search}`);
    assert.equal(file.status, 200);
    assert.deepEqual(await sheetsOf(file), [...REPORT_SHEETS]);
    const forged = await fetch(`${stack.url}${link.pathname}${link.search.replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`)}`);
    assert.equal(forged.status, 403);
    for (const path of [`/media/exports/reports/${job.id}.xlsx`, `/media/%65xports/reports/${job.id}.xlsx`]) {
      assert.equal((await fetch(stack.url + path)).status, 404, path);
    }
  });
});

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ANALYTICS_MESSAGES, REPORT_LINK_TTL_SECONDS, REPORT_SHEETS } from '@inkwell/contracts/dashboard-analytics';
import { GrpcCallError, REPORT_LINKS, createGrpcClient, isPrivateFileKey, type GrpcClient, type ReportLinksService } from '@inkwell/platform';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { analyticsService, type AnalyticsParts } from '../src';
import { addDays, dayInZone } from '../src/domain/periods';
import { signReportLink, writeReportWorkbook, type ProductSalesRow, type ReportSource } from '../src/domain/report-sheets';
import { ReportJobWorker } from '../src/flows/report-job';
import { sqlReportSource } from '../src/store/report-source';

const EVIL = '=HYPERLINK("http://evil","x")';
const P1 = 'prod-tidewater-1';
const P2 = 'prod-evil';
const RANGE = { start: '2026-02-15', end: '2026-04-10' };

/** Reads a workbook back as a spreadsheet program would. */
async function readWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

const sheet = (workbook: ExcelJS.Workbook, name: string) => workbook.getWorksheet(name)!;
const rowsOf = (worksheet: ExcelJS.Worksheet) => {
  const rows: ExcelJS.Row[] = [];
  worksheet.eachRow((row) => rows.push(row));
  return rows;
};
const rowWhere = (worksheet: ExcelJS.Worksheet, column: number, value: unknown) =>
  rowsOf(worksheet).find((row) => {
    const cell = row.getCell(column).value;
    return cell instanceof Date ? cell.toISOString().slice(0, 10) === value : cell === value;
  });

describe('reports: the workbook, the emailed job and its signed link', () => {
  let service: TestService<AnalyticsParts>;
  let admin: string;
  let otherAdmin: string;
  let reader: string;
  let links: GrpcClient<ReportLinksService>;

  beforeAll(async () => {
    service = await buildTestService(analyticsService);
    admin = await signTestToken({ userId: 'staff-1', email: 'Boss@Inkwell.example', roles: ['admin'] });
    otherAdmin = await signTestToken({ userId: 'staff-2', email: 'other@inkwell.example', roles: ['admin'] });
    reader = await signTestToken({ userId: 'reader-1', email: 'reader@example.com', roles: [] });
    links = createGrpcClient<ReportLinksService>(REPORT_LINKS.proto, REPORT_LINKS.service, `127.0.0.1:${await service.grpc.listen('127.0.0.1', 0)}`);
    const db = service.context.db;
    // The commerce facts and rollups (migration 005) as the consumers keep them.
    await db.query(`INSERT INTO commerce_orders (order_id, day, placed_at, currency, total_cents, items) VALUES ('o-1', '2026-03-01', '2026-03-01T10:00:00Z', 'USD', 2598, 3)`);
    await db.query(
      `INSERT INTO sales_rollups (grain, period, orders, items, digital_items, print_items, revenue_cents, refunds, refunded_cents) VALUES
        ('d', '2026-03-01', 2, 3, 2, 1, 2598, 0, 0), ('d', '2026-03-03', 1, 1, 1, 0, 999, 1, 999), ('d', '2026-04-02', 1, 2, 0, 2, 1998, 0, 0),
        ('d', '2026-02-01', 9, 9, 9, 0, 9999, 0, 0), ('m', '2026-03-01', 3, 4, 3, 1, 3597, 1, 999)`,
    );
    await db.query(
      `INSERT INTO product_sales_rollups (grain, period, product_id, units, digital_units, print_units, orders, revenue_cents, refunded_units, refunded_cents) VALUES
        ('d', '2026-02-20', $1, 1, 1, 0, 1, 1000, 0, 0), ('m', '2026-02-01', $1, 4, 4, 0, 4, 4000, 0, 0),
        ('d', '2026-03-05', $1, 5, 3, 2, 3, 5000, 1, 999), ('m', '2026-03-01', $1, 5, 3, 2, 3, 5000, 1, 999),
        ('d', '2026-04-02', $2, 2, 0, 2, 1, 1998, 0, 0), ('m', '2026-04-01', $2, 2, 0, 2, 1, 1998, 0, 0),
        ('d', '2026-04-20', $2, 7, 0, 7, 7, 7777, 0, 0)`,
      [P1, P2],
    );
    await db.query(
      `INSERT INTO analytics_products (product_id, name, series_id, series_title, stale) VALUES ($1, 'Tidewater #1', 's-1', 'Tidewater', false), ($2, $3, 's-2', '+Series', false)`,
      [P1, P2, EVIL],
    );
    await db.query(
      `INSERT INTO order_lines (order_id, line, day, product_id, variant_id, format, quantity, unit_price_cents, currency, refunded_quantity, refunded_cents) VALUES
        ('o-1', 1, '2026-03-01', $1, 'v-1', 'Digital', 2, 999, 'USD', 1, 999), ('o-1', 2, '2026-03-01', $1, 'v-2', 'Print', 1, 600, 'USD', 0, 0),
        ('o-2', 1, '2026-04-02', $2, 'v-3', 'Print', 2, 999, 'USD', 0, 0), ('o-0', 1, '2026-01-02', $2, 'v-3', 'Print', 5, 999, 'USD', 0, 0)`,
      [P1, P2],
    );
    await db.query(
      `INSERT INTO order_refunds (refund_key, order_id, day, refunded_at, amount_cents, currency, product_ids, full_refund) VALUES
        ('r-1', 'o-1', '2026-03-03', '2026-03-03T09:00:00Z', 999, 'USD', ARRAY[$1], false), ('r-0', 'o-0', '2026-01-05', '2026-01-05T09:00:00Z', 4995, 'USD', ARRAY[$2], true)`,
      [P1, P2],
    );
    await db.query(`INSERT INTO signup_rollups (grain, period, signups) VALUES ('d', '2026-03-02', 4), ('d', '2026-04-10', 1), ('d', '2026-04-11', 8)`);
  });
  afterAll(async () => {
    links?.close();
    await service?.close();
  });

  const get = (url: string, token?: string) => service.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const post = (url: string, token?: string) => service.app.inject({ method: 'POST', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('streams the workbook: every sheet, figures as inserted, money and dates formatted, headers bold and frozen', async () => {
    const response = await get(`/api/dashboard/reports/asExcelFile?start=${RANGE.start}&end=${RANGE.end}`, admin);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.equal(response.headers['content-disposition'], 'attachment; filename="inkwell-report-2026-02-15-to-2026-04-10.xlsx"');
    const workbook = await readWorkbook(response.rawPayload);
    assert.deepEqual(workbook.worksheets.map((worksheet) => worksheet.name), [...REPORT_SHEETS]);

    const days = sheet(workbook, 'Sales by day');
    assert.equal(days.views[0]?.state, 'frozen');
    assert.equal((days.views[0] as { ySplit?: number }).ySplit, 1);
    assert.equal(days.getRow(1).getCell(1).value, 'Day');
    assert.equal(days.getRow(1).getCell(1).font?.bold, true);
    assert.ok((days.getColumn(1).width ?? 0) >= 10, 'the day column is wide enough for a date');
    // One row per day of the range, empty days included.
    assert.equal(rowsOf(days).length, 1 + 55);
    const march1 = rowWhere(days, 1, '2026-03-01')!;
    assert.ok(march1.getCell(1).value instanceof Date, 'days are real dates');
    assert.equal(march1.getCell(1).numFmt, 'yyyy-mm-dd');
    assert.deepEqual([2, 3, 4, 5].map((column) => march1.getCell(column).value), [2, 3, 2, 1]);
    assert.equal(march1.getCell(6).value, 25.98);
    assert.match(march1.getCell(6).numFmt, /^"\$"#,##0\.00/);
    const march3 = rowWhere(days, 1, '2026-03-03')!;
    assert.deepEqual([6, 7, 8].map((column) => march3.getCell(column).value), [9.99, 9.99, 0]);
    assert.equal(rowWhere(days, 1, '2026-02-01'), undefined, 'a day outside the range is not in it');
    const revenue = rowsOf(days).slice(1).reduce((sum, row) => sum + Math.round(Number(row.getCell(6).value) * 100), 0);
    assert.equal(revenue, 2598 + 999 + 1998);

    const products = sheet(workbook, 'Sales by product');
    const tidewater = rowWhere(products, 2, P1)!;
    // Whole March from its monthly row, the edge days from their daily rows: no day counted twice.
    assert.deepEqual([1, 3, 4, 5, 6, 7].map((column) => tidewater.getCell(column).value), ['Tidewater #1', 'Tidewater', 6, 4, 2, 4]);
    assert.equal(tidewater.getCell(8).value, 60);
    assert.equal(tidewater.getCell(10).value, 9.99);
    const evil = rowWhere(products, 2, P2)!;
    assert.equal(evil.getCell(1).value, `'${EVIL}`, 'a formula-looking name is plain text behind an apostrophe');
    assert.equal(evil.getCell(1).type, ExcelJS.ValueType.String);
    assert.equal(evil.getCell(3).value, "'+Series");
    assert.equal(evil.getCell(4).value, 2, 'the day after the range is not counted');

    const series = sheet(workbook, 'Sales by series');
    assert.deepEqual(rowsOf(series).slice(1).map((row) => [row.getCell(1).value, row.getCell(2).value, row.getCell(3).value, row.getCell(4).value]), [
      ['Tidewater', 1, 6, 60],
      ["'+Series", 1, 2, 19.98],
    ]);

    const formats = sheet(workbook, 'Sales by format');
    assert.deepEqual(rowsOf(formats).slice(1).map((row) => [row.getCell(1).value, row.getCell(2).value, row.getCell(3).value, row.getCell(4).value, row.getCell(5).value]), [
      ['Digital', 2, 1, 19.98, 9.99],
      ['Print', 3, 2, 25.98, 0],
    ]);

    const refunds = sheet(workbook, 'Refunds');
    assert.equal(rowsOf(refunds).length, 2, 'the refund of January is outside the range');
    const refund = refunds.getRow(2);
    assert.equal((refund.getCell(1).value as Date).toISOString(), '2026-03-03T00:00:00.000Z');
    assert.deepEqual([2, 3, 4, 5].map((column) => refund.getCell(column).value), ['o-1', 9.99, 'No', 1]);

    const customers = sheet(workbook, 'New customers');
    assert.equal(rowsOf(customers).length, 1 + 55);
    assert.equal(rowWhere(customers, 1, '2026-03-02')!.getCell(2).value, 4);
    assert.equal(rowWhere(customers, 1, '2026-04-10')!.getCell(2).value, 1);
    assert.equal(rowWhere(customers, 1, '2026-04-11'), undefined);

    // No cell of any sheet is a formula.
    for (const worksheet of workbook.worksheets) {
      worksheet.eachRow((row) =>
        row.eachCell((cell) => {
          assert.notEqual(cell.type, ExcelJS.ValueType.Formula, `${worksheet.name}!${cell.address} is a formula`);
          assert.equal(cell.formula, undefined);
        }),
      );
    }
  });

  it('covers the last 12 full months and this one by default, and only the one day asked for', async () => {
    const today = dayInZone(new Date(), 'UTC');
    const [year, month] = today.split('-').map(Number) as [number, number];
    const start = new Date(Date.UTC(year, month - 13, 1)).toISOString().slice(0, 10);
    const response = await get('/api/dashboard/reports/asExcelFile', admin);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-disposition'], `attachment; filename="inkwell-report-${start}-to-${today}.xlsx"`);
    const one = await readWorkbook((await get('/api/dashboard/reports/asExcelFile?start=2026-03-01&end=2026-03-01', admin)).rawPayload);
    assert.equal(rowsOf(sheet(one, 'Sales by day')).length, 2);
    assert.equal(rowsOf(sheet(one, 'Refunds')).length, 1, 'headers only on an empty sheet');
  });

  it('refuses bad ranges naming the field, and callers who are not admins', async () => {
    const cases: Array<[string, string, string]> = [
      ['start=2026-13-01&end=2026-12-31', 'start', ANALYTICS_MESSAGES.start],
      ['start=2026-01-01&end=tomorrow', 'end', ANALYTICS_MESSAGES.end],
      ['start=2026-03-02&end=2026-03-01', 'end', ANALYTICS_MESSAGES.order],
      ['start=2010-01-01&end=2026-03-01', 'end', ANALYTICS_MESSAGES.tooLong],
    ];
    for (const [query, field, message] of cases) {
      const response = await get(`/api/dashboard/reports/asExcelFile?${query}`, admin);
      assert.equal(response.statusCode, 400, query);
      assert.ok(response.body.includes(message), `${query}: ${response.body}`);
      assert.ok(response.body.includes(field), `${query} names ${field}`);
    }
    assert.equal((await get('/api/dashboard/reports/asExcelFile')).statusCode, 401);
    assert.equal((await get('/api/dashboard/reports/asExcelFile', reader)).statusCode, 403);
    assert.equal((await post('/api/dashboard/reports/asExcelFileSendEmail')).statusCode, 401);
    assert.equal((await post('/api/dashboard/reports/asExcelFileSendEmail', reader)).statusCode, 403);
    assert.equal((await get('/api/dashboard/reports/jobs', reader)).statusCode, 403);
    const before = (await service.context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM report_jobs')).rows[0]!.n;
    for (const query of ['emails=not-an-address', Array.from({ length: 11 }, (_, i) => `emails=s${i}@inkwell.example`).join('&'), 'emails=a@inkwell.example&start=2026-02-30']) {
      const response = await post(`/api/dashboard/reports/asExcelFileSendEmail?${query}`, admin);
      assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
    }
    assert.ok((await post('/api/dashboard/reports/asExcelFileSendEmail?emails=x', admin)).body.includes('emails'));
    const after = (await service.context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM report_jobs')).rows[0]!.n;
    assert.equal(after, before, 'nothing queued for a bad request');
  });

  it('builds the workbook as a job into a private file, then signs an expiring link for the mail (never in the event)', async () => {
    const asked = await post(`/api/dashboard/reports/asExcelFileSendEmail?emails=A@Shop.example&emails=b@shop.example&emails=a@shop.example&start=${RANGE.start}&end=${RANGE.end}`, admin);
    assert.equal(asked.statusCode, 202, asked.body);
    const job = asked.json().response;
    assert.deepEqual([job.status, job.start, job.end, job.recipients, job.progress, job.completedAt, job.expiresAt], ['Queued', RANGE.start, RANGE.end, 2, 0, null, null]);
    assert.equal(asked.body.includes('shop.example'), false, 'the addresses are not echoed');

    await service.exposed.runReportJobs();
    const done = (await get(`/api/dashboard/reports/jobs/${job.id}`, admin)).json().response;
    assert.equal(done.status, 'Completed');
    assert.equal(done.progress, 100);
    assert.ok(done.sizeBytes > 1000);
    const ttl = (Date.parse(done.expiresAt) - Date.parse(done.completedAt)) / 1000;
    assert.ok(Math.abs(ttl - REPORT_LINK_TTL_SECONDS) < 5, `the link lasts ${ttl} s`);

    const { rows } = await service.context.db.query<{ file_key: string; recipients: string[] }>('SELECT file_key, recipients FROM report_jobs WHERE id = $1', [job.id]);
    assert.equal(rows[0]!.file_key, `exports/reports/${job.id}.xlsx`);
    assert.ok(isPrivateFileKey(rows[0]!.file_key), 'never served at /media/');
    assert.ok(await service.context.files.exists(rows[0]!.file_key));
    assert.deepEqual(rows[0]!.recipients, [], 'the addresses are kept only until the event is written');

    // The event names the job and the addresses, and carries no link.
    const events = (await service.context.db.query<{ data: { jobId: string; recipients: string[] }; key: string }>("SELECT data, key FROM outbox WHERE type = 'report.ready'")).rows;
    assert.equal(events.length, 1);
    assert.deepEqual(events[0]!.data, { jobId: job.id, recipients: ['a@shop.example', 'b@shop.example'] });
    assert.doesNotMatch(JSON.stringify(events[0]), /http|signature|expires/);

    // The caller's jobs, newest first; another admin sees none of them.
    assert.deepEqual((await get('/api/dashboard/reports/jobs', admin)).json().response.map((entry: { id: string }) => entry.id)[0], job.id);
    assert.deepEqual((await get('/api/dashboard/reports/jobs', otherAdmin)).json().response, []);
    assert.equal((await get(`/api/dashboard/reports/jobs/${randomUUID()}`, admin)).statusCode, 404);
    assert.equal((await get('/api/dashboard/reports/jobs/not-a-uuid', admin)).statusCode, 404);

    // The link, over the real gRPC server, works without signing in.
    const link = await links.issueDownloadLink({ jobId: job.id });
    assert.equal(link.expiresAt, done.expiresAt);
    const url = new URL(link.url);
    assert.equal(url.origin, new URL(service.context.config.publicUrl).origin);
    const file = await get(`${url.pathname}${url.search}`);
    assert.equal(file.statusCode, 200, file.body);
    assert.equal(file.headers['content-disposition'], 'attachment; filename="inkwell-report-2026-02-15-to-2026-04-10.xlsx"');
    const stored = await readWorkbook(file.rawPayload);
    assert.deepEqual(stored.worksheets.map((worksheet) => worksheet.name), [...REPORT_SHEETS]);
    assert.equal(rowWhere(sheet(stored, 'Sales by product'), 2, P2)!.getCell(1).value, `'${EVIL}`);

    // Altered → 403 linkInvalid; expired → 410 linkExpired.
    const signature = url.searchParams.get('signature')!;
    const expires = Number(url.searchParams.get('expires'));
    const tampered = [
      `${url.pathname}?expires=${expires + 60}&signature=${signature}`,
      `${url.pathname}?expires=${expires}&signature=${signature.slice(0, -2)}AA`,
      `${url.pathname}?expires=${expires}`,
      `/api/analytics/reports/file/${randomUUID()}?expires=${expires}&signature=${signature}`,
      `/api/analytics/reports/file/nope?expires=${expires}&signature=${signature}`,
    ];
    for (const path of tampered) {
      const response = await get(path);
      assert.equal(response.statusCode, 403, path);
      assert.ok(response.body.includes(ANALYTICS_MESSAGES.linkInvalid), response.body);
    }
    const key = (await service.context.db.query<{ secret: Buffer }>('SELECT secret FROM report_link_keys')).rows[0]!.secret;
    const past = Math.floor(Date.now() / 1000) - 10;
    const old = await get(`${url.pathname}?expires=${past}&signature=${signReportLink(key, job.id, past)}`);
    assert.equal(old.statusCode, 410);
    assert.ok(old.body.includes(ANALYTICS_MESSAGES.linkExpired));

    await service.context.db.query("UPDATE report_jobs SET expires_at = now() - interval '1 second' WHERE id = $1", [job.id]);
    const late = await get(`${url.pathname}${url.search}`);
    assert.equal(late.statusCode, 410, 'the job ended its link before the signature did');
    await assert.rejects(links.issueDownloadLink({ jobId: job.id }), (error: unknown) => error instanceof GrpcCallError && error.code === 'FAILED_PRECONDITION');
    await assert.rejects(links.issueDownloadLink({ jobId: randomUUID() }), (error: unknown) => error instanceof GrpcCallError && error.code === 'NOT_FOUND');
    await assert.rejects(links.issueDownloadLink({ jobId: 'x' }), (error: unknown) => error instanceof GrpcCallError && error.code === 'NOT_FOUND');

    // The next round removes the expired file.
    await service.exposed.runReportJobs();
    assert.equal(await service.context.files.exists(rows[0]!.file_key), false);
  });

  it('mails the caller when no address is given, and records progress sheet by sheet', async () => {
    // From here on the jobs are run by workers of the test's own, reading figures through a watched source.
    await service.exposed.stopReportWorker();
    const asked = await post('/api/dashboard/reports/asExcelFileSendEmail?start=2026-03-01&end=2026-03-31', admin);
    assert.equal(asked.statusCode, 202);
    const id = asked.json().response.id;
    assert.equal(asked.json().response.recipients, 1);
    const seen: number[] = [];
    const real = sqlReportSource(service.context.db);
    const watched: ReportSource = {
      ...real,
      async *salesByFormat(range) {
        seen.push((await service.context.db.query<{ progress: number; status: string }>('SELECT progress FROM report_jobs WHERE id = $1', [id])).rows[0]!.progress);
        yield* real.salesByFormat(range);
      },
    };
    const worker = new ReportJobWorker(service.context, watched);
    assert.equal(await worker.runOnce(), 1);
    assert.deepEqual(seen, [50], 'three of six sheets written when the fourth starts');
    const event = (await service.context.db.query<{ data: { recipients: string[] } }>("SELECT data FROM outbox WHERE type = 'report.ready' AND key = $1", [id])).rows[0]!;
    assert.deepEqual(event.data.recipients, ['boss@inkwell.example']);
  });

  it('fails a job whose figures cannot be read, storing nothing and sending nothing', async () => {
    const id = (await post('/api/dashboard/reports/asExcelFileSendEmail?start=2026-03-01&end=2026-03-31', admin)).json().response.id;
    const real = sqlReportSource(service.context.db);
    const broken: ReportSource = {
      ...real,
      // eslint-disable-next-line require-yield -- fails before its first batch
      async *refunds() {
        throw new Error('the database went away');
      },
    };
    assert.equal(await new ReportJobWorker(service.context, broken).runOnce(), 1);
    const job = (await get(`/api/dashboard/reports/jobs/${id}`, admin)).json().response;
    assert.equal(job.status, 'Failed');
    assert.match(job.error, /ask for it again/);
    assert.equal(await service.context.files.exists(`exports/reports/${id}.xlsx`), false);
    assert.equal((await service.context.db.query("SELECT 1 FROM outbox WHERE type = 'report.ready' AND key = $1", [id])).rowCount, 0);
  });

  it('streams a large range with bounded buffering: rows are committed to the output as they are written', async () => {
    const productRows = 60_000;
    let produced = 0;
    const synthetic: ReportSource = {
      ...sqlReportSource(service.context.db),
      async *salesByProduct() {
        for (let batch = 0; batch < productRows / 1000; batch += 1) {
          const rows: ProductSalesRow[] = [];
          for (let i = 0; i < 1000; i += 1) {
            produced += 1;
            rows.push({ productId: `p-${batch}-${i}`, name: `Product ${produced}`, series: 'Series', units: 3, digitalUnits: 2, printUnits: 1, orders: 2, revenueCents: 2997, refundedUnits: 0, refundedCents: 0 });
          }
          yield rows;
        }
      },
    };
    let bytes = 0;
    let chunks = 0;
    let writtenWhenLastBatchMade = -1;
    const sink = new Writable({
      highWaterMark: 64 * 1024,
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        chunks += 1;
        setImmediate(done);
      },
    });
    const rows = await writeReportWorkbook(sink, synthetic, { start: '2024-11-01', end: addDays('2024-11-01', 730) }, {
      onBatch: async () => {
        if (produced === productRows && writtenWhenLastBatchMade < 0) writtenWhenLastBatchMade = bytes;
      },
    });
    await new Promise<void>((resolve) => (sink.writableFinished ? resolve() : sink.on('finish', () => resolve())));
    // Sales by day and new customers: a row per day; the other sheets: the facts inserted above (2 series, 2 formats, 2 refunds).
    assert.equal(rows, 731 + productRows + 2 + 2 + 2 + 731);
    assert.ok(chunks > 10, `written in many chunks (${chunks})`);
    assert.ok(writtenWhenLastBatchMade > 0, 'bytes reached the output while rows were still being produced');
  });
});

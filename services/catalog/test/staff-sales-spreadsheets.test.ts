import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { createDeflateRaw, crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SALES_MESSAGES, SALES_SHEET_COLUMNS, SALES_SPREADSHEET_LIMITS, type SpreadsheetProblem } from '@inkwell/contracts/dashboard-merchandising';
import { EVENTS } from '@inkwell/platform';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { catalogService } from '../src';
import { createProduct, createSeries } from './factories';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = [...SALES_SHEET_COLUMNS];
const INJECTION = "=cmd|' /C calc'!A0";

interface Upload {
  field: string;
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart/form-data body of files. */
function multipart(files: readonly Upload[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sales${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const quote = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const csv = (rows: ReadonlyArray<ReadonlyArray<string | number>>) => Buffer.from(rows.map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n');

async function xlsx(rows: ReadonlyArray<ReadonlyArray<ExcelJS.CellValue>>, sheetName = 'Sale'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A zip of one entry whose data is `size` zero bytes, deflated in a stream (the bomb never sits in memory). */
async function zipBomb(size: number, declaredSize = size): Promise<Buffer> {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const deflate = createDeflateRaw({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const chunk = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let written = 0; written < size; written += chunk.length) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  await new Promise((resolve) => deflate.end(resolve));
  const body = Buffer.concat(compressed);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc >>> 0, 14);
  local.writeUInt32LE(body.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc >>> 0, 16);
  central.writeUInt32LE(body.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(name.length, 28);
  const directory = Buffer.concat([central, name]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(local.length + name.length + body.length, 16);
  return Buffer.concat([local, name, body, directory, end]);
}

describe('sales campaign spreadsheets: export, validate, create', () => {
  let service: TestService;
  let admin: string;
  const ids: Record<string, number> = {};

  const post = async (url: string, files: readonly Upload[], token: string | null = admin): Promise<{ status: number; body: Json }> => {
    const { payload, headers } = multipart(files);
    const response = await service.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    return { status: response.statusCode, body: response.json() };
  };
  const validate = (files: readonly Upload[], token?: string | null) => post('/api/dashboard/sales/ValidateFromCsv', files, token);
  const create = (files: readonly Upload[], token?: string | null) => post('/api/dashboard/sales/CreateFromCsv', files, token);
  const exportCampaign = async (id: number, token: string | null = admin) =>
    service.app.inject({ method: 'GET', url: `/api/dashboard/sales/exportAsExcel/${id}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const campaignCount = async () => Number((await service.context.db.query<{ n: string }>('SELECT count(*) AS n FROM sales_campaigns')).rows[0]!.n);
  const salesProductCount = async () => Number((await service.context.db.query<{ n: string }>('SELECT count(*) AS n FROM sales_products')).rows[0]!.n);
  const printVariantOf = async (productId: number) =>
    Number((await service.context.db.query<{ id: string }>("SELECT id FROM variants WHERE product_id = $1 AND type = 'Print'", [productId])).rows[0]!.id);
  const find = (problems: SpreadsheetProblem[], row: number | null, column: string | null) => problems.filter((item) => item.row === row && item.column === column);

  /** A valid campaign row (the dates are fixed; the prices are the products' own in the catalogue). */
  const row = (productId: number, variantId: number, full: string, discount: string, campaign = 'Autumn Sale', extra: Partial<Record<string, string>> = {}) => {
    const values: Record<string, string | number> = {
      Campaign: campaign,
      Description: 'Falling prices',
      'Start Date (UTC)': '2026-10-01T00:00:00Z',
      'End Date (UTC)': '2026-10-31T23:59:59Z',
      'Product Id': productId,
      'Product Name': `Product ${productId}`,
      'Series Id': '',
      'Variant Id': variantId,
      Currency: 'USD',
      'Full Price': full,
      'Discount Price': discount,
      ...extra,
    };
    return HEADER.map((column) => values[column]!);
  };

  beforeAll(async () => {
    service = await buildTestService(catalogService);
    admin = await signTestToken({ roles: ['admin'], userId: 'staff-1', email: 'sales@inkwell.example' });
    const db = service.context.db;
    ids.series = await createSeries(db, { title: 'Harbor Lights' });
    ids.digital = await createProduct(db, { name: 'Harbor Lights Vol. 1', seriesId: ids.series, variants: [{ type: 'Digital', priceCents: 799 }] });
    ids.both = await createProduct(db, { name: 'Harbor Lights Vol. 2', seriesId: ids.series, variants: [{ type: 'Digital', priceCents: 999 }, { type: 'Print', priceCents: 1499 }] });
    ids.bothPrint = await printVariantOf(ids.both);
    ids.printOnly = await createProduct(db, { name: 'Harbor Lights Art Book', variants: [{ type: 'Print', priceCents: 2500 }] });
    ids.printOnlyPrint = await printVariantOf(ids.printOnly);
    ids.injected = await createProduct(db, { name: INJECTION, variants: [{ type: 'Digital', priceCents: 500 }] });
    for (const extra of ['extra1', 'extra2', 'extra3', 'extra4', 'extra5']) ids[extra] = await createProduct(db, { name: `Harbor Lights ${extra}`, variants: [{ type: 'Digital', priceCents: 500 }] });
  });

  afterAll(() => service?.close());

  it('refuses callers who are not staff, and creates nothing', async () => {
    const files = [{ field: 'file1', name: 'sale.csv', data: csv([HEADER, row(ids.digital!, -1, '7.99', '5.99')]) }];
    assert.equal((await validate(files, null)).status, 401);
    const reader = await signTestToken({ roles: [] });
    assert.equal((await validate(files, reader)).status, 403);
    assert.equal((await create(files, reader)).status, 403);
    assert.equal((await exportCampaign(1, reader)).statusCode, 403);
    assert.equal(await campaignCount(), 0);
  });

  it('validates a good CSV without writing, then creates it as a Draft with its audit entry and event', async () => {
    const files = [
      {
        field: 'file1',
        name: 'autumn.csv',
        data: csv([
          HEADER,
          row(ids.digital!, -1, '7.99', '5.99'),
          row(ids.both!, ids.bothPrint!, '14.99', '9.99'),
          // Discount equal to the full price: counted, not saved (§5).
          row(ids.both!, -1, '9.99', '9.99'),
        ]),
      },
    ];
    const checked = await validate(files);
    assert.equal(checked.status, 200, JSON.stringify(checked.body));
    const report = checked.body.response;
    assert.equal(report.valid, true);
    assert.deepEqual(report.problems, []);
    assert.deepEqual(report.createdIds, []);
    assert.equal(report.campaigns.length, 1);
    assert.deepEqual(report.campaigns[0], {
      file: 'file1',
      fileName: 'autumn.csv',
      name: 'Autumn Sale',
      description: 'Falling prices',
      startDate: '2026-10-01T00:00:00.000Z',
      endDate: '2026-10-31T23:59:59.000Z',
      productCount: 2,
      unchangedCount: 1,
    });
    assert.equal(await campaignCount(), 0, 'validation writes nothing');

    const created = await create(files);
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const [id] = created.body.response.createdIds;
    assert.ok(Number.isInteger(id));
    const db = service.context.db;
    const campaign = (await db.query<Json>('SELECT name, description, start_date, end_date, status FROM sales_campaigns WHERE id = $1', [id])).rows[0];
    assert.equal(campaign.name, 'Autumn Sale');
    assert.equal(campaign.status, 0, 'a Draft');
    assert.equal(campaign.start_date.toISOString(), '2026-10-01T00:00:00.000Z');
    assert.equal(campaign.end_date.toISOString(), '2026-10-31T23:59:59.000Z');
    const products = (await db.query<Json>('SELECT product_id, variant_type, discount_price_cents FROM sales_products WHERE campaign_id = $1 ORDER BY product_id, variant_type', [id])).rows;
    assert.deepEqual(
      products.map((item: Json) => [Number(item.product_id), item.variant_type, item.discount_price_cents]),
      [
        [ids.digital, 'Digital', 599],
        [ids.both, 'Print', 999],
      ],
    );
    const audit = (await db.query<Json>("SELECT action, actor_email, changes FROM staff_audit WHERE entity = 'sales-campaign' AND entity_id = $1", [id])).rows;
    assert.equal(audit.length, 1);
    assert.equal(audit[0].action, 'imported');
    assert.equal(audit[0].actor_email, 'sales@inkwell.example');
    assert.equal(audit[0].changes.file.to, 'autumn.csv');
    const events = (await db.query('SELECT id FROM outbox WHERE type = $1 AND key = $2', [EVENTS.salesCampaignChanged.type, `sales-campaign:${id}`])).rowCount;
    assert.equal(events, 1);
  });

  it('exports a campaign as an .xlsx with the columns of the contract, money with 2 places, ISO dates and -1 for Digital', async () => {
    const db = service.context.db;
    const id = Number(
      (await db.query<{ id: string }>("INSERT INTO sales_campaigns (name, description, start_date, end_date) VALUES ($1, 'Hostile names', '2026-12-01T00:00:00Z', '2026-12-24T12:00:00Z') RETURNING id", ['@Winter + Sale'])).rows[0]!.id,
    );
    await db.query(
      "INSERT INTO sales_products (campaign_id, product_id, variant_type, discount_price_cents) VALUES ($1, $2, 'Digital', 250), ($1, $3, 'Print', 1200), ($1, $4, 'Digital', 1)",
      [id, ids.injected, ids.both, ids.digital],
    );
    ids.exported = id;
    const response = await exportCampaign(id);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], XLSX_TYPE);
    assert.equal(response.headers['content-disposition'], `attachment; filename="sales-campaign-${id}-winter-sale.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), HEADER);
    assert.equal(sheet.rowCount, 4);
    const rows = [2, 3, 4].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    // The campaign's fields on every row; the name starting with @ is written so no spreadsheet evaluates it.
    for (const values of rows) assert.deepEqual(values.slice(0, 4), ["'@Winter + Sale", 'Hostile names', '2026-12-01T00:00:00.000Z', '2026-12-24T12:00:00.000Z']);
    const byProduct = new Map(rows.map((values) => [values[4], values]));
    assert.deepEqual(byProduct.get(ids.digital), [...rows[0]!.slice(0, 4), ids.digital, 'Harbor Lights Vol. 1', ids.series, -1, 'USD', 7.99, 0.01]);
    assert.deepEqual(byProduct.get(ids.both)!.slice(4), [ids.both, 'Harbor Lights Vol. 2', ids.series, ids.bothPrint, 'USD', 14.99, 12]);
    // CSV injection in a product name: a text cell beginning with a quote, never a formula.
    const injected = sheet.getRow(rows.findIndex((values) => values[4] === ids.injected) + 2).getCell(6);
    assert.equal(injected.type, ExcelJS.ValueType.String);
    assert.equal(injected.value, `'${INJECTION}`);
    assert.equal(sheet.getRow(2).getCell('J').numFmt, '0.00');
    for (let n = 2; n <= 4; n++) sheet.getRow(n).eachCell((cell) => assert.notEqual(cell.type, ExcelJS.ValueType.Formula));

    assert.equal((await exportCampaign(999_999)).statusCode, 404);
    assert.equal((await exportCampaign(0)).statusCode, 400);
  });

  it('round trip: the exported workbook validates and creates a campaign with the same products', async () => {
    const exported = (await exportCampaign(ids.exported!)).rawPayload;
    const files = [{ field: 'file1', name: 'winter.xlsx', data: exported, type: XLSX_TYPE }];
    const checked = await validate(files);
    assert.equal(checked.status, 200, JSON.stringify(checked.body));
    assert.equal(checked.body.response.valid, true, JSON.stringify(checked.body.response.problems));
    assert.equal(checked.body.response.campaigns[0].name, '@Winter + Sale', 'the quote written against injection is read back off');
    const created = await create(files);
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const [id] = created.body.response.createdIds;
    const products = async (campaignId: number) =>
      (await service.context.db.query<Json>('SELECT product_id, variant_type, discount_price_cents FROM sales_products WHERE campaign_id = $1 ORDER BY product_id, variant_type', [campaignId])).rows;
    assert.deepEqual(await products(id), await products(ids.exported!));
    const campaign = (await service.context.db.query<Json>('SELECT name, description, start_date FROM sales_campaigns WHERE id = $1', [id])).rows[0];
    assert.equal(campaign.name, '@Winter + Sale');
    assert.equal(campaign.start_date.toISOString(), '2026-12-01T00:00:00.000Z');
  });

  it('reports every problem with its file, sheet, row and column, and creates nothing', async () => {
    const bad = csv([
      HEADER,
      row(ids.digital!, -1, '7.99', '5.99'), // row 2: fine
      row(999_999, -1, '1.00', '0.50'), // row 3: no such product
      row(ids.digital!, ids.bothPrint!, '7.99', '5.99'), // row 4: a variant of another product
      row(ids.printOnly!, -1, '25.00', '20.00'), // row 5: no Digital variant
      row(ids.extra3!, -1, '5.00', '-1.00'), // row 6: negative
      row(ids.both!, ids.bothPrint!, '14.99', '9.999'), // row 7: three decimals
      row(ids.printOnly!, ids.printOnlyPrint!, '25.00', 'cheap'), // row 8: text
      row(ids.injected!, -1, '5.00', '=1+1'), // row 9: a formula
      row(ids.both!, -1, '8.99', '7.99'), // row 10: full price not the catalogue's
      row(ids.digital!, -1, '7.99', '4.99'), // row 11: product and variant twice
      row(ids.extra1!, -1, '5.00', '4.00', 'Another Sale'), // row 12: campaign differs
      row(ids.extra1!, 'x' as unknown as number, '5.00', '4.00'), // row 13: not a variant id
      row('abc' as unknown as number, -1, '5.00', '4.00'), // row 14: not a product id
      row(ids.extra2!, -1, '5.00', '4.00', 'Autumn Sale', { 'Start Date (UTC)': 'next tuesday' }), // row 15: start differs from the first row
      row(ids.extra4!, -1, '5.00', '4.00', 'Autumn Sale', { Currency: 'EUR' }), // row 16: not the variant's currency
      row(ids.extra5!, -1, '5.00', '6.00'), // row 17: a discount above the full price
    ]);
    const dates = csv([HEADER, row(ids.digital!, -1, '7.99', '5.99', 'Autumn Sale', { 'Start Date (UTC)': 'soon', 'End Date (UTC)': '2026-02-30T00:00:00Z' })]);
    const backwards = csv([HEADER, row(ids.digital!, -1, '7.99', '5.99', 'Autumn Sale', { 'Start Date (UTC)': '2026-10-31T00:00:00Z', 'End Date (UTC)': '2026-10-01T00:00:00Z' })]);
    const missing = csv([HEADER, row(ids.digital!, -1, '7.99', '5.99', '', { 'Start Date (UTC)': '', 'End Date (UTC)': '' })]);
    const beforeCampaigns = await campaignCount();
    const beforeProducts = await salesProductCount();
    const files = [
      { field: 'file1', name: 'bad.csv', data: bad },
      { field: 'file2', name: 'dates.csv', data: dates },
      { field: 'file3', name: 'backwards.csv', data: backwards },
      { field: 'file4', name: 'missing.csv', data: missing },
    ];
    const checked = await validate(files);
    assert.equal(checked.status, 200, JSON.stringify(checked.body));
    const report = checked.body.response;
    assert.equal(report.valid, false);
    assert.deepEqual(report.campaigns, []);
    const one = report.problems.filter((item: SpreadsheetProblem) => item.file === 'file1');
    assert.ok(one.every((item: SpreadsheetProblem) => item.sheet === 'bad'), 'a CSV sheet is named after its file');
    const expect = (problems: SpreadsheetProblem[], rowNumber: number | null, column: string | null, pattern: RegExp | string) => {
      const found = find(problems, rowNumber, column);
      assert.ok(
        found.some((item) => (typeof pattern === 'string' ? item.message === pattern : pattern.test(item.message))),
        `row ${rowNumber} ${column}: ${pattern} not in ${JSON.stringify(found)} (all: ${JSON.stringify(problems)})`,
      );
    };
    assert.equal(find(one, 2, null).length + one.filter((item: SpreadsheetProblem) => item.row === 2).length, 0, 'row 2 is fine');
    expect(one, 3, 'Product Id', 'There is no product 999999.');
    expect(one, 4, 'Variant Id', new RegExp(`^Variant ${ids.bothPrint} is not a variant of product ${ids.digital}; its variants: -1 \\(Digital\\)\\.$`));
    expect(one, 5, 'Variant Id', new RegExp(`^Digital \\(-1\\) is not a variant of product ${ids.printOnly}; its variants: ${ids.printOnlyPrint} \\(Print\\)\\.$`));
    expect(one, 6, 'Discount Price', "'-1.00' is not money: a price is 0 or more with at most 2 decimals, e.g. 4.99.");
    expect(one, 7, 'Discount Price', /^'9\.999' is not money/);
    expect(one, 8, 'Discount Price', /^'cheap' is not money/);
    expect(one, 9, 'Discount Price', "'=1+1' is a formula; write the value itself (formulas are never evaluated).");
    expect(one, 10, 'Full Price', "The full price 8.99 is not the catalogue's: it is 9.99 USD.");
    expect(one, 11, 'Variant Id', `Product ${ids.digital}, variant -1, is already on row 2.`);
    expect(one, 12, 'Campaign', 'Campaign differs from row 2: one file is one campaign, and every row must agree.');
    expect(one, 13, 'Variant Id', "'x' is not a variant id (-1 for Digital, or the Print variant's id).");
    expect(one, 14, 'Product Id', "'abc' is not a product id (a whole number from 1).");
    expect(one, 15, 'Start Date (UTC)', /^Start Date \(UTC\) differs from row 2/);
    expect(one, 16, 'Currency', "'EUR' is not the variant's currency: it is USD.");
    expect(one, 17, 'Discount Price', 'The discount price 6.00 is above the full price 5.00 USD.');
    assert.equal(one.length, 15, JSON.stringify(one));

    const two = report.problems.filter((item: SpreadsheetProblem) => item.file === 'file2');
    expect(two, 2, 'Start Date (UTC)', "'soon' is not a date and time in UTC, e.g. 2026-12-01T00:00:00Z.");
    expect(two, 2, 'End Date (UTC)', /^'2026-02-30T00:00:00Z' is not a date/);
    const three = report.problems.filter((item: SpreadsheetProblem) => item.file === 'file3');
    assert.deepEqual(three, [{ file: 'file3', sheet: 'backwards', row: 2, column: 'End Date (UTC)', message: SALES_MESSAGES.endBeforeStart }]);
    const four = report.problems.filter((item: SpreadsheetProblem) => item.file === 'file4');
    for (const column of ['Campaign', 'Start Date (UTC)', 'End Date (UTC)']) expect(four, 2, column, SALES_MESSAGES.missing);
    assert.equal(report.problemCount, report.problems.length);

    // Create refuses the lot with 422 and the same report, even with a valid file among them.
    const good = { field: 'file5', name: 'good.csv', data: csv([HEADER, row(ids.digital!, -1, '7.99', '1.99')]) };
    const refused = await create([...files, good]);
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.equal(refused.body.status.type, 'UnprocessableEntity');
    assert.equal(refused.body.response.valid, false);
    assert.equal(refused.body.response.problemCount, report.problemCount);
    assert.deepEqual(refused.body.response.createdIds, []);
    assert.ok(refused.body.status.problems.length > 0);
    assert.equal(await campaignCount(), beforeCampaigns);
    assert.equal(await salesProductCount(), beforeProducts);
  });

  it('reports missing, unknown and duplicated header columns', async () => {
    const header = HEADER.filter((column) => column !== 'Currency').map((column) => (column === 'Series Id' ? 'Series' : column));
    header.push('Campaign');
    const checked = await validate([
      { field: 'file1', name: 'columns.csv', data: csv([header, header.map(() => '1')]) },
      { field: 'file2', name: 'columns.xlsx', data: await xlsx([header, ...Array.from({ length: 50 }, () => header.map(() => 1))]), type: XLSX_TYPE },
    ]);
    assert.equal(checked.status, 200);
    const all: SpreadsheetProblem[] = checked.body.response.problems;
    assert.deepEqual(
      all.filter((item) => item.file === 'file2').map((item) => [item.sheet, item.row, item.column]),
      all.filter((item) => item.file === 'file1').map((item) => ['Sale', item.row, item.column]),
      'the same problems in an .xlsx',
    );
    const problems = all.filter((item) => item.file === 'file1');
    assert.deepEqual(
      problems.map((item) => [item.row, item.column, item.message.split(';')[0]]),
      [
        [1, 'Series', "'Series' is not a column of a sales campaign"],
        [1, 'Campaign', "The column 'Campaign' is there twice (also column A)."],
        [1, 'Series Id', "The column 'Series Id' is missing"],
        [1, 'Currency', "The column 'Currency' is missing"],
      ],
    );
  });

  it('reads the rows under a header with an unknown or repeated column, reporting those too', async () => {
    const header = [...HEADER, 'Notes', 'Currency'];
    const checked = await validate([{ field: 'file1', name: 'extra.csv', data: csv([header, [...row(ids.digital!, -1, '7.99', 'free'), 'call me', 'USD']]) }]);
    assert.equal(checked.status, 200);
    assert.deepEqual(
      checked.body.response.problems.map((item: SpreadsheetProblem) => [item.row, item.column, item.message.split(';')[0]]),
      [
        [1, 'Notes', "'Notes' is not a column of a sales campaign"],
        [1, 'Currency', "The column 'Currency' is there twice (also column I)."],
        [2, 'Discount Price', "'free' is not money: a price is 0 or more with at most 2 decimals, e.g. 4.99."],
      ],
    );
  });

  it('reads an .xlsx: formulas are problems never evaluated, numbers and date cells are taken, rows numbered as the sheet shows them', async () => {
    const data = await xlsx(
      [
        HEADER,
        row(ids.digital!, -1, '', '').map((value, index) => (index === 9 ? 7.99 : index === 10 ? 3.5 : index === 2 ? new Date('2026-10-01T00:00:00Z') : value)),
        [],
        row(ids.both!, -1, '', '').map((value, index) => (index === 9 ? 9.99 : index === 10 ? { formula: 'J4*0.5', result: 4.995 } : index === 2 ? new Date('2026-10-01T00:00:00Z') : value)),
        row(ids.both!, ids.bothPrint!, '', '').map((value, index) => (index === 9 ? 14.99 : index === 10 ? 1.234 : index === 2 ? new Date('2026-10-01T00:00:00Z') : value)),
      ],
      'Autumn',
    );
    const checked = await validate([{ field: 'file1', name: 'autumn.xlsx', data, type: XLSX_TYPE }]);
    assert.equal(checked.status, 200, JSON.stringify(checked.body));
    assert.deepEqual(checked.body.response.problems, [
      { file: 'file1', sheet: 'Autumn', row: 4, column: 'Discount Price', message: "'=J4*0.5' is a formula; write the value itself (formulas are never evaluated)." },
      { file: 'file1', sheet: 'Autumn', row: 5, column: 'Discount Price', message: "'1.234' is not money: a price is 0 or more with at most 2 decimals, e.g. 4.99." },
    ]);
  });

  it('reads a CSV in Excel’s Windows encoding as well as UTF-8 with a byte order mark', async () => {
    const latin1 = Buffer.from(csv([HEADER, row(ids.digital!, -1, '7.99', '5.99', 'Soldes d’été café'.replace('’', "'"))]).toString('utf8'), 'latin1');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csv([HEADER, row(ids.digital!, -1, '7.99', '5.99', 'Été café')])]);
    const checked = await validate([
      { field: 'file1', name: 'windows.csv', data: latin1 },
      { field: 'file2', name: 'bom.csv', data: bom },
    ]);
    assert.equal(checked.status, 200, JSON.stringify(checked.body));
    assert.deepEqual(checked.body.response.problems, []);
    assert.deepEqual(
      checked.body.response.campaigns.map((campaign: Json) => campaign.name),
      ["Soldes d'été café", 'Été café'],
    );
  });

  it('refuses a file that is not a spreadsheet, naming it', async () => {
    const before = await campaignCount();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    const refused = await create([
      { field: 'file1', name: 'good.csv', data: csv([HEADER, row(ids.digital!, -1, '7.99', '5.99')]) },
      { field: 'file2', name: 'cover.png', data: png, type: 'image/png' },
    ]);
    assert.equal(refused.status, 415, JSON.stringify(refused.body));
    assert.equal(refused.body.status.message, 'file2 (cover.png) is not an .xlsx or .csv spreadsheet.');
    assert.deepEqual(refused.body.status.problems, [{ field: 'file2', message: 'file2 (cover.png) is not an .xlsx or .csv spreadsheet.' }]);
    const fakeXlsx = await validate([{ field: 'file1', name: 'sale.xlsx', data: Buffer.from('Campaign,Description\n'), type: XLSX_TYPE }]);
    assert.equal(fakeXlsx.status, 415);
    const brokenZip = await validate([{ field: 'file1', name: 'sale.xlsx', data: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]), type: XLSX_TYPE }]);
    assert.equal(brokenZip.status, 400);
    assert.match(brokenZip.body.status.message, /^file1 \(sale\.xlsx\) is not a readable \.xlsx workbook/);
    const wrongField = await validate([{ field: 'upload', name: 'sale.csv', data: csv([HEADER]) }]);
    assert.equal(wrongField.status, 400);
    assert.equal(wrongField.body.status.problems[0].field, 'upload');
    for (const [contentType, payload] of [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=b', 'garbage'],
      ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="file1"; filename="a.csv"\r\n\r\nCampaign,x'],
    ]) {
      const malformed = await service.app.inject({ method: 'POST', url: '/api/dashboard/sales/CreateFromCsv', payload, headers: { 'content-type': contentType!, authorization: `Bearer ${admin}` } });
      assert.equal(malformed.statusCode, 400, `${contentType} ${payload}: ${malformed.body}`);
      assert.match(malformed.json().status.message, /^The multipart\/form-data body cannot be read/);
    }
    const json = await service.app.inject({ method: 'POST', url: '/api/dashboard/sales/CreateFromCsv', payload: { file1: 'x' }, headers: { authorization: `Bearer ${admin}` } });
    assert.equal(json.statusCode, 400);
    assert.equal(await campaignCount(), before);
  });

  it('refuses a zip bomb as .xlsx without inflating it all, whether its sizes are honest or lie', async () => {
    const before = await campaignCount();
    const honest = await zipBomb(SALES_SPREADSHEET_LIMITS.unpackedBytes + 16 * 1024 * 1024);
    assert.ok(honest.length < 1024 * 1024, 'a bomb: small packed');
    const refused = await create([{ field: 'file1', name: 'bomb.xlsx', data: honest, type: XLSX_TYPE }]);
    assert.equal(refused.status, 413, JSON.stringify(refused.body));
    assert.match(refused.body.status.message, /^file1 \(bomb\.xlsx\) unpacks to more than 100 MB/);
    assert.equal(refused.body.status.problems[0].field, 'file1');
    const lying = await zipBomb(SALES_SPREADSHEET_LIMITS.unpackedBytes + 16 * 1024 * 1024, 1000);
    const refusedToo = await validate([{ field: 'file1', name: 'liar.xlsx', data: lying, type: XLSX_TYPE }]);
    assert.ok(refusedToo.status === 400 || refusedToo.status === 413, JSON.stringify(refusedToo.body));
    assert.match(refusedToo.body.status.message, /^file1 \(liar\.xlsx\) /);
    assert.equal(await campaignCount(), before);
  });

  it('refuses a file over 10 MB and more files than the limit, naming them', async () => {
    const before = await campaignCount();
    const big = Buffer.concat([csv([HEADER]), Buffer.alloc(SALES_SPREADSHEET_LIMITS.fileBytes, 0x20)]);
    const refused = await create([
      { field: 'file1', name: 'good.csv', data: csv([HEADER, row(ids.digital!, -1, '7.99', '5.99')]) },
      { field: 'file2', name: 'huge.csv', data: big },
    ]);
    assert.equal(refused.status, 413, JSON.stringify(refused.body));
    assert.equal(refused.body.status.message, 'file2 (huge.csv) is larger than 10 MB.');
    const many = Array.from({ length: SALES_SPREADSHEET_LIMITS.files + 1 }, (_, index) => ({ field: `file${index + 1}`, name: `s${index + 1}.csv`, data: csv([HEADER, row(ids.digital!, -1, '7.99', '5.99')]) }));
    const tooMany = await create(many);
    assert.equal(tooMany.status, 413, JSON.stringify(tooMany.body));
    assert.equal(tooMany.body.status.message, 'At most 5 spreadsheets in one call.');
    assert.equal(await campaignCount(), before);
  });

  it('refuses more rows than the limit, reading no further (1,000,000 rows streamed in)', async () => {
    const before = await campaignCount();
    const boundary = '----rows';
    const rows = 1_000_000;
    let sent = -1;
    // The body is generated as it is read: a million rows never sit in memory.
    const payload = new Readable({
      read() {
        if (sent < 0) this.push(`--${boundary}\r\nContent-Disposition: form-data; name="file1"; filename="million.csv"\r\nContent-Type: text/csv\r\n\r\n${HEADER.join(',')}\n`);
        else if (sent < rows) this.push(`${ids.digital},Name\n`.repeat(1000));
        else {
          this.push(`\r\n--${boundary}--\r\n`);
          this.push(null);
        }
        sent += sent < 0 ? 1 : 1000;
      },
    });
    const response = await service.app.inject({
      method: 'POST',
      url: '/api/dashboard/sales/CreateFromCsv',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin}` },
    });
    assert.equal(response.statusCode, 413, response.body);
    assert.equal(response.json().status.message, `file1 (million.csv) has more than ${SALES_SPREADSHEET_LIMITS.rows} rows.`);

    const header = `${HEADER.join(',')}\n`;
    const over = Buffer.from(header + `${row(ids.digital!, -1, '7.99', '5.99').join(',')}\n` + '\n'.repeat(SALES_SPREADSHEET_LIMITS.rows));
    const refused = await create([{ field: 'file1', name: 'rows.csv', data: over }]);
    assert.equal(refused.status, 413, JSON.stringify(refused.body));
    assert.equal(refused.body.status.message, `file1 (rows.csv) has more than ${SALES_SPREADSHEET_LIMITS.rows} rows.`);
    assert.equal(await campaignCount(), before);
  });

  it('creates every file’s campaign in one call, all or nothing', async () => {
    const before = await campaignCount();
    const created = await create([
      { field: 'file2', name: 'two.csv', data: csv([HEADER, row(ids.both!, -1, '9.99', '4.99', 'Two')]) },
      { field: 'file1', name: 'one.xlsx', data: await xlsx([HEADER, row(ids.digital!, -1, '7.99', '6.99', 'One')]), type: XLSX_TYPE },
    ]);
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const createdIds: number[] = created.body.response.createdIds;
    assert.equal(createdIds.length, 2);
    const names = (await service.context.db.query<{ id: string; name: string }>('SELECT id, name FROM sales_campaigns WHERE id = ANY($1) ORDER BY id', [createdIds])).rows.map((item) => item.name);
    assert.deepEqual(names, ['One', 'Two'], 'in field order');
    assert.equal(await campaignCount(), before + 2);
  });
});

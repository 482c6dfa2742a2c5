/**
 * The reports workbook (issue 25; dashboard spec §7 Reports): one sheet per report of
 * REPORT_SHEETS, written with exceljs's streaming WorkbookWriter, so each row is committed to the
 * output as it is written and never more than one batch of rows is held, whatever the range.
 *
 * Figures come from a `ReportSource` (the commerce rollups and facts, store/report-source.ts) in
 * batches. Money cells are numbers (cents / 100) in the store currency's format, days are real
 * dates with a date format, headers bold and frozen. Nothing from the data is ever a formula: every
 * text cell is a plain string value, and text that a spreadsheet could take for a formula (starting
 * with = + - @, a tab or a carriage return) is written behind a leading apostrophe.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { REPORT_SHEETS } from '@inkwell/contracts/dashboard-analytics';

/** Calendar days, both included (YYYY-MM-DD, in the reporting zone). */
export interface ReportRange {
  start: string;
  end: string;
}

export interface SalesDayRow {
  day: string;
  orders: number;
  items: number;
  digitalItems: number;
  printItems: number;
  revenueCents: number;
  refundedCents: number;
}

export interface ProductSalesRow {
  productId: string;
  name: string;
  series: string | null;
  units: number;
  digitalUnits: number;
  printUnits: number;
  orders: number;
  revenueCents: number;
  refundedUnits: number;
  refundedCents: number;
}

export interface SeriesSalesRow {
  series: string | null;
  products: number;
  units: number;
  revenueCents: number;
  refundedCents: number;
}

export interface FormatSalesRow {
  format: string;
  units: number;
  orders: number;
  revenueCents: number;
  refundedCents: number;
}

export interface RefundRow {
  day: string;
  orderId: string;
  amountCents: number;
  full: boolean;
  products: number;
  currency: string;
}

export interface NewCustomersRow {
  day: string;
  signups: number;
}

/** Where the workbook's figures come from; each sheet's rows in batches, in order. */
export interface ReportSource {
  /** The store's currency (ISO 4217), for the money format. */
  currency(): Promise<string>;
  salesByDay(range: ReportRange): AsyncIterable<SalesDayRow[]>;
  salesByProduct(range: ReportRange): AsyncIterable<ProductSalesRow[]>;
  salesBySeries(range: ReportRange): AsyncIterable<SeriesSalesRow[]>;
  salesByFormat(range: ReportRange): AsyncIterable<FormatSalesRow[]>;
  refunds(range: ReportRange): AsyncIterable<RefundRow[]>;
  newCustomers(range: ReportRange): AsyncIterable<NewCustomersRow[]>;
}

/** Said on a series-less product's row. */
export const NO_SERIES = 'No series';
export const DATE_FORMAT = 'yyyy-mm-dd';
const COUNT_FORMAT = '#,##0';

/** `"$"#,##0.00;-"$"#,##0.00` for USD: the currency's symbol as Intl writes it in English. */
export function moneyFormat(currency: string): string {
  let symbol = currency;
  try {
    symbol = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    // An unknown code is shown as itself.
  }
  const quoted = `"${symbol.replace(/"/g, '')}"`;
  return `${quoted}#,##0.00;-${quoted}#,##0.00`;
}

/**
 * Text as a cell value: always a string (never `{ formula }`), with a leading apostrophe when a
 * spreadsheet or a CSV re-export could read it as a formula (OWASP's formula injection list).
 */
export function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A calendar day as the Date exceljs writes as that day (UTC midnight: serials carry no zone). */
export function dayAsDate(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

type Kind = 'text' | 'count' | 'money' | 'date' | 'yesNo';
interface Column<R> {
  header: string;
  width: number;
  kind: Kind;
  value: (row: R) => string | number | boolean | null;
}

interface SheetPlan<R> {
  name: (typeof REPORT_SHEETS)[number];
  columns: Column<R>[];
  rows: (source: ReportSource, range: ReportRange) => AsyncIterable<R[]>;
}

const cents = (value: number) => value / 100;

const salesByDay: SheetPlan<SalesDayRow> = {
  name: 'Sales by day',
  rows: (source, range) => source.salesByDay(range),
  columns: [
    { header: 'Day', width: 12, kind: 'date', value: (row) => row.day },
    { header: 'Orders', width: 10, kind: 'count', value: (row) => row.orders },
    { header: 'Items sold', width: 12, kind: 'count', value: (row) => row.items },
    { header: 'Digital items', width: 14, kind: 'count', value: (row) => row.digitalItems },
    { header: 'Print items', width: 12, kind: 'count', value: (row) => row.printItems },
    { header: 'Revenue', width: 14, kind: 'money', value: (row) => cents(row.revenueCents) },
    { header: 'Refunded', width: 14, kind: 'money', value: (row) => cents(row.refundedCents) },
    { header: 'Net revenue', width: 14, kind: 'money', value: (row) => cents(row.revenueCents - row.refundedCents) },
  ],
};

const salesByProduct: SheetPlan<ProductSalesRow> = {
  name: 'Sales by product',
  rows: (source, range) => source.salesByProduct(range),
  columns: [
    { header: 'Product', width: 40, kind: 'text', value: (row) => row.name || row.productId },
    { header: 'Product id', width: 38, kind: 'text', value: (row) => row.productId },
    { header: 'Series', width: 30, kind: 'text', value: (row) => row.series ?? NO_SERIES },
    { header: 'Units sold', width: 12, kind: 'count', value: (row) => row.units },
    { header: 'Digital units', width: 14, kind: 'count', value: (row) => row.digitalUnits },
    { header: 'Print units', width: 12, kind: 'count', value: (row) => row.printUnits },
    { header: 'Orders', width: 10, kind: 'count', value: (row) => row.orders },
    { header: 'Revenue', width: 14, kind: 'money', value: (row) => cents(row.revenueCents) },
    { header: 'Units refunded', width: 15, kind: 'count', value: (row) => row.refundedUnits },
    { header: 'Refunded', width: 14, kind: 'money', value: (row) => cents(row.refundedCents) },
  ],
};

const salesBySeries: SheetPlan<SeriesSalesRow> = {
  name: 'Sales by series',
  rows: (source, range) => source.salesBySeries(range),
  columns: [
    { header: 'Series', width: 40, kind: 'text', value: (row) => row.series ?? NO_SERIES },
    { header: 'Products sold', width: 14, kind: 'count', value: (row) => row.products },
    { header: 'Units sold', width: 12, kind: 'count', value: (row) => row.units },
    { header: 'Revenue', width: 14, kind: 'money', value: (row) => cents(row.revenueCents) },
    { header: 'Refunded', width: 14, kind: 'money', value: (row) => cents(row.refundedCents) },
  ],
};

const salesByFormat: SheetPlan<FormatSalesRow> = {
  name: 'Sales by format',
  rows: (source, range) => source.salesByFormat(range),
  columns: [
    { header: 'Format', width: 12, kind: 'text', value: (row) => row.format },
    { header: 'Units sold', width: 12, kind: 'count', value: (row) => row.units },
    { header: 'Orders', width: 10, kind: 'count', value: (row) => row.orders },
    { header: 'Revenue', width: 14, kind: 'money', value: (row) => cents(row.revenueCents) },
    { header: 'Refunded', width: 14, kind: 'money', value: (row) => cents(row.refundedCents) },
  ],
};

const refunds: SheetPlan<RefundRow> = {
  name: 'Refunds',
  rows: (source, range) => source.refunds(range),
  columns: [
    { header: 'Day', width: 12, kind: 'date', value: (row) => row.day },
    { header: 'Order', width: 38, kind: 'text', value: (row) => row.orderId },
    { header: 'Amount', width: 14, kind: 'money', value: (row) => cents(row.amountCents) },
    { header: 'Full refund', width: 12, kind: 'yesNo', value: (row) => row.full },
    { header: 'Products', width: 10, kind: 'count', value: (row) => row.products },
  ],
};

const newCustomers: SheetPlan<NewCustomersRow> = {
  name: 'New customers',
  rows: (source, range) => source.newCustomers(range),
  columns: [
    { header: 'Day', width: 12, kind: 'date', value: (row) => row.day },
    { header: 'New customers', width: 16, kind: 'count', value: (row) => row.signups },
  ],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each plan is typed by its own rows
const PLANS: SheetPlan<any>[] = [salesByDay, salesByProduct, salesBySeries, salesByFormat, refunds, newCustomers];

export interface WorkbookProgress {
  /** Sheets finished, of REPORT_SHEETS.length. */
  sheetsDone: number;
  /** Rows written so far (all sheets). */
  rows: number;
}

export interface WriteWorkbookOptions {
  /** Called after every batch (a job renews its lease and records progress here); may throw to stop. */
  onBatch?: (progress: WorkbookProgress) => Promise<void>;
}

function cellValue(kind: Kind, value: string | number | boolean | null): ExcelJS.CellValue {
  if (value === null) return null;
  switch (kind) {
    case 'text':
      return safeText(String(value));
    case 'date':
      return dayAsDate(String(value));
    case 'yesNo':
      return value ? 'Yes' : 'No';
    default:
      return Number(value);
  }
}

/** Waits until a writable that asked for it has drained, so a slow reader holds the writer back. */
function drained(output: Writable): Promise<void> {
  if (!output.writableNeedDrain || output.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      output.off('drain', done);
      output.off('close', done);
      resolve();
    };
    output.on('drain', done);
    output.on('close', done);
  });
}

/**
 * Writes the workbook of `range` to `output` (a file being stored, or an HTTP reply), sheet by
 * sheet in REPORT_SHEETS order, committing each row as it is written; ends `output` when done.
 * Answers the rows written.
 */
export async function writeReportWorkbook(output: Writable, source: ReportSource, range: ReportRange, options: WriteWorkbookOptions = {}): Promise<number> {
  const currency = await source.currency();
  const money = moneyFormat(currency);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Inkwell';
  workbook.created = new Date();
  let rows = 0;
  let sheetsDone = 0;
  for (const plan of PLANS) {
    const sheet = workbook.addWorksheet(plan.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = plan.columns.map((column, index) => ({
      key: String(index),
      width: column.width,
      style: column.kind === 'money' ? { numFmt: money } : column.kind === 'date' ? { numFmt: DATE_FORMAT } : column.kind === 'count' ? { numFmt: COUNT_FORMAT } : {},
    }));
    const header = sheet.addRow(plan.columns.map((column) => column.header));
    header.font = { bold: true };
    header.commit();
    for await (const batch of plan.rows(source, range)) {
      for (const item of batch) {
        const row = sheet.addRow(plan.columns.map((column) => cellValue(column.kind, column.value(item))));
        plan.columns.forEach((column, index) => {
          const cell = row.getCell(index + 1);
          if (column.kind === 'money') cell.numFmt = money;
          else if (column.kind === 'date') cell.numFmt = DATE_FORMAT;
          else if (column.kind === 'count') cell.numFmt = COUNT_FORMAT;
        });
        row.commit();
      }
      rows += batch.length;
      await drained(output);
      await options.onBatch?.({ sheetsDone, rows });
    }
    sheet.commit();
    sheetsDone += 1;
    await options.onBatch?.({ sheetsDone, rows });
  }
  await workbook.commit();
  return rows;
}

/** `inkwell-report-2025-11-01-to-2026-11-27.xlsx`. */
export function reportFileName(range: ReportRange): string {
  return `inkwell-report-${range.start}-to-${range.end}.xlsx`;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The sheets in order, as the contract names them (the plans above follow it). */
export const SHEET_NAMES: readonly string[] = PLANS.map((plan) => plan.name);

/** The default range: the last 12 full months and this one, to `today` (a day of the reporting zone). */
export function defaultReportRange(today: string): ReportRange {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - 12, 1));
  return { start: first.toISOString().slice(0, 10), end: today };
}

/* ------------------------------------------------------------------ download links */

/**
 * A report's download link is its credential (a mail reader clicking it carries no staff token):
 * `/api/analytics/reports/file/{id}?expires=<unix seconds>&signature=<HMAC-SHA256, base64url>`
 * over "id\nexpires", keyed by the service's report link key (report_link_keys, migration 006).
 */
export function signReportLink(key: Buffer, id: string, expiresAtSeconds: number): string {
  return createHmac('sha256', key).update(`report-link v1\n${id.toLowerCase()}\n${expiresAtSeconds}`).digest('base64url');
}

export type ReportLinkCheck = { valid: true; expiresAt: Date } | { valid: false; reason: 'forged' | 'expired' };

/** Forged (not signed by us for this id and expiry, or malformed) is judged before expired; constant-time comparison. */
export function checkReportLink(key: Buffer, id: string, expires: string | undefined, signature: string | undefined, now: Date): ReportLinkCheck {
  if (!expires || !signature || !/^[0-9]{1,12}$/.test(expires)) return { valid: false, reason: 'forged' };
  const expected = Buffer.from(signReportLink(key, id, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false, reason: 'forged' };
  const expiresAt = new Date(Number(expires) * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { valid: false, reason: 'expired' };
  return { valid: true, expiresAt };
}

/** The path and query of a report's download link (the gateway sends `/api/analytics…` to analytics; outside the staff area, whose guard wants a token). */
export function reportLinkPath(key: Buffer, id: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `/api/analytics/reports/file/${id}?expires=${seconds}&signature=${signReportLink(key, id, seconds)}`;
}

/** Where a job's workbook is stored: under `exports/`, a private prefix never served at /media/. */
export function reportFileKey(id: string): string {
  return `exports/reports/${id}.xlsx`;
}

import {
  DIGITAL_VARIANT_ID,
  SALES_MESSAGES,
  SALES_SHEET_COLUMNS,
  SALES_SPREADSHEET_LIMITS,
  type SalesSheetColumn,
  type SpreadsheetCampaign,
  type SpreadsheetProblem,
  type SpreadsheetReport,
} from '@inkwell/contracts/dashboard-merchandising';
import type { Queryable } from '@inkwell/platform';
import { readSheetRows, SpreadsheetRefused, unneutralised, type SheetCell, type SpreadsheetKind } from './spreadsheet-files';
import { recordAudit, type StaffActor } from '../store/audit';
import type { CatalogueChange } from '../store/catalogue-change';
import { createSalesCampaign } from '../store/merchandising-writes';
import { productsWithVariants, type CatalogueProduct } from '../store/sales-spreadsheet';

/*
 * Sales campaigns from spreadsheets (dashboard spec §7 ValidateFromCsv / CreateFromCsv): each file
 * is one campaign, one row per sales product, the columns of SALES_SHEET_COLUMNS. Rows stream in
 * and are checked a batch at a time against the catalogue (one query per batch); every problem is
 * reported with its file, sheet, row and column, and only files without any become campaigns —
 * all of them in one transaction, or none.
 */

const INT4_MAX = 2_147_483_647;
/** Rows checked against the catalogue per query. */
const LOOKUP_BATCH = 1000;
const NAME_MAX = 200;
const DESCRIPTION_MAX = 5000;

const shown = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

/** What a spreadsheet import says, beyond the spec's §5 words (SALES_MESSAGES). */
export const SALES_SHEET_MESSAGES = {
  empty: 'The file is empty: its first row must name the columns.',
  noRows: 'The file has no sales products: add a row for each product under the header.',
  missingColumn: (column: string) => `The column '${column}' is missing; the columns are ${SALES_SHEET_COLUMNS.join(', ')}.`,
  unknownColumn: (name: string) => `'${shown(name)}' is not a column of a sales campaign; the columns are ${SALES_SHEET_COLUMNS.join(', ')}.`,
  duplicateColumn: (name: string, first: string) => `The column '${name}' is there twice (also column ${first}).`,
  differs: (column: string, firstRow: number) => `${column} differs from row ${firstRow}: one file is one campaign, and every row must agree.`,
  formula: (text: string) => `'${shown(text)}' is a formula; write the value itself (formulas are never evaluated).`,
  notText: (text: string) => `'${shown(text)}' is not text.`,
  tooLong: (max: number) => `At most ${max} characters.`,
  notADate: (text: string) => `'${shown(text)}' is not a date and time in UTC, e.g. 2026-12-01T00:00:00Z.`,
  missing: (column: string) => `${column} is empty.`,
  notAProductId: (text: string) => `'${shown(text)}' is not a product id (a whole number from 1).`,
  noSuchProduct: (id: number) => `There is no product ${id}.`,
  notAVariantId: (text: string) => `'${shown(text)}' is not a variant id (-1 for Digital, or the Print variant's id).`,
  notThisProductsVariant: (variantId: number, product: CatalogueProduct) =>
    `${variantId === DIGITAL_VARIANT_ID ? 'Digital (-1)' : `Variant ${variantId}`} is not a variant of product ${product.id}; its variants: ${
      product.variants.map((variant) => (variant.type === 'Digital' ? '-1 (Digital)' : `${variant.id} (Print)`)).join(', ') || 'none'
    }.`,
  notMoney: (text: string) => `'${shown(text)}' is not money: a price is 0 or more with at most 2 decimals, e.g. 4.99.`,
  fullPriceDiffers: (given: number, actual: number, currency: string) => `The full price ${money(given)} is not the catalogue's: it is ${money(actual)} ${currency}.`,
  currencyDiffers: (given: string, actual: string) => `'${shown(given)}' is not the variant's currency: it is ${actual}.`,
  twice: (productId: number, variantId: number, row: number) => `Product ${productId}, variant ${variantId}, is already on row ${row}.`,
  // The campaign editor's rule too (domain/sales-rules.ts): a sale never raises a price.
  discountAboveFull: (discount: number, full: number, currency: string) => `The discount price ${money(discount)} is above the full price ${money(full)} ${currency}.`,
} as const;

function money(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A file received and spooled: its multipart field, its name as uploaded, where it lies, what it is. */
export interface UploadedSpreadsheet {
  field: string;
  fileName: string;
  path: string;
  kind: SpreadsheetKind;
}

/** A file without problems: the campaign it creates. */
export interface ValidSpreadsheetCampaign {
  summary: SpreadsheetCampaign;
  products: Array<{ productId: number; variantType: 'Digital' | 'Print'; discountPriceCents: number }>;
}

/** A file that cannot be read at all (not a workbook, a zip bomb, too many rows): the whole call is refused naming it. */
export class SpreadsheetFileRefused extends Error {
  constructor(
    readonly file: UploadedSpreadsheet,
    readonly refusal: SpreadsheetRefused,
  ) {
    super(refusal.message);
    this.name = 'SpreadsheetFileRefused';
  }
}

class Problems {
  readonly listed: SpreadsheetProblem[] = [];
  count = 0;

  constructor(private readonly limit: number) {}

  add(problem: SpreadsheetProblem): void {
    this.count += 1;
    if (this.listed.length < this.limit) this.listed.push(problem);
  }
}

type Outcome<T> = { value: T } | { problem: string };

function text(cell: SheetCell | undefined): Outcome<string> {
  if (!cell || cell.kind === 'empty') return { value: '' };
  switch (cell.kind) {
    case 'text':
      return { value: unneutralised(cell.text).trim() };
    case 'number':
      return { value: String(cell.value) };
    case 'date':
      return { value: cell.value.toISOString() };
    case 'formula':
      return { problem: SALES_SHEET_MESSAGES.formula(cell.text) };
    default:
      return { problem: SALES_SHEET_MESSAGES.notText(cell.text) };
  }
}

function cellText(cell: SheetCell | undefined): string {
  if (!cell || cell.kind === 'empty') return '';
  if (cell.kind === 'number') return String(cell.value);
  if (cell.kind === 'date') return cell.value.toISOString();
  return cell.text;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** An instant: a date cell, or ISO 8601 text (no zone means UTC); null when empty. */
function instant(cell: SheetCell | undefined): Outcome<Date | null> {
  if (!cell || cell.kind === 'empty') return { value: null };
  if (cell.kind === 'date') return { value: cell.value };
  if (cell.kind === 'formula') return { problem: SALES_SHEET_MESSAGES.formula(cell.text) };
  const raw = cellText(cell);
  const value = unneutralised(raw).trim();
  const match = ISO.exec(value);
  if (!match) return { problem: SALES_SHEET_MESSAGES.notADate(raw) };
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // The parts as written must be a real date and time (no 31 February, no 25:00).
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day || utc.getUTCHours() !== hour || utc.getUTCMinutes() !== minute || utc.getUTCSeconds() !== second) {
    return { problem: SALES_SHEET_MESSAGES.notADate(raw) };
  }
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.replace(':', '');
    const sign = digits.startsWith('-') ? -1 : 1;
    offsetMinutes = sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
  }
  const milliseconds = fraction ? Math.floor(Number(fraction) * 1000) : 0;
  return { value: new Date(utc.getTime() - offsetMinutes * 60_000 + milliseconds) };
}

/** Money in cents: a number with at most 2 decimals, or such a number as text; never negative, never a formula. */
function cents(cell: SheetCell | undefined, column: string): Outcome<number> {
  if (!cell || cell.kind === 'empty') return { problem: SALES_SHEET_MESSAGES.missing(column) };
  if (cell.kind === 'formula') return { problem: SALES_SHEET_MESSAGES.formula(cell.text) };
  if (cell.kind === 'number') {
    const scaled = cell.value * 100;
    const whole = Math.round(scaled);
    if (cell.value < 0 || Math.abs(scaled - whole) > 1e-6 || whole > INT4_MAX) return { problem: SALES_SHEET_MESSAGES.notMoney(String(cell.value)) };
    return { value: whole };
  }
  if (cell.kind === 'text') {
    const value = cell.text.trim();
    const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(value);
    if (!match) return { problem: SALES_SHEET_MESSAGES.notMoney(cell.text) };
    return { value: Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) };
  }
  return { problem: SALES_SHEET_MESSAGES.notMoney(cellText(cell)) };
}

/** A whole number (an id), from a number or digits as text. */
function integer(cell: SheetCell | undefined): Outcome<number | null> {
  if (!cell || cell.kind === 'empty') return { value: null };
  if (cell.kind === 'formula') return { problem: SALES_SHEET_MESSAGES.formula(cell.text) };
  if (cell.kind === 'number') return Number.isSafeInteger(cell.value) ? { value: cell.value } : { problem: '' };
  if (cell.kind === 'text' && /^\s*-?\d{1,16}\s*$/.test(cell.text)) {
    const value = Number(cell.text.trim());
    return Number.isSafeInteger(value) ? { value } : { problem: '' };
  }
  return { problem: '' };
}

interface CampaignFields {
  row: number;
  name: string;
  description: string;
  /** As read, to compare rows. */
  start: string;
  end: string;
  startDate: Date | null;
  endDate: Date | null;
}

interface PendingRow {
  row: number;
  productId: number;
  variantId: number;
  fullPrice: number | null;
  discountPrice: number | null;
  currency: string;
}

/** Reads and checks one file; adds its problems; the campaign when it has none. */
async function readCampaign(db: Queryable, file: UploadedSpreadsheet, problems: Problems): Promise<ValidSpreadsheetCampaign | null> {
  const before = problems.count;
  let sheet = file.fileName;
  const report = (row: number | null, column: string | null, message: string) => problems.add({ file: file.field, sheet, row, column, message });
  let columns: Map<SalesSheetColumn, number> | null = null;
  let campaign: CampaignFields | null = null;
  const seen = new Map<string, number>();
  const products: ValidSpreadsheetCampaign['products'] = [];
  let unchangedCount = 0;
  let pending: PendingRow[] = [];

  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const catalogue = await productsWithVariants(
      db,
      batch.map((row) => row.productId),
    );
    for (const row of batch) {
      const product = catalogue.get(row.productId);
      if (!product) {
        report(row.row, 'Product Id', SALES_SHEET_MESSAGES.noSuchProduct(row.productId));
        continue;
      }
      const variant = product.variants.find((candidate) => (row.variantId === DIGITAL_VARIANT_ID ? candidate.type === 'Digital' : candidate.type === 'Print' && candidate.id === row.variantId));
      if (!variant) {
        report(row.row, 'Variant Id', SALES_SHEET_MESSAGES.notThisProductsVariant(row.variantId, product));
        continue;
      }
      let fine = true;
      if (row.currency && row.currency.toUpperCase() !== variant.currency) {
        report(row.row, 'Currency', SALES_SHEET_MESSAGES.currencyDiffers(row.currency, variant.currency));
        fine = false;
      }
      if (row.fullPrice !== null && row.fullPrice !== variant.priceCents) {
        report(row.row, 'Full Price', SALES_SHEET_MESSAGES.fullPriceDiffers(row.fullPrice, variant.priceCents, variant.currency));
        fine = false;
      }
      if (row.discountPrice !== null && row.discountPrice > variant.priceCents) {
        report(row.row, 'Discount Price', SALES_SHEET_MESSAGES.discountAboveFull(row.discountPrice, variant.priceCents, variant.currency));
        fine = false;
      }
      if (!fine || row.discountPrice === null || row.fullPrice === null) continue;
      if (row.discountPrice === variant.priceCents) unchangedCount += 1;
      else products.push({ productId: row.productId, variantType: variant.type, discountPriceCents: row.discountPrice });
    }
  };

  for await (const line of readSheetRows(file.path, file.kind, {
    csvSheetName: file.fileName.replace(/\.[^.]*$/, '') || file.fileName,
    maxRows: SALES_SPREADSHEET_LIMITS.rows + 1,
    unpackedBytes: SALES_SPREADSHEET_LIMITS.unpackedBytes,
  })) {
    sheet = line.sheet;
    if (line.cells.every((cell) => cell.kind === 'empty')) continue;
    if (!columns) {
      columns = new Map();
      const firstSeen = new Map<string, string>();
      line.cells.forEach((cell, index) => {
        const name = cell.kind === 'empty' ? '' : cellText(cell).trim();
        if (!name) return;
        const letter = columnLetter(index);
        const known = SALES_SHEET_COLUMNS.find((column) => column.toLowerCase() === name.toLowerCase());
        if (!known) return report(line.row, name, SALES_SHEET_MESSAGES.unknownColumn(name));
        if (firstSeen.has(known)) return report(line.row, known, SALES_SHEET_MESSAGES.duplicateColumn(known, firstSeen.get(known)!));
        firstSeen.set(known, letter);
        columns!.set(known, index);
      });
      const missing = SALES_SHEET_COLUMNS.filter((column) => !columns!.has(column));
      for (const column of missing) report(line.row, column, SALES_SHEET_MESSAGES.missingColumn(column));
      // Without every column the rows cannot be read as the header says (an unknown or repeated one is only reported).
      if (missing.length > 0) return null;
      continue;
    }
    const at = (column: SalesSheetColumn) => line.cells[columns!.get(column)!];
    const problemAt = (column: SalesSheetColumn, outcome: { problem: string }) => report(line.row, column, outcome.problem);

    // The campaign's own fields: read from the first row, and every later row must agree.
    const name = text(at('Campaign'));
    const description = text(at('Description'));
    const start = instant(at('Start Date (UTC)'));
    const end = instant(at('End Date (UTC)'));
    const startText = cellText(at('Start Date (UTC)')).trim();
    const endText = cellText(at('End Date (UTC)')).trim();
    if (!campaign) {
      campaign = {
        row: line.row,
        name: 'value' in name ? name.value : '',
        description: 'value' in description ? description.value : '',
        start: startText,
        end: endText,
        startDate: 'value' in start ? start.value : null,
        endDate: 'value' in end ? end.value : null,
      };
      if ('problem' in name) problemAt('Campaign', name);
      else if (!name.value) report(line.row, 'Campaign', SALES_MESSAGES.missing);
      else if (name.value.length > NAME_MAX) report(line.row, 'Campaign', SALES_SHEET_MESSAGES.tooLong(NAME_MAX));
      if ('problem' in description) problemAt('Description', description);
      else if (description.value.length > DESCRIPTION_MAX) report(line.row, 'Description', SALES_SHEET_MESSAGES.tooLong(DESCRIPTION_MAX));
      if ('problem' in start) problemAt('Start Date (UTC)', start);
      else if (!start.value) report(line.row, 'Start Date (UTC)', SALES_MESSAGES.missing);
      if ('problem' in end) problemAt('End Date (UTC)', end);
      else if (!end.value) report(line.row, 'End Date (UTC)', SALES_MESSAGES.missing);
      if (campaign.startDate && campaign.endDate && campaign.endDate.getTime() < campaign.startDate.getTime()) report(line.row, 'End Date (UTC)', SALES_MESSAGES.endBeforeStart);
    } else {
      const first = campaign;
      const agree: Array<[SalesSheetColumn, boolean]> = [
        ['Campaign', ('value' in name ? name.value : cellText(at('Campaign'))) === first.name],
        ['Description', ('value' in description ? description.value : cellText(at('Description'))) === first.description],
        ['Start Date (UTC)', 'value' in start && first.startDate && start.value ? start.value.getTime() === first.startDate.getTime() : startText === first.start],
        ['End Date (UTC)', 'value' in end && first.endDate && end.value ? end.value.getTime() === first.endDate.getTime() : endText === first.end],
      ];
      for (const [column, same] of agree) if (!same) report(line.row, column, SALES_SHEET_MESSAGES.differs(column, first.row));
    }

    // The product: its id, its variant and prices, checked against the catalogue in batches.
    for (const column of ['Product Name', 'Series Id'] as const) {
      const cell = at(column);
      if (cell?.kind === 'formula') report(line.row, column, SALES_SHEET_MESSAGES.formula(cell.text));
    }
    const productId = integer(at('Product Id'));
    const variantId = integer(at('Variant Id'));
    const currency = text(at('Currency'));
    const fullPrice = cents(at('Full Price'), 'Full Price');
    const discountPrice = cents(at('Discount Price'), 'Discount Price');
    let fine = true;
    if (!('value' in productId) || productId.value === null || productId.value < 1) {
      report(line.row, 'Product Id', 'problem' in productId && productId.problem ? productId.problem : SALES_SHEET_MESSAGES.notAProductId(cellText(at('Product Id'))));
      fine = false;
    }
    if (!('value' in variantId) || variantId.value === null || (variantId.value < 1 && variantId.value !== DIGITAL_VARIANT_ID)) {
      report(line.row, 'Variant Id', 'problem' in variantId && variantId.problem ? variantId.problem : SALES_SHEET_MESSAGES.notAVariantId(cellText(at('Variant Id'))));
      fine = false;
    }
    if ('problem' in currency) {
      problemAt('Currency', currency);
      fine = false;
    }
    if ('problem' in fullPrice) problemAt('Full Price', fullPrice);
    if ('problem' in discountPrice) problemAt('Discount Price', discountPrice);
    if (!fine || !('value' in productId) || !('value' in variantId) || productId.value === null || variantId.value === null) continue;
    const key = `${productId.value}:${variantId.value}`;
    const already = seen.get(key);
    if (already !== undefined) {
      report(line.row, 'Variant Id', SALES_SHEET_MESSAGES.twice(productId.value, variantId.value, already));
      continue;
    }
    seen.set(key, line.row);
    pending.push({
      row: line.row,
      productId: productId.value,
      variantId: variantId.value,
      currency: 'value' in currency ? currency.value : '',
      fullPrice: 'value' in fullPrice ? fullPrice.value : null,
      discountPrice: 'value' in discountPrice ? discountPrice.value : null,
    });
    if (pending.length >= LOOKUP_BATCH) await flush();
  }
  await flush();

  if (!columns) report(null, null, SALES_SHEET_MESSAGES.empty);
  else if (!campaign) report(null, null, SALES_SHEET_MESSAGES.noRows);
  if (problems.count > before || !campaign || !campaign.startDate || !campaign.endDate) return null;
  return {
    summary: {
      file: file.field,
      fileName: file.fileName,
      name: campaign.name,
      description: campaign.description,
      startDate: campaign.startDate.toISOString(),
      endDate: campaign.endDate.toISOString(),
      productCount: products.length,
      unchangedCount,
    },
    products,
  };
}

function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Checks every file; nothing is written. The report lists every problem (up to the limit) and what each valid file would create. */
export async function validateSpreadsheets(db: Queryable, files: readonly UploadedSpreadsheet[]): Promise<{ report: SpreadsheetReport; campaigns: ValidSpreadsheetCampaign[] }> {
  const problems = new Problems(SALES_SPREADSHEET_LIMITS.problems);
  const campaigns: ValidSpreadsheetCampaign[] = [];
  for (const file of files) {
    try {
      const campaign = await readCampaign(db, file, problems);
      if (campaign) campaigns.push(campaign);
    } catch (error) {
      if (error instanceof SpreadsheetRefused) throw new SpreadsheetFileRefused(file, error);
      throw error;
    }
  }
  const valid = problems.count === 0 && campaigns.length === files.length && files.length > 0;
  return { report: { valid, campaigns: campaigns.map((campaign) => campaign.summary), problems: problems.listed, problemCount: problems.count, createdIds: [] }, campaigns };
}

/**
 * Creates each file's campaign as a Draft, in the caller's transaction (all or none), with an
 * audit entry ('imported') and the salesCampaignChanged event each; answers their ids in file order.
 */
export async function createImportedCampaigns(change: CatalogueChange, actor: StaffActor, campaigns: readonly ValidSpreadsheetCampaign[]): Promise<number[]> {
  const ids: number[] = [];
  for (const campaign of campaigns) {
    const { summary } = campaign;
    const id = await createSalesCampaign(change, {
      name: summary.name,
      description: summary.description,
      startDate: new Date(summary.startDate),
      endDate: new Date(summary.endDate),
      status: 'Draft',
      products: campaign.products,
    });
    await recordAudit(change.tx, {
      entity: 'sales-campaign',
      entityId: id,
      action: 'imported',
      actor,
      changes: { file: { from: null, to: summary.fileName }, products: { from: null, to: summary.productCount }, unchanged: { from: null, to: summary.unchangedCount } },
    });
    ids.push(id);
  }
  return ids;
}

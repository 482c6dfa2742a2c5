import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';

/*
 * Spreadsheet cells in and out: the only module that knows exceljs and csv-parse. Reading streams
 * a file row by row (never the whole sheet in memory); writing streams rows out as they come.
 * A cell is read as what it is — text, a number, a date, a formula (never evaluated) — and the
 * callers decide what each column may hold.
 */

export type SheetCell =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'date'; value: Date }
  | { kind: 'formula'; text: string }
  /** A boolean, an error value or anything else a column of ours never holds; `text` as it shows. */
  | { kind: 'other'; text: string };

/** One row as the spreadsheet numbers it (1 is the first), its cells by 0-based column. */
export interface SheetRow {
  sheet: string;
  row: number;
  cells: SheetCell[];
}

export type SpreadsheetKind = 'xlsx' | 'csv';

/** Why a file cannot be read at all (the caller names the file in its answer). */
export type SpreadsheetRefusalReason = 'type' | 'rows' | 'unpacked' | 'corrupt';

export class SpreadsheetRefused extends Error {
  constructor(
    readonly reason: SpreadsheetRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'SpreadsheetRefused';
  }
}

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const ZIP_DESCRIPTOR = 0x08074b50;
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * What a file is, by its first bytes and then its name: a ZIP is an .xlsx (its parts are checked
 * when read), text named .csv (or text with no name a spreadsheet would have) is a CSV; null for
 * anything else (an old binary .xls, an image, a PDF …).
 */
export function sniffSpreadsheet(head: Buffer, fileName: string): SpreadsheetKind | null {
  const extension = path.extname(fileName).toLowerCase();
  if (head.length >= 4 && head.readUInt32LE(0) === ZIP_LOCAL) return extension === '.csv' ? null : 'xlsx';
  if (head.subarray(0, 8).equals(OLE_MAGIC)) return null;
  if (extension === '.xlsx' || extension === '.xls' || extension === '.xlsm') return null;
  if (extension !== '.csv' && extension !== '.txt' && extension !== '') return null;
  // Text: no NUL byte (UTF-16 and binaries have them); a file named .csv may be in a legacy encoding
  // (Excel on Windows writes Windows-1252), anything else must be UTF-8 (a truncated last character of the head is fine).
  if (head.includes(0)) return null;
  if (extension === '.csv') return 'csv';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const replaced = (text.match(/\uFFFD/g) ?? []).length;
  return replaced > 1 ? null : 'csv';
}

/** The first bytes of a file, to sniff. */
export async function readHead(file: string, bytes = 4096): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

interface ZipEntryInfo {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  offset: number;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * Refuses an .xlsx that would unpack beyond `limit` bytes — a zip bomb — without inflating more
 * than `limit`: the central directory's sizes are summed first, then each entry is inflated into
 * a counter that stops at the limit (sizes may lie). Entries must lie end to end as the directory
 * lists them, so no part hides from the count; ZIP64 (never needed under the upload limit) and
 * methods other than store and deflate are refused.
 */
export async function checkZipUnpackedSize(file: string, limit: number): Promise<void> {
  const corrupt = (detail: string) => new SpreadsheetRefused('corrupt', `is not a readable .xlsx workbook (${detail})`);
  const bomb = () => new SpreadsheetRefused('unpacked', `unpacks to more than ${Math.round(limit / (1024 * 1024))} MB (a workbook that large is refused unread)`);
  const handle = await open(file, 'r');
  const entries: ZipEntryInfo[] = [];
  let directoryOffset: number;
  try {
    const { size: fileSize } = await handle.stat();
    const tailLength = Math.min(fileSize, 22 + 0xffff);
    const tail = await readAt(handle, fileSize - tailLength, tailLength);
    let end = -1;
    for (let index = tail.length - 22; index >= 0; index--) {
      if (tail.readUInt32LE(index) === ZIP_END) {
        end = index;
        break;
      }
    }
    if (end < 0) throw corrupt('no end of central directory');
    const count = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    directoryOffset = tail.readUInt32LE(end + 16);
    if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw corrupt('ZIP64');
    if (directoryOffset + directorySize > fileSize) throw corrupt('central directory out of bounds');
    const directory = await readAt(handle, directoryOffset, directorySize);
    let at = 0;
    let declared = 0;
    for (let index = 0; index < count; index++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== ZIP_CENTRAL) throw corrupt('bad central directory');
      const entry: ZipEntryInfo = {
        flags: directory.readUInt16LE(at + 8),
        method: directory.readUInt16LE(at + 10),
        compressedSize: directory.readUInt32LE(at + 20),
        size: directory.readUInt32LE(at + 24),
        offset: directory.readUInt32LE(at + 42),
        name: '',
      };
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      entry.name = directory.subarray(at + 46, at + 46 + nameLength).toString('utf8');
      if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff || entry.offset === 0xffffffff) throw corrupt('ZIP64');
      if (entry.method !== 0 && entry.method !== 8) throw corrupt(`compression method ${entry.method}`);
      if (entry.flags & 0x1) throw corrupt('encrypted');
      declared += entry.size;
      if (declared > limit) throw bomb();
      entries.push(entry);
      at += 46 + nameLength + extraLength + commentLength;
    }
    // Entries end to end from the start to the directory: nothing unlisted for a streaming reader to find.
    entries.sort((a, b) => a.offset - b.offset);
    let expected = 0;
    const starts: number[] = [];
    for (const entry of entries) {
      if (entry.offset !== expected) throw corrupt('entries do not match the central directory');
      const local = await readAt(handle, entry.offset, 30);
      if (local.length < 30 || local.readUInt32LE(0) !== ZIP_LOCAL) throw corrupt('bad local header');
      const start = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      starts.push(start);
      let next = start + entry.compressedSize;
      if (entry.flags & 0x8) {
        const descriptor = await readAt(handle, next, 4);
        next += descriptor.length === 4 && descriptor.readUInt32LE(0) === ZIP_DESCRIPTOR ? 16 : 12;
      }
      expected = next;
    }
    if (expected !== directoryOffset) throw corrupt('entries do not match the central directory');

    // Inflate into a counter: the true size, stopped as soon as the total passes the limit.
    let inflated = 0;
    for (const [index, entry] of entries.entries()) {
      if (entry.compressedSize === 0) continue;
      const source = createReadStream(file, { start: starts[index]!, end: starts[index]! + entry.compressedSize - 1 });
      let entryBytes = 0;
      const counter = new Writable({
        write(chunk: Buffer, _encoding, done) {
          entryBytes += chunk.length;
          inflated += chunk.length;
          done(inflated > limit ? bomb() : entryBytes > entry.size ? corrupt(`${entry.name} is larger than it says`) : null);
        },
      });
      try {
        if (entry.method === 0) await pipeline(source, counter);
        else await pipeline(source, createInflateRaw(), counter);
      } catch (error) {
        if (error instanceof SpreadsheetRefused) throw error;
        throw corrupt(`${entry.name} cannot be inflated`);
      }
    }
  } finally {
    await handle.close();
  }
}

/** Whether a file is valid UTF-8 throughout (else a CSV is read as Latin-1, the nearest to Excel's Windows-1252). */
async function isUtf8(file: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

function cellOf(value: unknown): SheetCell {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'string') return value.trim() === '' ? { kind: 'empty' } : { kind: 'text', text: value };
  if (typeof value === 'number') return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'other', text: String(value) };
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { kind: 'other', text: 'an invalid date' } : { kind: 'date', value };
  if (typeof value === 'boolean') return { kind: 'other', text: value ? 'TRUE' : 'FALSE' };
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('formula' in record || 'sharedFormula' in record) return { kind: 'formula', text: `=${String(record.formula ?? record.sharedFormula ?? '')}` };
    if (Array.isArray(record.richText)) return cellOf((record.richText as Array<{ text?: string }>).map((run) => run.text ?? '').join(''));
    if ('error' in record) return { kind: 'other', text: String(record.error) };
    if ('text' in record) return cellOf(record.text);
  }
  return { kind: 'other', text: String(value) };
}

/** A CSV cell: text, or a formula when it starts with '=' (what a spreadsheet would evaluate). */
function csvCell(text: string): SheetCell {
  if (text.trim() === '') return { kind: 'empty' };
  if (text.startsWith('=')) return { kind: 'formula', text };
  return { kind: 'text', text };
}

export interface ReadOptions {
  /** Name of the sheet of a CSV (a CSV has none; Excel shows the file's name). */
  csvSheetName: string;
  /** Rows read (the header included) past which reading stops with a 'rows' refusal. */
  maxRows: number;
  /** Bytes an .xlsx may unpack to. */
  unpackedBytes: number;
}

/**
 * The rows of the first worksheet of an .xlsx (checked against zip bombs first), or of a CSV,
 * one at a time. Stops with SpreadsheetRefused('rows') at the first row past `maxRows`.
 */
export async function* readSheetRows(file: string, kind: SpreadsheetKind, options: ReadOptions): AsyncGenerator<SheetRow> {
  let count = 0;
  const counted = () => {
    count += 1;
    if (count > options.maxRows) throw new SpreadsheetRefused('rows', `has more than ${options.maxRows - 1} rows`);
  };
  if (kind === 'csv') {
    const encoding = (await isUtf8(file)) ? 'utf8' : 'latin1';
    const parser = createReadStream(file).pipe(parseCsv({ encoding, bom: true, relax_column_count: true, skip_empty_lines: false, max_record_size: 1024 * 1024 }));
    let row = 0;
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        row += 1;
        counted();
        yield { sheet: options.csvSheetName, row, cells: record.map(csvCell) };
      }
    } catch (error) {
      if (error instanceof SpreadsheetRefused) throw error;
      throw new SpreadsheetRefused('corrupt', `is not a readable CSV file (${(error as Error).message})`);
    } finally {
      parser.destroy();
    }
    return;
  }
  await checkZipUnpackedSize(file, options.unpackedBytes);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore' });
  let first = true;
  try {
    for await (const worksheet of workbook) {
      const reader = worksheet as unknown as AsyncIterable<ExcelJS.Row> & { name?: string };
      if (!first) {
        // Later sheets are not the campaign's; drained unread.
        for await (const _ of reader) void _;
        continue;
      }
      first = false;
      const sheet = reader.name ?? 'Sheet1';
      for await (const row of reader) {
        counted();
        const values = row.values as unknown[];
        const cells: SheetCell[] = [];
        for (let column = 1; column < values.length; column++) cells.push(cellOf(values[column]));
        yield { sheet, row: row.number, cells };
      }
    }
  } catch (error) {
    if (error instanceof SpreadsheetRefused) throw error;
    throw new SpreadsheetRefused('corrupt', `is not a readable .xlsx workbook (${(error as Error).message})`);
  } finally {
    // A caller that stops early (a header without its columns) leaves the file open otherwise.
    (workbook as unknown as { stream?: { destroy(): void } }).stream?.destroy();
  }
}

/** Text a spreadsheet would take for a formula (= + - @, a tab or a carriage return first) is written after a ', so none is evaluated. */
export function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The reverse of `neutralised`, for text read back from a sheet we wrote. */
export function unneutralised(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

export type OutCell = string | number | null;

export interface SheetColumn {
  header: string;
  width?: number;
  /** Excel number format, e.g. '0.00' for money. */
  numFmt?: string;
}

/**
 * Streams an .xlsx of one sheet into `out`: the header row, then every row of `rows` as it comes
 * (each committed at once, so memory stays flat). Text cells are neutralised against formula
 * injection. Resolves when the workbook is written.
 */
export async function writeSheet(out: Writable, sheetName: string, columns: readonly SheetColumn[], rows: AsyncIterable<readonly OutCell[]>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Sheet1');
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width ?? 16, style: column.numFmt ? { numFmt: column.numFmt } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const values of rows) {
    const row = sheet.addRow(values.map((value) => (typeof value === 'string' ? neutralised(value) : value)));
    row.commit();
    // Let the output drain when it is slow (a client reading a big export).
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}


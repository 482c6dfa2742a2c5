/**
 * The baseline of bench/merchandising.ts, in a process of its own: reads a workbook with exceljs's
 * streaming reader alone (every cell of every row touched, nothing else done) and reports the time
 * and peak memory of the read to the parent.
 */
import ExcelJS from 'exceljs';
import { watchMemory } from './merchandising-memory';

const file = process.argv[2];
if (!file || !process.send) throw new Error('usage: merchandising-read <file.xlsx>, started with an IPC channel');
const watch = watchMemory();
const started = process.hrtime.bigint();
let rows = 0;
let cells = 0;
const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore' });
for await (const sheet of reader) {
  for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
    rows += 1;
    for (const value of row.values as unknown[]) if (value !== undefined) cells += 1;
  }
}
const ms = Number(process.hrtime.bigint() - started) / 1e6;
process.send({ ms, rows, cells, memory: watch.stop() }, () => process.exit(0));

/**
 * Sales campaign spreadsheets benchmark (issue 22): the time and peak memory of validating and
 * creating a campaign from a workbook of demo products (ValidateFromCsv, CreateFromCsv) and of
 * exporting it again (exportAsExcel), each next to reading the same workbook with exceljs alone in
 * a process of its own (the baseline), measured in the same run and printed as ratios. Run at
 * several sizes to show memory staying flat as rows grow.
 *
 *   TEST_DATABASE_URL=postgres://… npx tsx bench/merchandising.ts [--rows 2500,5000,10000] [--rounds 3]
 *                                                               [--home-runs 3] [--no-home]
 *
 * The catalog runs alone in a process of its own (bench/support/merchandising-server.ts) on a fresh
 * database of the Postgres at TEST_DATABASE_URL, with the demo catalogue and copies of its products
 * (so the largest workbook names no variant twice). Times are wall-clock from this process (the
 * upload and download over loopback included); memory is each process's own: the resident set's
 * peak (Linux VmHWM, reset before each step) and the V8 heap's peak, both as growth over the value
 * when the step started. Nothing here is asserted: the targets are printed met or NOT MET.
 *
 * Targets (issue 22): each step within 3× of the bare read's time; memory flat as rows grow (peak
 * growth at the largest size within 2× of the smallest's, while the rows grow 4×); and the storefront
 * home with a curated wheel and six carousels within the web-vitals targets (bench/support/
 * curated-home.ts, after the spreadsheets; `npm run build` first, `--no-home` to skip it).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { SALES_SHEET_COLUMNS } from '@inkwell/contracts/dashboard-merchandising';
import { measureCuratedHome } from './support/curated-home';
import { saveResults, stopProcesses } from './support/outcome';
import type { MemoryPeak } from './support/merchandising-memory';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const text = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const SIZES = (text('rows') ?? '2500,5000,10000').split(',').map(Number);
const ROUNDS = Number(text('rounds') ?? 3);
if (SIZES.some((size) => !Number.isInteger(size) || size < 1 || size > 20_000)) throw new Error('--rows: sizes from 1 to 20000, comma separated');
if (!process.env.TEST_DATABASE_URL) throw new Error('set TEST_DATABASE_URL to a PostgreSQL server (the catalog gets a fresh database there)');

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;
const processes: ChildProcess[] = [];

interface Variant {
  productId: number;
  name: string;
  seriesId: number | null;
  variantId: number;
  currency: string;
  priceCents: number;
}

function startProcess<T>(script: string, scriptArgs: string[], execArgv: string[] = []): { child: ChildProcess; first: Promise<T> } {
  const child = fork(path.join(here, 'support', script), scriptArgs, { execArgv: ['--import', 'tsx', ...execArgv], env: { ...process.env, LOG_LEVEL: 'error' }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  processes.push(child);
  const first = new Promise<T>((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it answered`)));
  });
  return { child, first };
}

const nextMessage = <T>(child: ChildProcess, type: string) =>
  new Promise<T>((resolve) => {
    const listen = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', listen);
      resolve(message as T);
    };
    child.on('message', listen);
  });

/** A campaign workbook of the first `rows` variants, written with exceljs's streaming writer (money as numbers with 2 places). */
async function buildWorkbook(file: string, variants: readonly Variant[], rows: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Sales products');
  sheet.columns = SALES_SHEET_COLUMNS.map((header) => ({ header, width: 16, style: header.endsWith('Price') ? { numFmt: '0.00' } : {} }));
  sheet.getRow(1).commit();
  for (const variant of variants.slice(0, rows)) {
    const discount = Math.floor(variant.priceCents * 0.8);
    sheet
      .addRow([
        `Bench sale of ${rows} rows`,
        'Every product 20% off',
        '2026-12-01T00:00:00.000Z',
        '2026-12-31T23:59:59.000Z',
        variant.productId,
        variant.name,
        variant.seriesId,
        variant.variantId,
        variant.currency,
        variant.priceCents / 100,
        discount / 100,
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

interface Step {
  ms: number;
  memory: MemoryPeak;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const rssGrowth = (step: Step) => Math.max(0, step.memory.rssPeak - step.memory.rssStart);
const heapGrowth = (step: Step) => Math.max(0, step.memory.heapPeak - step.memory.heapStart);
const mb = (bytes: number) => (bytes / MB).toFixed(1);

try {
  const largest = Math.max(...SIZES);
  console.log(`Starting the catalog with the demo catalogue and copies of it up to ${largest} variants ...`);
  const server = startProcess<{ type: 'ready'; url: string; token: string; demoVariants: number; variants: Variant[] }>('merchandising-server.ts', [String(largest)], ['--expose-gc']);
  const ready = await server.first;
  const { url, token } = ready;
  if (ready.variants.length < largest) throw new Error(`only ${ready.variants.length} variants for ${largest} rows`);
  console.log(`The catalog has ${ready.variants.length} variants (${ready.demoVariants} of them the demo's own); ${ROUNDS} round(s) per size, ${os.cpus().length} cores.`);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'inkwell-bench-merch-'));

  /** One call to the catalog, timed here, its memory watched there. */
  const measured = async (call: () => Promise<Response>): Promise<Step & { body: unknown }> => {
    const watching = nextMessage(server.child, 'watching');
    server.child.send({ type: 'watch' });
    await watching;
    const started = performance.now();
    const response = await call();
    const bytes = Buffer.from(await response.arrayBuffer());
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${bytes.toString('utf8').slice(0, 500)}`);
    const peak = nextMessage<{ memory: MemoryPeak }>(server.child, 'peak');
    server.child.send({ type: 'peak' });
    const { memory } = await peak;
    const json = response.headers.get('content-type')?.includes('json') ? (JSON.parse(bytes.toString('utf8')) as unknown) : bytes;
    return { ms, memory, body: json };
  };
  const upload = (endpoint: string, workbook: Buffer, name: string) => () => {
    const form = new FormData();
    form.append('file1', new Blob([workbook], { type: XLSX }), name);
    return fetch(`${url}/api/dashboard/sales/${endpoint}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  };

  const results: Array<{ rows: number; fileBytes: number; steps: Record<string, Step[]> }> = [];
  for (const rows of SIZES) {
    const file = path.join(folder, `campaign-${rows}.xlsx`);
    await buildWorkbook(file, ready.variants, rows);
    const workbook = await readFile(file);
    const fileBytes = (await stat(file)).size;
    console.log(`\n${rows} rows (${(fileBytes / 1024).toFixed(0)} KB workbook) ...`);
    const steps: Record<string, Step[]> = { read: [], validate: [], create: [], export: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      const reader = startProcess<{ ms: number; rows: number; memory: MemoryPeak }>('merchandising-read.ts', [file], ['--expose-gc']);
      const read = await reader.first;
      if (read.rows !== rows + 1) throw new Error(`the bare read saw ${read.rows} rows, not ${rows + 1}`);
      steps.read!.push(read);
      const validated = await measured(upload('ValidateFromCsv', workbook, `campaign-${rows}.xlsx`));
      const report = (validated.body as { response: { valid: boolean; problemCount: number; campaigns: Array<{ productCount: number; unchangedCount: number }> } }).response;
      if (!report.valid) throw new Error(`the workbook of ${rows} rows is not valid: ${JSON.stringify(report).slice(0, 500)}`);
      if (report.campaigns[0]!.productCount + report.campaigns[0]!.unchangedCount !== rows) throw new Error('validation did not count every row');
      steps.validate!.push(validated);
      const created = await measured(upload('CreateFromCsv', workbook, `campaign-${rows}.xlsx`));
      const [id] = (created.body as { response: { createdIds: number[] } }).response.createdIds;
      steps.create!.push(created);
      const exported = await measured(() => fetch(`${url}/api/dashboard/sales/exportAsExcel/${id}`, { headers: { authorization: `Bearer ${token}` } }));
      steps.export!.push(exported);
    }
    results.push({ rows, fileBytes, steps });
  }

  const summary = results.map((result) => {
    const of = (name: string) => {
      const list = result.steps[name]!;
      return { ms: median(list.map((step) => step.ms)), rss: median(list.map(rssGrowth)), heap: median(list.map(heapGrowth)) };
    };
    return { rows: result.rows, fileBytes: result.fileBytes, read: of('read'), validate: of('validate'), create: of('create'), export: of('export') };
  });

  console.log('\nMedians over rounds. Time: wall clock; ×read: over the bare exceljs read of the same workbook in the same run.');
  console.log('Memory: peak growth over the step\'s start, of the process doing the work (the bare reader\'s own process; the catalog\'s for the calls).\n');
  console.log('| rows | step | ms | × read | peak RSS growth MB | × read | peak heap growth MB |');
  console.log('|---:|---|---:|---:|---:|---:|---:|');
  for (const row of summary) {
    for (const name of ['read', 'validate', 'create', 'export'] as const) {
      const step = row[name];
      const label = name === 'read' ? 'exceljs read alone (baseline)' : name === 'export' ? 'exportAsExcel' : name === 'validate' ? 'ValidateFromCsv' : 'CreateFromCsv';
      console.log(`| ${row.rows} | ${label} | ${step.ms.toFixed(0)} | ${(step.ms / row.read.ms).toFixed(2)} | ${mb(step.rss)} | ${row.read.rss > 0 ? (step.rss / row.read.rss).toFixed(2) : '–'} | ${mb(step.heap)} |`);
    }
  }

  console.log('\nMemory as rows grow (peak RSS growth MB per size):\n');
  console.log(`| step | ${summary.map((row) => `${row.rows} rows`).join(' | ')} |`);
  console.log(`|---|${summary.map(() => '---:').join('|')}|`);
  for (const name of ['read', 'validate', 'create', 'export'] as const) console.log(`| ${name} | ${summary.map((row) => mb(row[name].rss)).join(' | ')} |`);
  console.log('\nHeap as rows grow (peak V8 heap growth MB per size; garbage not yet collected counts too):\n');
  console.log(`| step | ${summary.map((row) => `${row.rows} rows`).join(' | ')} |`);
  console.log(`|---|${summary.map(() => '---:').join('|')}|`);
  for (const name of ['read', 'validate', 'create', 'export'] as const) console.log(`| ${name} | ${summary.map((row) => mb(row[name].heap)).join(' | ')} |`);

  const smallest = summary[0]!;
  const biggest = summary[summary.length - 1]!;
  const verdicts: Array<[string, boolean]> = [];
  for (const name of ['validate', 'create', 'export'] as const) {
    verdicts.push([`${name} at ${biggest.rows} rows within 3× of the bare read (${(biggest[name].ms / biggest.read.ms).toFixed(2)}×)`, biggest[name].ms <= 3 * biggest.read.ms]);
    if (summary.length > 1) {
      // Flat: 4× the rows may not need much more than the smallest run (a floor of 8 MB absorbs the allocator's noise).
      const floor = 8 * MB;
      verdicts.push([
        `${name}: memory flat as rows grow (RSS ${mb(smallest[name].rss)} → ${mb(biggest[name].rss)} MB, heap ${mb(smallest[name].heap)} → ${mb(biggest[name].heap)} MB from ${smallest.rows} to ${biggest.rows} rows)`,
        biggest[name].rss <= 2 * Math.max(smallest[name].rss, floor) && biggest[name].heap <= 2 * Math.max(smallest[name].heap, floor),
      ]);
    }
  }
  console.log('');
  for (const [target, met] of verdicts) console.log(`${met ? 'met    ' : 'NOT MET'}  ${target}`);
  await saveResults('merchandising', { sizes: SIZES, rounds: ROUNDS, cores: os.cpus().length, loadAverage: os.loadavg(), summary, results });
  await rm(folder, { recursive: true, force: true });

  // The storefront home with a curated wheel and six carousels, against the web-vitals targets (a
  // store of its own with the demo's curated home; needs `npm run build`). `--no-home` skips it.
  if (!args.includes('--no-home')) {
    console.log('\n## The storefront home with a curated wheel and six carousels\n');
    await measureCuratedHome({ runs: Number(text('home-runs') ?? 3) });
  }
} finally {
  await stopProcesses(processes);
}

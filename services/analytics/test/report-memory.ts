/**
 * Bench (not a test): the reports workbook of two years streams with flat memory. Writes the
 * workbook of a two-year range with N synthetic products (the other sheets a row per day) into a
 * sink that drops the bytes, sampling the heap after every batch, for two sizes; the peak heap
 * above the baseline should not grow with the number of rows.
 *
 *   node --expose-gc --import tsx services/analytics/test/report-memory.ts [products…]
 */
import { Writable } from 'node:stream';
import { addDays, daysOf } from '../src/domain/periods';
import { writeReportWorkbook, type ProductSalesRow, type ReportSource } from '../src/domain/report-sheets';

const START = '2024-11-01';
const END = addDays(START, 730);

function syntheticSource(products: number): ReportSource {
  const perDay = async function* <T>(make: (day: string) => T): AsyncGenerator<T[]> {
    const days = daysOf(START, END);
    for (let i = 0; i < days.length; i += 1000) yield days.slice(i, i + 1000).map(make);
  };
  return {
    currency: async () => 'USD',
    salesByDay: () => perDay((day) => ({ day, orders: 40, items: 61, digitalItems: 50, printItems: 11, revenueCents: 123_456, refundedCents: 999 })),
    async *salesByProduct() {
      for (let start = 0; start < products; start += 1000) {
        const rows: ProductSalesRow[] = [];
        for (let i = start; i < Math.min(products, start + 1000); i += 1) {
          rows.push({ productId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Product number ${i}`, series: `Series ${i % 500}`, units: 7, digitalUnits: 5, printUnits: 2, orders: 6, revenueCents: 6993, refundedUnits: 0, refundedCents: 0 });
        }
        yield rows;
      }
    },
    async *salesBySeries() {
      yield Array.from({ length: 500 }, (_, i) => ({ series: `Series ${i}`, products: 10, units: 70, revenueCents: 69_930, refundedCents: 0 }));
    },
    async *salesByFormat() {
      yield [{ format: 'Digital', units: 5, orders: 5, revenueCents: 4995, refundedCents: 0 }];
    },
    async *refunds() {
      for (let start = 0; start < products / 10; start += 1000) {
        yield Array.from({ length: 1000 }, (_, i) => ({ day: START, orderId: `order-${start + i}`, amountCents: 999, full: false, products: 1, currency: 'USD' }));
      }
    },
    newCustomers: () => perDay((day) => ({ day, signups: 3 })),
  };
}

async function measure(products: number): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  let retained = baseline;
  let batches = 0;
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      setImmediate(done);
    },
  });
  const rows = await writeReportWorkbook(sink, syntheticSource(products), { start: START, end: END }, {
    onBatch: async () => {
      // What is retained, not garbage waiting for a collection: collect every tenth batch first.
      batches += 1;
      if (batches % 10 === 0) {
        gc?.();
        retained = Math.max(retained, process.memoryUsage().heapUsed);
      }
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    },
  });
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(`${products} products, ${rows} rows, ${mb(bytes)} MB written: heap baseline ${mb(baseline)} MB, peak ${mb(peak)} MB (+${mb(peak - baseline)} MB), most retained after a collection ${mb(retained)} MB (+${mb(retained - baseline)} MB)`);
}

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
for (const products of sizes.length > 0 ? sizes : [20_000, 200_000]) await measure(products);

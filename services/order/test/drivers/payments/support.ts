import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Database, migrate } from '@inkwell/platform';
import { createTestDatabase, testLogger } from '@inkwell/platform/testing';
import { SimulatedPaymentProcessor, type SimulatedProcessorOptions } from '../../../src/drivers/payments';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

export interface PaymentsDb {
  db: Database;
  close(): Promise<void>;
}

/** A fresh database of its own on the test Postgres server, with the order service's migrations. */
export async function startPaymentsDb(options: { maxConnections?: number } = {}): Promise<PaymentsDb> {
  const database = await createTestDatabase('payments');
  const db = new Database(database.url, testLogger, { max: options.maxConnections ?? 10 });
  await migrate(db, 'order', MIGRATIONS, testLogger);
  return {
    db,
    async close() {
      await db.close();
      await database.drop();
    },
  };
}

export function simulatedProcessor(db: Database, options: Partial<SimulatedProcessorOptions> = {}): SimulatedPaymentProcessor {
  return new SimulatedPaymentProcessor({ db, logger: testLogger, delivery: { pollIntervalMs: 50, baseBackoffMs: 20, maxBackoffMs: 100 }, ...options });
}

let sequence = 0;
/** A card payment request with a key of its own; override any field. */
export function cardPayment(paymentMethodId: string, overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    purchaseId: `purchase-${sequence}`,
    amount: 1299,
    currency: 'USD',
    method: 'Card' as const,
    paymentMethodId,
    idempotencyKey: `key-${sequence}-${Math.random().toString(36).slice(2)}`,
    returnUrl: '/checkout/success',
    email: 'reader@example.com',
    ...overrides,
  };
}

export async function waitFor(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; !(await condition()); waited += 20) {
    if (waited > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

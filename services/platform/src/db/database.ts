import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../logger';
import { trackPool } from '../observability/pools';

// int8 (bigint, count(*)) comes back as a string by default; our counts and cents fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));

export type Row = Record<string, unknown>;

/** Something queries can run on: the pool, or the client of an open transaction. */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number | null;
}

/** Row types may be interfaces (no index signature): callers say what their SELECT returns. */
export interface Queryable {
  query<R = Row>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
}

export interface Transaction extends Queryable {
  /** Runs after COMMIT succeeds (never after a rollback): used to nudge the outbox relay. */
  afterCommit(callback: () => void): void;
}

/** Distinct statements kept prepared on each connection at most; others are parsed each time. */
const MAX_PREPARED = 1_000;
const preparedNames = new Map<string, string>();

/**
 * The query as node-postgres takes it: a statement with parameters goes as a named prepared
 * statement, so each connection parses and plans it once rather than on every call (most of the
 * server's work for the short statements services send). Statements are named by a hash of their
 * text; past `MAX_PREPARED` distinct texts (dynamic SQL) the rest are sent unnamed.
 */
function statement(text: string, values: unknown[] | undefined): string | pg.QueryConfig {
  if (!values || values.length === 0) return text;
  let name = preparedNames.get(text);
  if (!name) {
    if (preparedNames.size >= MAX_PREPARED) return { text, values };
    name = `s${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    preparedNames.set(text, name);
  }
  return { name, text, values };
}

/**
 * A service's own Postgres database. The same driver serves the embedded server and a production
 * server: only the connection string differs.
 */
export class Database implements Queryable {
  readonly pool: pg.Pool;
  private readonly untrack: () => void;

  /** `service` names the pool in `inkwell_db_pool_clients` (a service's own database); without it the pool is not reported. */
  constructor(readonly url: string, private readonly logger: Logger, options: { max?: number; service?: string } = {}) {
    this.pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, idleTimeoutMillis: 30_000 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    this.pool.on('error', (error) => this.logger.warn({ err: error }, 'idle database connection failed'));
    this.untrack = options.service ? trackPool(options.service, this.pool) : () => undefined;
  }

  query<R = Row>(text: string, values?: unknown[]): Promise<QueryResult<R>> {
    const query = statement(text, values);
    return (typeof query === 'string' ? this.pool.query(query, values) : this.pool.query(query)) as unknown as Promise<QueryResult<R>>;
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // A connection lost while the transaction holds it (the server restarting or stopping) fails
    // the transaction's query; the event itself must not crash the process. The client is then
    // dropped rather than given back to the pool.
    let lost: Error | undefined;
    const onLost = (error: Error) => {
      lost = error;
      this.logger.warn({ err: error }, 'database connection failed during a transaction');
    };
    client.on('error', onLost);
    const callbacks: Array<() => void> = [];
    const tx: Transaction = {
      query: <R = Row>(text: string, values?: unknown[]) => {
        const query = statement(text, values);
        return (typeof query === 'string' ? client.query(query, values) : client.query(query)) as unknown as Promise<QueryResult<R>>;
      },
      afterCommit: (callback) => callbacks.push(callback),
    };
    try {
      await client.query('BEGIN');
      const result = await work(tx);
      await client.query('COMMIT');
      for (const callback of callbacks) callback();
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.off('error', onLost);
      client.release(lost);
    }
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    this.untrack();
    await this.pool.end();
  }
}

import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { createLogger } from '../src/logger';
import { logLines } from '../src/testing';

function capture() {
  const { lines, destination } = logLines();
  return { lines, logger: createLogger('test', 'info', destination) };
}

describe('the logger', () => {
  it('logs an error of the database pool without the connection node-pg hangs on it', () => {
    const { lines, logger } = capture();
    // What pg-pool emits for an idle connection that failed: the error, with its client attached.
    const error = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: { connectionParameters: { user: 'inkwell', database: 'inkwell_account' }, parsedStatements: { s1: 'SELECT 1' } },
    });
    logger.warn({ err: error }, 'idle database connection failed');
    const err = lines[0]!.err as Record<string, unknown>;
    assert.equal(err.message, 'terminating connection due to administrator command');
    assert.equal(err.code, '57P01');
    assert.equal(err.type, 'Error');
    assert.ok(typeof err.stack === 'string');
    assert.equal('client' in err, false);
    assert.doesNotMatch(JSON.stringify(lines[0]), /parsedStatements|connectionParameters/);
  });

  it('still redacts passwords and leaves a line without an error alone', () => {
    const { lines, logger } = capture();
    logger.info({ body: { email: 'a@example.com', password: 'hunter2' } }, 'sign-in');
    assert.deepEqual(lines[0]!.body, { email: 'a@example.com', password: '[redacted]' });
  });
});

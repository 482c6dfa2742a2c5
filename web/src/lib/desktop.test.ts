import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { ticketWithRetries } from './desktop';

describe('ticketWithRetries: the desktop ticket asked of the shell (storefront spec §9)', () => {
  const failingTimes = (failures: number) => {
    let calls = 0;
    return {
      get calls() {
        return calls;
      },
      ticket: async () => {
        calls += 1;
        if (calls <= failures) throw new Error(`not ready (${calls})`);
        return 'ticket';
      },
    };
  };

  test('waits 1000 ms, then doubles, between tries', async () => {
    const shell = failingTimes(3);
    const waits: number[] = [];
    assert.equal(await ticketWithRetries(shell.ticket, async (ms) => void waits.push(ms)), 'ticket');
    assert.deepEqual(waits, [1000, 2000, 4000]);
    assert.equal(shell.calls, 4);
  });

  test('gives up after 8 retries with the last failure', async () => {
    const shell = failingTimes(100);
    const waits: number[] = [];
    await assert.rejects(ticketWithRetries(shell.ticket, async (ms) => void waits.push(ms)), /not ready \(9\)/);
    assert.deepEqual(waits, [1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000]);
    assert.equal(shell.calls, 9, 'the first try and 8 retries');
  });

  test('an empty ticket counts as a failure', async () => {
    let calls = 0;
    const ticket = await ticketWithRetries(async () => (++calls === 1 ? '' : 'second'), async () => undefined);
    assert.equal(ticket, 'second');
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { analyticsId } from './analytics';

describe('analytics ids (storefront spec §3)', () => {
  it('are the MD5 of a random value and the unix time in seconds', () => {
    const expected = createHash('md5').update('1-2-3-41700000000').digest('hex');
    expect(analyticsId(Uint32Array.from([1, 2, 3, 4]), 1_700_000_000_999)).toBe(expected);
  });

  it('differ for different random values at the same second', () => {
    const now = 1_700_000_000_000;
    expect(analyticsId(Uint32Array.from([1, 2, 3, 4]), now)).not.toBe(analyticsId(Uint32Array.from([1, 2, 3, 5]), now));
    expect(analyticsId(Uint32Array.from([9, 9, 9, 9]), now)).toMatch(/^[0-9a-f]{32}$/);
  });
});

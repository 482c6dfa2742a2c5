import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { UserBadge } from '@inkwell/contracts/badges';
import { claimStateOf, claimedBadge, stepDisplays } from './claim-state';

const held = (id: number, code: string): UserBadge => ({ badge: { id, name: `Badge ${id}` }, gift: { code }, claimedAt: '2023-11-05T00:00:00.000Z' });

describe('after-party claim state (spec §4)', () => {
  it('is 0 logged out, 1 logged in without badge 2 or 3, 2 with either', () => {
    assert.equal(claimStateOf(false, [held(3, 'A')]), 0);
    assert.equal(claimStateOf(true, []), 1);
    assert.equal(claimStateOf(true, [held(1, 'AX')]), 1);
    assert.equal(claimStateOf(true, [held(2, 'B')]), 2);
    assert.equal(claimedBadge([held(2, 'B'), held(3, 'C')])?.gift?.code, 'C');
  });
  it('shows done steps ACTIVE, the next CURRENT, later LOCK', () => {
    assert.deepEqual(stepDisplays(0), ['CURRENT', 'LOCK', 'LOCK']);
    assert.deepEqual(stepDisplays(1), ['ACTIVE', 'CURRENT', 'LOCK']);
    assert.deepEqual(stepDisplays(2), ['ACTIVE', 'ACTIVE', 'CURRENT']);
  });
});

import { BADGE_IDS } from '@inkwell/contracts/badges';
import type { Database } from '@inkwell/platform';
import { addGiftCodes } from '../store/badges';

/** Each campaign badge's demo pool: a prefix and how many codes. */
const DEMO_POOLS: ReadonlyArray<{ badgeId: number; prefix: string; count: number }> = [
  { badgeId: BADGE_IDS.animeExpo, prefix: 'AX23', count: 100 },
  { badgeId: BADGE_IDS.convention, prefix: 'SDCC23', count: 100 },
  { badgeId: BADGE_IDS.afterParty, prefix: 'AOTPARTY', count: 100 },
];

/** A demo code: the prefix and a number, then letters derived from it so codes do not read as a sequence. */
function demoCode(prefix: string, n: number): string {
  const mix = ((n * 2_654_435_761) >>> 0).toString(36).toUpperCase().padStart(6, '0').slice(-6);
  return `${prefix}-${String(n).padStart(4, '0')}${mix}`;
}

/** Embedded mode's gift-code pools, loaded once: a pool that has had codes is left to staff. */
export async function ensureDemoGiftCodes(db: Database): Promise<void> {
  for (const pool of DEMO_POOLS) {
    await db.transaction(async (tx) => {
      const { rowCount } = await tx.query('SELECT 1 FROM badge_gift_codes WHERE badge_id = $1 LIMIT 1', [pool.badgeId]);
      if (rowCount) return;
      const codes = Array.from({ length: pool.count }, (_, index) => demoCode(pool.prefix, index + 1));
      await addGiftCodes(tx, pool.badgeId, codes, 'demo');
    });
  }
}

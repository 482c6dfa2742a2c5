import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { checkPageLink, linkExpiry, pageImageFormatOf, pageImagePath, signPageLink } from '../../src/domain';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const at = (seconds: number) => new Date(seconds * 1000);

describe('signed page links', () => {
  it('names an image by product, page, width and format', () => {
    assert.equal(pageImagePath('12', 3, 800, 'webp'), '/api/reader/pages/12/3/800.webp');
    assert.equal(pageImagePath('12', 3, 800, 'jpeg'), '/api/reader/pages/12/3/800.jpg');
    assert.equal(pageImageFormatOf('jpg'), 'jpeg');
    assert.equal(pageImageFormatOf('png'), undefined);
  });

  it('rounds the expiry up to a quarter of the time to live, so links repeat within a bucket', () => {
    assert.equal(linkExpiry(at(1_000_000), 3600), 1_004_400);
    assert.equal(linkExpiry(at(1_000_799), 3600), 1_004_400);
    assert.equal(linkExpiry(at(1_000_801), 3600), 1_005_300);
    for (const now of [1_000_000, 1_000_123, 1_000_899]) {
      const left = linkExpiry(at(now), 3600) - now;
      assert.ok(left >= 3600 && left < 3600 + 900, `${left} seconds left`);
    }
    assert.equal(linkExpiry(at(1_000_000), 100) % 60, 0, 'at least a minute per bucket');
  });

  it('accepts its own links until they expire, and says how long they have left', () => {
    const path = pageImagePath('12', 3, 800, 'webp');
    const link = signPageLink(path, 1_004_400, secret);
    const sig = new URL(link, 'http://x').searchParams.get('sig')!;
    assert.deepEqual(checkPageLink(path, '1004400', sig, secret, at(1_004_000)), { valid: true, secondsLeft: 400 });
    assert.deepEqual(checkPageLink(path, '1004400', sig, secret, at(1_004_400)), { valid: false, reason: 'expired' });
  });

  it('refuses anything altered: path, expiry, signature, or another secret', () => {
    const path = pageImagePath('12', 3, 800, 'webp');
    const sig = new URL(signPageLink(path, 1_004_400, secret), 'http://x').searchParams.get('sig')!;
    const now = at(1_000_000);
    assert.deepEqual(checkPageLink(pageImagePath('12', 4, 800, 'webp'), '1004400', sig, secret, now), { valid: false, reason: 'forged' });
    assert.deepEqual(checkPageLink(path, '1004401', sig, secret, now), { valid: false, reason: 'forged' });
    assert.deepEqual(checkPageLink(path, '1004400', sig.slice(1), secret, now), { valid: false, reason: 'forged' });
    assert.deepEqual(checkPageLink(path, '1004400', sig, `${secret}!`, now), { valid: false, reason: 'forged' });
    assert.deepEqual(checkPageLink(path, '1e6', sig, secret, now), { valid: false, reason: 'forged' });
    assert.deepEqual(checkPageLink(path, '', '', secret, now), { valid: false, reason: 'forged' });
    assert.deepEqual(checkPageLink(path, '1', sig, secret, at(2_000_000_000)).valid, false, 'a forged link is not told it merely expired');
  });
});

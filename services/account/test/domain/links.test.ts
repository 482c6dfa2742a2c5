import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { linkUrl } from '../../src/domain';

describe('emailed links', () => {
  it('builds each link from the public address, its page and the encoded token', () => {
    assert.equal(linkUrl('https://store.example/', 'verify-email', 'a+b/c='), 'https://store.example/email-verified/?token=a%2Bb%2Fc%3D');
    assert.equal(linkUrl('https://store.example', 'reset-password', 'r1'), 'https://store.example/reset-password/?token=r1');
    assert.equal(linkUrl('https://store.example//', 'change-email', 'c1'), 'https://store.example/change-email/?token=c1');
  });
});

import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import {
  MAX_READABLE_URL_LENGTH,
  READABLE_URL_DIGITS_ONLY_MESSAGE,
  isValidReadableUrl,
  parseIdOrReadableUrl,
  slugify,
  type IdOrReadableUrl,
} from '@inkwell/contracts/catalog-rules/readable-url';

describe('readable urls', () => {
  const slugs: ReadonlyArray<readonly [string, string]> = [
    ['Skyward', 'skyward'],
    ['Skyward Vol. 2', 'skyward-vol-2'],
    ['  The  Lighthouse -- Part 1  ', 'the-lighthouse-part-1'],
    ['Café Noir: Ça va?', 'cafe-noir-ca-va'],
    ["Don't Look Back", 'dont-look-back'],
    ['Rock’n’Roll', 'rocknroll'],
    ['Fullwidth ＡＢＣ', 'fullwidth-abc'],
    ['1984', '1984'],
    ['進撃の巨人', ''],
    ['', ''],
  ];
  for (const [text, slug] of slugs) {
    it(`slugifies ${JSON.stringify(text)} to ${JSON.stringify(slug)}`, () => assert.equal(slugify(text), slug));
  }

  const validity: ReadonlyArray<readonly [string, boolean]> = [
    ['12345', false],
    [' 12345 ', false],
    ['0', false],
    ['vol-2', true],
    ['2-vol', true],
    ['skyward', true],
    ['', true],
  ];
  for (const [url, valid] of validity) {
    it(`${JSON.stringify(url)} is ${valid ? 'a valid' : 'no valid'} readable url`, () => assert.equal(isValidReadableUrl(url), valid));
  }

  it('quotes the dashboard message exactly', () => {
    assert.equal(
      READABLE_URL_DIGITS_ONLY_MESSAGE,
      'readable URL must be text. The URL field cannot be just a number. It needs to be text or a combination of text and numbers',
    );
  });

  const params: ReadonlyArray<readonly [string, IdOrReadableUrl | undefined]> = [
    ['12345', { kind: 'id', id: 12345 }],
    ['007', { kind: 'id', id: 7 }],
    ['0', undefined],
    ['9'.repeat(20), undefined],
    ['vol-2', { kind: 'url', readableUrl: 'vol-2' }],
    ['Vol-2', { kind: 'url', readableUrl: 'vol-2' }],
    ['SKYWARD', { kind: 'url', readableUrl: 'skyward' }],
    ['a', { kind: 'url', readableUrl: 'a' }],
    ['a'.repeat(MAX_READABLE_URL_LENGTH), { kind: 'url', readableUrl: 'a'.repeat(MAX_READABLE_URL_LENGTH) }],
    ['a'.repeat(MAX_READABLE_URL_LENGTH + 1), undefined],
    ['a'.repeat(300), undefined],
    ['', undefined],
    [' ', undefined],
    ['vol 2', undefined],
    ['vol_2', undefined],
    ['vol--2', undefined],
    ['-vol-2', undefined],
    ['vol-2-', undefined],
    ['../etc', undefined],
    ['vol%202', undefined],
    ['café', undefined],
    ['-12', undefined],
  ];
  for (const [param, expected] of params) {
    it(`reads ${JSON.stringify(param.length > 40 ? `${param.slice(0, 10)}… (${param.length})` : param)} as ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(parseIdOrReadableUrl(param), expected);
    });
  }

  it('gives every slug of a title a route that finds it again', () => {
    for (const title of ['Skyward Vol. 2', 'Café Noir', 'Part 1: The Lighthouse']) {
      const slug = slugify(title);
      assert.deepEqual(parseIdOrReadableUrl(slug), { kind: 'url', readableUrl: slug });
    }
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { DEFAULT_READER_SETTINGS, parseReaderSettings } from './reader-settings';

describe('parseReaderSettings', () => {
  test('what was stored', () => assert.deepEqual(parseReaderSettings('{"mode":"Strip","doublePage":true}'), { mode: 'Strip', doublePage: true }));
  test('nothing stored: Page mode, single page', () => assert.deepEqual(parseReaderSettings(null), { mode: 'Page', doublePage: false }));
  test('unknown values fall back one by one', () => assert.deepEqual(parseReaderSettings('{"mode":"Sideways","doublePage":true}'), { ...DEFAULT_READER_SETTINGS, doublePage: true }));
  test('unreadable storage', () => {
    assert.deepEqual(parseReaderSettings('{'), DEFAULT_READER_SETTINGS);
    assert.deepEqual(parseReaderSettings('null'), DEFAULT_READER_SETTINGS);
  });
});

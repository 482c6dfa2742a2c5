import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { pickSuggestions } from './suggestions';

describe('pickSuggestions (§2: same IP, then same genre, then new and popular; 3 or none)', () => {
  const source = (items: string[], asked: string[], name: string) => async () => {
    asked.push(name);
    return items;
  };
  test('the first source with 3 gives its first 3, and later sources are not asked', async () => {
    const asked: string[] = [];
    assert.deepEqual(await pickSuggestions([source(['a', 'b', 'c', 'd'], asked, 'ip'), source(['x', 'y', 'z'], asked, 'genre')]), ['a', 'b', 'c']);
    assert.deepEqual(asked, ['ip']);
  });
  test('a source with fewer than 3 is passed over', async () => {
    const asked: string[] = [];
    assert.deepEqual(await pickSuggestions([source(['a', 'b'], asked, 'ip'), source([], asked, 'genre'), source(['x', 'y', 'z'], asked, 'new')]), ['x', 'y', 'z']);
    assert.deepEqual(asked, ['ip', 'genre', 'new']);
  });
  test('none has 3: no row', async () => assert.deepEqual(await pickSuggestions([source(['a'], [], 'ip'), source(['b', 'c'], [], 'new')]), []));
  test('a failing source counts as empty', async () => {
    const failing = async (): Promise<string[]> => {
      throw new Error('down');
    };
    assert.deepEqual(await pickSuggestions([failing, source(['x', 'y', 'z'], [], 'new')]), ['x', 'y', 'z']);
  });
});

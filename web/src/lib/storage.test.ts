import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { parseSearchHistory } from './storage';

describe('parseSearchHistory: what is stored under searchHistory', () => {
  const cases: Array<[name: string, stored: string | null, history: string[]]> = [
    ['nothing stored', null, []],
    ['an empty value', '', []],
    ['the history as written', '["tide","iron moon"]', ['tide', 'iron moon']],
    ['entries that are not strings are dropped', '["tide",3,null,{"q":"x"},"moon"]', ['tide', 'moon']],
    ['not an array', '{"0":"tide"}', []],
    ['a bare string', '"tide"', []],
    ['unreadable JSON', '[tide', []],
  ];
  for (const [name, stored, history] of cases) test(name, () => assert.deepEqual(parseSearchHistory(stored), history));
});

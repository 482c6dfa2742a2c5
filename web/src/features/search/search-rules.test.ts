import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { addToHistory, isSearchable, normalizeQuery, SEARCH_DEBOUNCE_MS, SEARCH_HISTORY_LIMIT, SEARCH_MESSAGES, SEARCH_RESULT_LIMIT, searchStatusText, type SearchOverlayState } from './search-rules';

describe('the spec constants and texts', () => {
  test('§9: 20 results, 5 history entries, 200 ms debounce', () => {
    assert.equal(SEARCH_RESULT_LIMIT, 20);
    assert.equal(SEARCH_HISTORY_LIMIT, 5);
    assert.equal(SEARCH_DEBOUNCE_MS, 200);
  });
  test('§2 and §5: state texts quoted exactly', () => {
    assert.deepEqual(SEARCH_MESSAGES, {
      tooShort: 'Please enter more than one character',
      loading: 'Loading ...',
      noResult: 'No search result',
      noHistory: 'No recent search',
    });
  });
});

describe('normalizeQuery', () => {
  const cases: Array<[typed: string, sent: string]> = [
    ['moon', 'moon'],
    ['  moon  ', 'moon'],
    ['iron   moon', 'iron moon'],
    ['\tiron\n moon ', 'iron moon'],
    ['   ', ''],
  ];
  for (const [typed, sent] of cases) test(`${JSON.stringify(typed)} → ${JSON.stringify(sent)}`, () => assert.equal(normalizeQuery(typed), sent));
});

describe('isSearchable: more than one character', () => {
  const cases: Array<[typed: string, searchable: boolean]> = [
    ['', false],
    ['a', false],
    [' a ', false],
    ['é', false],
    ['ab', true],
    [' a b', true],
    ['moon', true],
  ];
  for (const [typed, searchable] of cases) test(`${JSON.stringify(typed)} → ${searchable}`, () => assert.equal(isSearchable(typed), searchable));
});

describe('addToHistory: the last 5 distinct searches, most recent first', () => {
  const cases: Array<[name: string, history: string[], query: string, next: string[]]> = [
    ['first search', [], 'moon', ['moon']],
    ['newest goes first', ['moon'], 'tide', ['tide', 'moon']],
    ['a repeat moves to the front', ['tide', 'moon', 'fox'], 'moon', ['moon', 'tide', 'fox']],
    ['repeats are compared ignoring case; the newest spelling is kept', ['tide', 'Moon'], 'MOON', ['MOON', 'tide']],
    ['remembered normalized', ['tide'], '  iron   moon ', ['iron moon', 'tide']],
    ['a spacing variant is the same search', ['iron moon', 'tide'], 'iron  moon', ['iron moon', 'tide']],
    ['the sixth drops the oldest', ['e', 'd', 'c', 'b', 'a'], 'f', ['f', 'e', 'd', 'c', 'b']],
    ['a repeat of the oldest keeps five', ['e', 'd', 'c', 'b', 'a'], 'a', ['a', 'e', 'd', 'c', 'b']],
    ['a blank query changes nothing', ['tide', 'moon'], '   ', ['tide', 'moon']],
  ];
  for (const [name, history, query, next] of cases) {
    test(name, () => assert.deepEqual(addToHistory(history, query), next));
  }

  test('the history it was given is left as it was', () => {
    const history = Object.freeze(['tide', 'moon']);
    addToHistory(history, 'fox');
    assert.deepEqual(history, ['tide', 'moon']);
  });

  test('many searches never keep more than 5, nor a repeat', () => {
    let history: string[] = [];
    for (const query of ['a1', 'b2', 'c3', 'A1', 'd4', 'e5', 'f6', 'b2', 'g7']) history = addToHistory(history, query);
    assert.deepEqual(history, ['g7', 'b2', 'f6', 'e5', 'd4']);
  });
});

describe('searchStatusText: the overlay state line', () => {
  const base: SearchOverlayState = { query: 'moon', historyCount: 0, waiting: false, resultCount: 0, error: null, answered: true };
  const cases: Array<[name: string, state: Partial<SearchOverlayState>, text: string | null]> = [
    ['empty box, no history', { query: '', historyCount: 0 }, 'No recent search'],
    ['empty box lists the history', { query: '', historyCount: 3 }, null],
    ['one character', { query: 'm' }, 'Please enter more than one character'],
    ['one character, even while an earlier search is loading', { query: 'm', waiting: true }, 'Please enter more than one character'],
    ['waiting with nothing to show', { waiting: true, answered: false }, 'Loading ...'],
    ['waiting with earlier results on screen', { waiting: true, resultCount: 4, answered: false }, null],
    ['answered with nothing', { resultCount: 0 }, 'No search result'],
    ['answered with results', { resultCount: 7 }, null],
    ['a failed search says why', { error: 'Too many requests. Please wait a moment and try again.', answered: false }, 'Too many requests. Please wait a moment and try again.'],
    ['earlier results, not yet answered for this query', { resultCount: 0, answered: false }, null],
  ];
  for (const [name, state, text] of cases) {
    test(name, () => assert.equal(searchStatusText({ ...base, ...state }), text));
  }
});

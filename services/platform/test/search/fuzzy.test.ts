import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { EXACT_MATCH, fuzzinessFor, matchQuality, typingDistance } from '../../src/search/fuzzy';

describe('typing distance', () => {
  const cases: Array<[string, string, number]> = [
    ['talon', 'talon', 0],
    ['taon', 'talon', 1], // dropped
    ['tallon', 'talon', 1], // added
    ['tamon', 'talon', 1], // replaced
    ['tlaon', 'talon', 1], // two adjacent letters swapped: one mistake, not two
    ['reservior', 'reservoir', 1],
    ['rsevoir', 'reservoir', 2],
    ['wtinses', 'witness', 2],
    ['salt', 'flat', 2],
    ['ōkoku', 'okoku', 1], // letters, not UTF-16 units
    ['', 'abc', 3],
    ['abc', '', 3],
  ];
  for (const [a, b, expected] of cases) {
    it(`${a || '""'} → ${b || '""'} is ${expected}, both ways`, () => {
      assert.equal(typingDistance(a, b), expected);
      assert.equal(typingDistance(b, a), expected);
    });
  }

  it('stops at the bound, answering one more than it', () => {
    assert.equal(typingDistance('glassblower', 'underdogs', 2), 3);
    assert.equal(typingDistance('a', 'abcdef', 2), 3);
    assert.equal(typingDistance('tlaon', 'talon', 1), 1);
  });
});

describe('fuzziness by word length (OpenSearch AUTO)', () => {
  const cases: Array<[string, number]> = [['a', 0], ['ab', 0], ['abc', 1], ['abcde', 1], ['abcdef', 2], ['chapters', 2], ['ōko', 1]];
  for (const [word, expected] of cases) it(`${word}: ${expected}`, () => assert.equal(fuzzinessFor(word), expected));
});

describe('match quality', () => {
  it('ranks the same word over a completion over one mistake over two', () => {
    const exact = matchQuality('witness', 'witness', true)!;
    const completion = matchQuality('witn', 'witness', true)!;
    const oneMistake = matchQuality('witnes', 'witness', false)!;
    const twoMistakes = matchQuality('wtinses', 'witness', false)!;
    assert.equal(exact, EXACT_MATCH);
    assert.ok(exact > completion && completion > oneMistake && oneMistake > twoMistakes && twoMistakes > 0, JSON.stringify([exact, completion, oneMistake, twoMistakes]));
  });

  it('ranks a longer start of a word over a shorter one', () => {
    assert.ok(matchQuality('reserv', 'reservoir', true)! > matchQuality('res', 'reservoir', true)!);
  });

  it('completes only the last word of the query', () => {
    assert.equal(matchQuality('witn', 'witness', false), undefined);
  });

  it('forgives no mistake in a word of one or two letters, one from 3 letters, two from 6', () => {
    assert.equal(matchQuality('ab', 'ac', false), undefined);
    assert.ok(matchQuality('slt', 'salt', false)! > 0);
    assert.equal(matchQuality('sat', 'salty', false), undefined);
    assert.equal(matchQuality('rsevoir', 'reservoir', false), matchQuality('wtinses', 'witness', false));
    assert.equal(matchQuality('rsvoir', 'reservoir', false), undefined);
  });

  it('keeps the better of a completion and a near miss', () => {
    // "talo" starts "talon" and is one letter from "tale"; as the last word it is a completion.
    assert.ok(matchQuality('talo', 'talon', true)! > matchQuality('talo', 'tale', true)!);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { typingDistance } from '@inkwell/platform';
import { buildRelevanceSet, misspell, mistakesFor, normalTitle, recallTable, searchableWords, titleWords, type RelevanceItem } from './relevance-queries';

/** A small seeded source (mulberry32), so each case is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ITEMS: RelevanceItem[] = [
  { key: 'series-1', title: 'The Hollow Reservoir' },
  { key: 'product-1', title: 'The Hollow Reservoir, Vol. 1' },
  { key: 'product-2', title: 'The Hollow Reservoir, Vol. 2' },
  { key: 'series-2', title: 'Underdogs!' },
  { key: 'series-3', title: 'Salt & Cinnamon' },
  { key: 'series-4', title: 'The Salt Flat Run' },
  { key: 'series-5', title: 'Salt Ledger' },
];

describe('title words', () => {
  it('splits on anything but letters and digits, in lower case', () => {
    assert.deepEqual(titleWords('Underdogs!: Ten Years After'), ['underdogs', 'ten', 'years', 'after']);
    assert.deepEqual(titleWords('The Salt Coast, 1612, Vol. 2'), ['the', 'salt', 'coast', '1612', 'vol', '2']);
    assert.equal(normalTitle('Karasu no Ōkoku — Vol. 3'), 'karasu no ōkoku vol 3');
  });

  it('types alone only words of 4 letters or more that are not stop words nor numbers', () => {
    assert.deepEqual(searchableWords('What the Rooftop Kept, Vol. 12'), ['rooftop', 'kept']);
    assert.deepEqual(searchableWords('After the Rehearsal, 1612'), ['rehearsal']);
  });
});

describe('misspelling', () => {
  it('makes each kind of mistake: one for a short word, two from 8 letters', () => {
    assert.equal(mistakesFor('talon'), 1);
    assert.equal(mistakesFor('rooftops'), 2);
    const random = seeded(1);
    for (const word of ['talon', 'reservoir', 'glassblower', 'salt']) {
      const count = mistakesFor(word);
      const dropped = misspell(word, 'drop', count, random)!;
      const added = misspell(word, 'add', count, random)!;
      const replaced = misspell(word, 'replace', count, random)!;
      const swapped = misspell(word, 'swap', count, random)!;
      assert.equal(dropped.length, word.length - count, dropped);
      assert.equal(added.length, word.length + count, added);
      assert.equal(replaced.length, word.length, replaced);
      assert.equal([...replaced].filter((letter, i) => letter !== word[i]).length, count, replaced);
      assert.equal(swapped.length, word.length, swapped);
      assert.deepEqual([...swapped].sort(), [...word].sort(), swapped);
      // Each is exactly `count` typing mistakes away: mistakes never overlap or cancel out.
      for (const wrong of [dropped, added, replaced, swapped]) assert.equal(typingDistance(wrong, word), count, `${word} -> ${wrong}`);
    }
  });

  it('cannot swap letters in a word of one repeated letter', () => {
    assert.equal(misspell('aaaa', 'swap', 1, seeded(2)), undefined);
  });

  it('is the same for the same seed', () => {
    assert.equal(misspell('reservoir', 'swap', 2, seeded(7)), misspell('reservoir', 'swap', 2, seeded(7)));
  });
});

describe('the relevance set', () => {
  const set = buildRelevanceSet(ITEMS, seeded(3), { titlePrefixes: 2, wordVariants: 2 });

  it('is the same for the same seed', () => {
    const again = buildRelevanceSet(ITEMS, seeded(3), { titlePrefixes: 2, wordVariants: 2 });
    assert.deepEqual(again.queries.map((query) => query.text), set.queries.map((query) => query.text));
  });

  it('has whole-title queries of each kind of mistake, with only the title itself as the answer', () => {
    for (const kind of ['drop', 'add', 'replace', 'swap'] as const) {
      const queries = set.queries.filter((query) => query.kind === kind && query.shape === 'title');
      assert.equal(queries.length, ITEMS.length, kind);
      for (const query of queries) {
        assert.deepEqual([...query.relevant], [query.from]);
        assert.notEqual(normalTitle(query.text), normalTitle(ITEMS.find((item) => item.key === query.from)!.title));
      }
    }
  });

  it('counts every title holding a word typed alone as a right answer', () => {
    const salt = set.queries.filter((query) => query.shape === 'word' && query.kind !== 'prefix' && query.relevant.has('series-5') && query.relevant.has('series-3'));
    assert.ok(salt.length > 0);
    for (const query of salt) assert.deepEqual([...query.relevant].sort(), ['series-3', 'series-4', 'series-5']);
    const reservoir = set.queries.find((query) => query.shape === 'word' && query.kind === 'swap' && query.relevant.has('product-2'))!;
    assert.deepEqual([...reservoir.relevant].sort(), ['product-1', 'product-2', 'series-1']);
  });

  it('types prefixes of at least 3 letters, each title or word that starts so counting', () => {
    const prefixes = set.queries.filter((query) => query.kind === 'prefix');
    assert.ok(prefixes.every((query) => query.text.replace(/[^\p{L}\p{N}]/gu, '').length >= 3));
    const sal = prefixes.find((query) => query.shape === 'word' && query.text === 'sal')!;
    assert.deepEqual([...sal.relevant].sort(), ['series-3', 'series-4', 'series-5']);
    const reservoirStart = prefixes.filter((query) => query.shape === 'word' && query.text.startsWith('reserv'));
    assert.deepEqual(reservoirStart.map((query) => query.text), ['reserv', 'reservo', 'reservoi']);
    for (const query of prefixes.filter((query) => query.shape === 'title')) {
      assert.ok(ITEMS.find((item) => item.key === query.from)!.title.startsWith(query.text));
      assert.ok(query.relevant.has(query.from));
    }
  });

  it('leaves out a misspelling that is another title word, and counts it', () => {
    const ambiguous = buildRelevanceSet([{ key: 'series-1', title: 'Salt' }, { key: 'series-2', title: 'Slat' }], () => 0.0, { titlePrefixes: 0, wordVariants: 1 });
    // With the random source always at 0, each swap is of the first two letters: "salt" -> "aslt", "slat" -> "lsat";
    // each drop takes the first letter: "alt", "lat"; neither is the other's word, so nothing is left out there.
    assert.equal(ambiguous.ambiguous.size, 0);
    const clash = buildRelevanceSet([{ key: 'series-1', title: 'Salt' }, { key: 'series-2', title: 'Asalt' }], () => 0.0, { titlePrefixes: 0, wordVariants: 1 });
    // "asalt" with its first letter dropped is "salt", the other title's word.
    assert.equal(clash.ambiguous.get('drop word'), 1);
    assert.ok(!clash.queries.some((query) => query.shape === 'word' && query.text === 'salt'));
  });
});

describe('recall table', () => {
  it('gives recall per kind and shape, per kind, and overall', () => {
    const set = buildRelevanceSet(ITEMS, seeded(5), { titlePrefixes: 1, wordVariants: 1 });
    const results = set.queries.map((query, index) => ({ query, hit: query.kind !== 'swap' || index % 2 === 0 }));
    const rows = recallTable(results, set.ambiguous);
    const all = rows.find((row) => row.kind === 'all')!;
    assert.equal(all.queries, set.queries.length);
    const drop = rows.find((row) => row.kind === 'drop' && row.shape === 'all')!;
    assert.equal(drop.recall, 1);
    const swap = rows.find((row) => row.kind === 'swap' && row.shape === 'all')!;
    assert.ok(swap.recall > 0 && swap.recall < 1);
    assert.equal(swap.hits, results.filter((result) => result.query.kind === 'swap' && result.hit).length);
  });
});

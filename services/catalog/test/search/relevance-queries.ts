/**
 * The search relevance test set (issue 11 item 4): from a catalogue's titles, the queries a shopper
 * types with a typo or while still typing, each with the items that count as a right answer.
 * Pure and driven by the random source it is given, so a seed always gives the same set.
 *
 * Kinds of query:
 * - `drop`, `add`, `replace`, `swap`: one letter dropped, added, replaced, or two adjacent letters
 *   swapped; a word of 8 letters or more gets two such mistakes.
 * - `prefix`: the start of what is being typed, at least 3 letters.
 * Shapes: `title`, the whole title with one of its words misspelled (or the title cut off while
 * typing), and `word`, one word of a title typed alone (or its start).
 *
 * Which answers count (recall@5 is "a right answer among the first five results"):
 * - A whole-title query: only the item with that title (or an item with the very same title).
 * - A word typed alone: any item whose title has that word. A word shared by many titles
 *   ("chapter", a series word on each of its volumes) does not say which of them the shopper
 *   wants, so each of them is as right as the one the word was taken from.
 * - A prefix: any item whose title (for a whole-title prefix) or one of whose title words (for a
 *   word prefix) starts with what was typed: each is a possible completion.
 * A misspelling that is itself a word of another title, or a misspelled title that is another
 * title, is left out (counted as `ambiguous`): no search can know the shopper meant something else.
 */

export type MistakeKind = 'drop' | 'add' | 'replace' | 'swap';
export type QueryKind = MistakeKind | 'prefix';
export type QueryShape = 'title' | 'word';

export const MISTAKE_KINDS: readonly MistakeKind[] = ['drop', 'add', 'replace', 'swap'];
export const QUERY_KINDS: readonly QueryKind[] = [...MISTAKE_KINDS, 'prefix'];

/** Words of this many letters or more get two mistakes (the issue: "two mistakes allowed from 8 letters on"). */
export const TWO_MISTAKES_FROM = 8;
/** Shortest word used alone, and the shortest prefix typed. */
export const MIN_WORD_LETTERS = 4;
export const MIN_PREFIX_LETTERS = 3;

/** English stop words of at least MIN_WORD_LETTERS letters: nobody searches for them alone. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'about', 'after', 'again', 'also', 'been', 'before', 'being', 'below', 'between', 'both', 'could', 'does', 'doing', 'down',
  'during', 'each', 'from', 'further', 'have', 'having', 'here', 'into', 'more', 'most', 'once', 'only', 'other', 'over',
  'same', 'should', 'some', 'such', 'than', 'that', 'their', 'them', 'then', 'there', 'these', 'they', 'this', 'those',
  'through', 'under', 'until', 'very', 'were', 'what', 'when', 'where', 'which', 'while', 'with', 'would', 'your',
]);

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export interface RelevanceItem {
  /** Unique key, e.g. `series-12`. */
  key: string;
  title: string;
}

export interface RelevanceQuery {
  text: string;
  kind: QueryKind;
  shape: QueryShape;
  /** The item the query was made from. */
  from: string;
  /** Keys of the items that count as a right answer (always including `from`). */
  relevant: ReadonlySet<string>;
}

export interface RelevanceSet {
  queries: RelevanceQuery[];
  /** Misspellings left out because they are another title or another title's word, per kind and shape. */
  ambiguous: Map<string, number>;
}

export interface RelevanceOptions {
  /** Whole-title prefixes per title, at random lengths (every title also gets its word prefixes). */
  titlePrefixes: number;
  /** Misspellings of each word typed alone, per kind of mistake (at different random places). */
  wordVariants: number;
}

/** A title's words, lower case: runs of letters and digits, as both search drivers split text. */
export function titleWords(title: string): string[] {
  return title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A title as its words joined by single spaces, to compare titles and prefixes without punctuation. */
export function normalTitle(title: string): string {
  return titleWords(title).join(' ');
}

/** Words a shopper would type alone: letters only, at least MIN_WORD_LETTERS of them, no stop words. */
export function searchableWords(title: string): string[] {
  return titleWords(title).filter((word) => /^\p{L}+$/u.test(word) && [...word].length >= MIN_WORD_LETTERS && !STOP_WORDS.has(word));
}

/** How many mistakes a word of this length gets. */
export function mistakesFor(word: string): number {
  return [...word].length >= TWO_MISTAKES_FROM ? 2 : 1;
}

const int = (random: () => number, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

/**
 * `word` with `count` mistakes of one kind at distinct random places; undefined when the word has
 * no room for them (a swap needs two different adjacent letters, apart from the other swaps).
 */
export function misspell(word: string, kind: MistakeKind, count: number, random: () => number): string | undefined {
  let letters = [...word];
  const touched = new Set<number>();
  for (let made = 0; made < count; made++) {
    const next = applyOne(letters, kind, touched, random);
    if (!next) return undefined;
    letters = next;
  }
  return letters.join('');
}

/** One mistake, never next to or on a letter already changed, so two mistakes cannot cancel out. */
function applyOne(letters: string[], kind: MistakeKind, touched: Set<number>, random: () => number): string[] | undefined {
  const free = (index: number) => !touched.has(index) && !touched.has(index - 1) && !touched.has(index + 1);
  const candidates = letters
    .map((_, index) => index)
    .filter((index) => free(index) && (kind !== 'swap' || (index + 1 < letters.length && free(index + 1) && letters[index] !== letters[index + 1])));
  if (candidates.length === 0) return undefined;
  const at = candidates[int(random, 0, candidates.length - 1)]!;
  const next = [...letters];
  const shift = (from: number, by: number) => {
    const moved = [...touched].map((index) => (index >= from ? index + by : index));
    touched.clear();
    for (const index of moved) touched.add(index);
  };
  switch (kind) {
    case 'drop':
      next.splice(at, 1);
      shift(at + 1, -1);
      touched.add(at);
      break;
    case 'add':
      next.splice(at, 0, LETTERS[int(random, 0, LETTERS.length - 1)]!);
      shift(at, 1);
      touched.add(at);
      break;
    case 'replace': {
      const others = LETTERS.replace(letters[at]!.toLowerCase(), '');
      next[at] = others[int(random, 0, others.length - 1)]!;
      touched.add(at);
      break;
    }
    case 'swap':
      [next[at], next[at + 1]] = [letters[at + 1]!, letters[at]!];
      touched.add(at);
      touched.add(at + 1);
      break;
  }
  return next;
}

/** Builds the test set from the items' titles; see the module comment for what each query counts. */
export function buildRelevanceSet(items: readonly RelevanceItem[], random: () => number, options: RelevanceOptions): RelevanceSet {
  const queries: RelevanceQuery[] = [];
  const ambiguous = new Map<string, number>();
  const countAmbiguous = (kind: QueryKind, shape: QueryShape) => ambiguous.set(`${kind} ${shape}`, (ambiguous.get(`${kind} ${shape}`) ?? 0) + 1);

  const wordsOf = new Map(items.map((item) => [item.key, new Set(titleWords(item.title))]));
  const normalOf = new Map(items.map((item) => [item.key, normalTitle(item.title)]));
  const allWords = new Set([...wordsOf.values()].flatMap((words) => [...words]));
  const allTitles = new Set(normalOf.values());
  const withWord = (word: string) => new Set(items.filter((item) => wordsOf.get(item.key)!.has(word)).map((item) => item.key));
  const withWordPrefix = (prefix: string) => new Set(items.filter((item) => [...wordsOf.get(item.key)!].some((word) => word.startsWith(prefix))).map((item) => item.key));
  const withTitlePrefix = (prefix: string) => new Set(items.filter((item) => normalOf.get(item.key)!.startsWith(prefix)).map((item) => item.key));
  const withTitle = (title: string) => new Set(items.filter((item) => normalOf.get(item.key) === title).map((item) => item.key));

  for (const item of items) {
    // The whole title with one of its words misspelled, once per kind of mistake.
    const words = [...item.title.matchAll(/[\p{L}\p{N}]+/gu)].filter((match) => searchableWords(match[0]).length > 0);
    for (const kind of MISTAKE_KINDS) {
      if (words.length === 0) break;
      const match = words[int(random, 0, words.length - 1)]!;
      const wrong = misspell(match[0], kind, mistakesFor(match[0]), random);
      if (!wrong) continue;
      const text = item.title.slice(0, match.index) + wrong + item.title.slice(match.index + match[0].length);
      if (allTitles.has(normalTitle(text))) {
        countAmbiguous(kind, 'title');
        continue;
      }
      queries.push({ text, kind, shape: 'title', from: item.key, relevant: withTitle(normalOf.get(item.key)!) });
    }
    // The title cut off while typing, at random lengths of at least MIN_PREFIX_LETTERS letters.
    const letterEnds = [...item.title].flatMap((char, index) => (/[\p{L}\p{N}]/u.test(char) ? [index + 1] : []));
    const cuts = letterEnds.slice(MIN_PREFIX_LETTERS - 1, -1);
    const chosen = new Set<number>();
    while (chosen.size < Math.min(options.titlePrefixes, cuts.length)) chosen.add(cuts[int(random, 0, cuts.length - 1)]!);
    for (const cut of [...chosen].sort((a, b) => a - b)) {
      const text = [...item.title].slice(0, cut).join('');
      queries.push({ text, kind: 'prefix', shape: 'title', from: item.key, relevant: withTitlePrefix(normalTitle(text)) });
    }
  }

  // Each word typed alone, once per word however many titles share it, from the first title with it.
  const seen = new Set<string>();
  for (const item of items) {
    for (const word of searchableWords(item.title)) {
      if (seen.has(word)) continue;
      seen.add(word);
      for (const kind of MISTAKE_KINDS) {
        const variants = new Set<string>();
        for (let attempt = 0; attempt < options.wordVariants; attempt++) {
          const wrong = misspell(word, kind, mistakesFor(word), random);
          if (wrong && !variants.has(wrong)) variants.add(wrong);
        }
        for (const wrong of variants) {
          if (allWords.has(wrong)) {
            countAmbiguous(kind, 'word');
            continue;
          }
          queries.push({ text: wrong, kind, shape: 'word', from: item.key, relevant: withWord(word) });
        }
      }
      const letters = [...word];
      for (let length = MIN_PREFIX_LETTERS; length < letters.length; length++) {
        const text = letters.slice(0, length).join('');
        queries.push({ text, kind: 'prefix', shape: 'word', from: item.key, relevant: withWordPrefix(text) });
      }
    }
  }
  return { queries, ambiguous };
}

export interface RecallRow {
  kind: QueryKind | 'all';
  shape: QueryShape | 'all';
  queries: number;
  hits: number;
  recall: number;
  ambiguous: number;
}

/** Recall per kind and shape, per kind, and overall, from each query's hit or miss. */
export function recallTable(results: ReadonlyArray<{ query: RelevanceQuery; hit: boolean }>, ambiguous: ReadonlyMap<string, number>): RecallRow[] {
  const row = (kind: RecallRow['kind'], shape: RecallRow['shape']): RecallRow => {
    const chosen = results.filter((result) => (kind === 'all' || result.query.kind === kind) && (shape === 'all' || result.query.shape === shape));
    const hits = chosen.filter((result) => result.hit).length;
    const skipped = [...ambiguous].filter(([key]) => {
      const [k, s] = key.split(' ');
      return (kind === 'all' || k === kind) && (shape === 'all' || s === shape);
    });
    return { kind, shape, queries: chosen.length, hits, recall: chosen.length === 0 ? 1 : hits / chosen.length, ambiguous: skipped.reduce((sum, [, n]) => sum + n, 0) };
  };
  return [
    ...QUERY_KINDS.flatMap((kind) => [row(kind, 'title'), row(kind, 'word'), row(kind, 'all')]),
    row('all', 'all'),
  ];
}

/** The table as Markdown, for the test output and bench/README.md. */
export function formatRecallTable(rows: readonly RecallRow[]): string {
  const lines = ['| kind | shape | queries | recall@5 | left out (ambiguous) |', '| --- | --- | ---: | ---: | ---: |'];
  for (const row of rows) lines.push(`| ${row.kind} | ${row.shape} | ${row.queries} | ${(row.recall * 100).toFixed(1)}% | ${row.ambiguous} |`);
  return lines.join('\n');
}

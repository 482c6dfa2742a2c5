/**
 * How closely a word of the index matches a word of the query, for the Postgres search driver
 * (OpenSearch's fuzzy queries follow the same rules): exactly, as the start of the word still being
 * typed, or within a few typing mistakes. Pure, so the rules have their own table tests.
 */

/** Match quality of a word typed exactly; the others are below it. */
export const EXACT_MATCH = 1;
/** A completion of the last word, 0.8 for a short start up to 0.95 for all but a letter. */
const PREFIX_BASE = 0.8;
const PREFIX_SPAN = 0.15;
/** Quality per number of typing mistakes (index = mistakes). */
const FUZZY_QUALITY = [EXACT_MATCH, 0.7, 0.45];

/**
 * Typing mistakes forgiven in a query word, by its length: none up to 2 letters, one from 3, two
 * from 6 (OpenSearch's `AUTO` fuzziness). A word of 8 letters or more with two mistakes is still 6
 * letters long at least, so it is forgiven both.
 */
export function fuzzinessFor(word: string): number {
  const length = [...word].length;
  return length < 3 ? 0 : length < 6 ? 1 : 2;
}

/**
 * Optimal string alignment distance: letters dropped, added or replaced, and two adjacent letters
 * swapped, each one mistake (Levenshtein counts a swap as two). Stops early and answers `max + 1`
 * once the distance is known to exceed `max`.
 */
export function typingDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[t.length]!, max + 1);
}

/**
 * How well index word `term` answers query word `token` (0 to 1), or undefined when it does not:
 * the same word; a completion of it when it is the last word of the query (still being typed);
 * or the word within `fuzzinessFor(token)` typing mistakes.
 */
export function matchQuality(token: string, term: string, isLast: boolean): number | undefined {
  if (token === term) return EXACT_MATCH;
  let best: number | undefined;
  if (isLast && term.startsWith(token)) best = PREFIX_BASE + (PREFIX_SPAN * [...token].length) / [...term].length;
  const allowed = fuzzinessFor(token);
  if (allowed > 0) {
    const distance = typingDistance(token, term, allowed);
    if (distance <= allowed) best = Math.max(best ?? 0, FUZZY_QUALITY[distance]!);
  }
  return best;
}

/**
 * Short English words that say nothing about which title is meant. A title is only found by a
 * query that matches one of its words other than these ("feeed the dragon" must not find "The
 * Quiet Orbit" by its "the") nor count towards how well a found title matches. A query of stop
 * words alone ("the", "of") matches by them, as there is nothing else to go by.
 */
export const SEARCH_STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'as', 'at', 'be', 'by', 'for', 'from', 'in', 'into', 'is', 'it', 'its', 'of', 'on', 'or', 'the', 'to', 'with',
]);

/** Whether a query word (lower case) is a stop word. */
export function isSearchStopWord(word: string): boolean {
  return SEARCH_STOP_WORDS.has(word);
}

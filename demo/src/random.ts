/**
 * A small seeded pseudo-random source (mulberry32) so the demo catalogue and its art come out the same
 * for the same seed on every machine. `fork(label)` derives an independent stream, so adding a draw in
 * one part of the generator does not reshuffle everything generated after it.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  float(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** Draws without repeating until every item has been used, then starts a new shuffled round. */
  deck<T>(items: readonly T[]): () => T;
  fork(label: string | number): Random;
}

/** FNV-1a, enough to turn labels and seeds into well-spread 32-bit stream seeds. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('cannot pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick,
    shuffle,
    sample: (items, count) => shuffle(items).slice(0, count),
    deck<T>(items: readonly T[]) {
      let round: T[] = [];
      return () => {
        if (round.length === 0) round = shuffle(items);
        const item = round.pop();
        if (item === undefined) throw new Error('cannot draw from an empty deck');
        return item;
      };
    },
    fork: (label) => createRandom(hashString(`${seed}:${label}`)),
  };
}

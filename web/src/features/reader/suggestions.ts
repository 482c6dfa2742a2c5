import { END_CARD_SUGGESTIONS } from './reader-constants';

/**
 * The end card's 'You might also like' row (storefront spec §2 and §5): the first source, in order
 * of priority, that has at least 3 comics gives its first 3; with none, there is no row. Sources
 * are asked one at a time, so a full first source spares the others' calls; a source that fails
 * counts as empty.
 */
export async function pickSuggestions<T>(sources: ReadonlyArray<() => Promise<readonly T[]>>): Promise<T[]> {
  for (const source of sources) {
    const items = await source().catch(() => []);
    if (items.length >= END_CARD_SUGGESTIONS) return items.slice(0, END_CARD_SUGGESTIONS);
  }
  return [];
}

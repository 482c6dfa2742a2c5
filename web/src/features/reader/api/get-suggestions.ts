import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import type { ProductView, SeriesCardView, SeriesView } from '@inkwell/contracts/catalog';
import { END_CARD_SUGGESTIONS } from '../reader-constants';
import { pickSuggestions } from '../suggestions';

/** Storefront spec §9: comic lists ask for covers at these widths. */
const COMIC_LIST_WIDTHS = [250, 500];
/** `/discover/v2` sort: new and popular. */
const NEW_AND_POPULAR = 0;

interface SeriesQuery {
  genreIds?: number[];
  seriesTitleSearchTerm?: string;
}

/** Series from `/discover/v2` other than `excluded`, enough for a full row once it is left out. */
async function otherSeries(query: SeriesQuery, excluded: number | null, signal: AbortSignal | undefined): Promise<SeriesCardView[]> {
  const { data } = await api.get<SeriesCardView[]>('/discover/v2', {
    signal,
    query: { ...query, includeSeries: true, sort: NEW_AND_POPULAR, widths: COMIC_LIST_WIDTHS, count: END_CARD_SUGGESTIONS + 1 },
  });
  return data.filter((series) => series.id !== excluded);
}

/**
 * The end card's row (storefront spec §2): series of the same IP, else of the same genres, else
 * new and popular ones, whichever first has 3 besides the comic's own series.
 *
 * The catalog's `/discover/v2` has no IP filter; an IP tag names its franchise and every series
 * of the franchise carries that name in its title, so the tag's name searched among series titles
 * finds them.
 */
export async function getSuggestions(comicId: string, { signal }: { signal?: AbortSignal } = {}): Promise<SeriesCardView[]> {
  const { data: comic } = await api.get<ProductView>(`/comic/${encodeURIComponent(comicId)}`, { signal });
  const seriesId = comic.series?.id ?? null;
  const ipTag = comic.ipTags[0];
  const genreIds = async () => {
    if (seriesId === null) return [];
    const { data: series } = await api.get<SeriesView>(`/series/V2/${seriesId}`, { signal });
    return series.genres.map((genre) => genre.id);
  };
  return pickSuggestions([
    async () => (ipTag ? otherSeries({ seriesTitleSearchTerm: ipTag.name }, seriesId, signal) : []),
    async () => {
      const ids = await genreIds();
      return ids.length > 0 ? otherSeries({ genreIds: ids }, seriesId, signal) : [];
    },
    () => otherSeries({}, seriesId, signal),
  ]);
}

export function getSuggestionsQueryOptions(comicId: string, reader: string | null) {
  return queryOptions({
    queryKey: ['reader', 'suggestions', comicId, reader] as const,
    queryFn: ({ signal }) => getSuggestions(comicId, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** Asked for only once the reader nears the end (`enabled`), so reading never waits on it. */
export function useSuggestions(comicId: string, reader: string | null, enabled: boolean) {
  return useQuery({ ...getSuggestionsQueryOptions(comicId, reader), enabled });
}

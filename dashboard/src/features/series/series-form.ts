/** The series editor's form and how it is read from and written to the staff API (spec §3 Series). */
import {
  COMPLETION_STATUSES,
  RELATIVE_NAME_SETTINGS,
  type CreditInput,
  type DashboardSeries,
  type SeriesSaveBody,
} from '@inkwell/contracts/dashboard-catalogue';

export type CompletionStatus = (typeof COMPLETION_STATUSES)[number];
export type RelativeNameSetting = (typeof RELATIVE_NAME_SETTINGS)[number];
export type SeriesAgeRating = 'e' | 'e7' | 'pg' | 't' | 'm';

const AGE_RATINGS: readonly SeriesAgeRating[] = ['e', 'e7', 'pg', 't', 'm'];
/** Completion status choice meaning "not set" (React Aria keys cannot be empty). */
export const NO_COMPLETION_STATUS = 'unset';

export interface SeriesFormValues {
  title: string;
  description: string;
  metaDescription: string;
  genreIds: number[];
  readableUrl: string;
  /** '#rrggbb', or '' for none. */
  color: string;
  completionStatus: CompletionStatus | typeof NO_COMPLETION_STATUS;
  originalLanguageTitle: string;
  romanizedTitle: string;
  /** Wrapped in objects: react-hook-form's field arrays hold objects. */
  altTitles: { value: string }[];
  isUsingOverrideCreators: boolean;
  /** The override credits, named `creators` so the products' credits section serves both editors. */
  creators: { creatorId: number | null; name: string; title: string; hidden: boolean }[];
  restrictedTerritories: string[];
  unlisted: boolean;
  relativeNameSetting: RelativeNameSetting;
  ageRating: SeriesAgeRating;
  rightToLeft: boolean;
  imprintId: number | null;
}

function oneOf<T extends string>(names: readonly T[], value: string | null | undefined, fallback: T): T {
  return names.find((name) => name === value) ?? fallback;
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export function emptySeriesForm(): SeriesFormValues {
  return {
    title: '',
    description: '',
    metaDescription: '',
    genreIds: [],
    readableUrl: '',
    color: '',
    completionStatus: NO_COMPLETION_STATUS,
    originalLanguageTitle: '',
    romanizedTitle: '',
    altTitles: [],
    isUsingOverrideCreators: false,
    creators: [],
    restrictedTerritories: [],
    unlisted: false,
    relativeNameSetting: 'UsePublisherSetting',
    ageRating: 'e',
    rightToLeft: false,
    imprintId: null,
  };
}

export function seriesToForm(series: DashboardSeries): SeriesFormValues {
  return {
    title: series.title,
    description: series.description,
    metaDescription: series.metaDescription ?? '',
    genreIds: series.genres.map((genre) => genre.id),
    readableUrl: series.readableUrl ?? '',
    color: series.color ?? '',
    completionStatus: oneOf<CompletionStatus | typeof NO_COMPLETION_STATUS>(COMPLETION_STATUSES, series.completionStatus, NO_COMPLETION_STATUS),
    originalLanguageTitle: series.originalLanguageTitle ?? '',
    romanizedTitle: series.romanizedTitle ?? '',
    altTitles: series.altTitles.map((value) => ({ value })),
    isUsingOverrideCreators: series.isUsingOverrideCreators,
    creators: [...series.overrideCreators]
      .sort((a, b) => a.ordinal - b.ordinal)
      .map((credit) => ({ creatorId: credit.creator.id, name: credit.creator.name, title: credit.title, hidden: credit.hidden })),
    restrictedTerritories: series.restrictedTerritories,
    unlisted: series.unlisted,
    relativeNameSetting: oneOf(RELATIVE_NAME_SETTINGS, series.relativeNameSetting, 'UsePublisherSetting'),
    ageRating: oneOf(AGE_RATINGS, series.ageRating, 'e'),
    rightToLeft: series.rightToLeft,
    imprintId: series.imprint?.id ?? null,
  };
}

/** The save body (new) and the fields of an /alter item: both take the same names. */
export function formToSeriesSave(values: SeriesFormValues): SeriesSaveBody {
  const overrideCreators: CreditInput[] = values.creators
    .filter((credit): credit is typeof credit & { creatorId: number } => credit.creatorId !== null)
    .map((credit, ordinal) => ({ creatorId: credit.creatorId, title: credit.title.trim(), ordinal, hidden: credit.hidden }));
  return {
    title: values.title.trim(),
    description: values.description,
    metaDescription: orNull(values.metaDescription),
    genreIds: values.genreIds,
    readableUrl: orNull(values.readableUrl),
    color: orNull(values.color),
    completionStatus: values.completionStatus === NO_COMPLETION_STATUS ? null : values.completionStatus,
    originalLanguageTitle: orNull(values.originalLanguageTitle),
    romanizedTitle: orNull(values.romanizedTitle),
    altTitles: values.altTitles.map((title) => title.value.trim()).filter((title) => title !== ''),
    isUsingOverrideCreators: values.isUsingOverrideCreators,
    overrideCreators,
    restrictedTerritories: values.restrictedTerritories,
    unlisted: values.unlisted,
    relativeNameSetting: values.relativeNameSetting,
    ageRating: values.ageRating,
    rightToLeft: values.rightToLeft,
    imprintId: values.imprintId,
  };
}

import { problem } from '@inkwell/contracts/problems';
import { EVENTS } from '@inkwell/platform';
import { PUBLISH_STATUS_CODES, isPublishableStatus, parseAgeRating, seriesPublishProblems, type AgeRating, type PublishStatusName } from '../domain';
import { notAnAgeRatingMessage } from '../domain/messages';
import { checkReadableUrl, refuseProblems, type CatalogueChange } from './catalogue-change';

export interface SeriesCredit {
  creatorId: number;
  /** 'Story & Art', 'Writer', 'Artist', ... */
  title: string;
  hidden?: boolean;
}

/** A series as the dashboard's series editor saves it (dashboard spec §3 Series). */
export interface NewSeries {
  title: string;
  description: string;
  metaDescription?: string;
  readableUrl?: string;
  color?: string;
  completionStatus?: 'Ongoing' | 'Completed';
  originalLanguageTitle?: string;
  romanizedTitle?: string;
  altTitles?: readonly string[];
  restrictedTerritories?: readonly string[];
  unlisted?: boolean;
  status: PublishStatusName;
  ageRating: AgeRating;
  rightToLeft?: boolean;
  publisherId?: number;
  imprintId?: number;
  ipTagId?: number;
  genreIds: readonly number[];
  creators?: readonly SeriesCredit[];
  popularity?: number;
}

export function seriesEvent(id: number) {
  return { type: EVENTS.seriesChanged.type, key: `series:${id}`, data: { seriesId: String(id) } };
}

/**
 * Creates a series with its genres and credits, and writes series.changed. A series saved in a
 * publishable status must meet the publish rules; a Draft may be incomplete.
 */
export async function createSeries({ tx, outbox }: CatalogueChange, input: NewSeries): Promise<number> {
  checkReadableUrl('Series', input.readableUrl);
  if (!parseAgeRating(input.ageRating)) refuseProblems('Series', [problem('ageRating', notAnAgeRatingMessage(input.ageRating))]);
  if (isPublishableStatus(input.status)) {
    refuseProblems('Series', seriesPublishProblems({ title: input.title, description: input.description, genreCount: new Set(input.genreIds).size, readableUrl: input.readableUrl }));
  }
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO series (title, description, meta_description, readable_url, color, completion_status, original_language_title, romanized_title,
                         alt_titles, restricted_territories, unlisted, status, age_rating, right_to_left, publisher_id, imprint_id, ip_tag_id, popularity)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
    [
      input.title, input.description, input.metaDescription ?? null, input.readableUrl ?? null, input.color ?? null, input.completionStatus ?? null,
      input.originalLanguageTitle ?? null, input.romanizedTitle ?? null, input.altTitles ?? [], input.restrictedTerritories ?? [], input.unlisted ?? false,
      PUBLISH_STATUS_CODES[input.status], input.ageRating, input.rightToLeft ?? false, input.publisherId ?? null, input.imprintId ?? null,
      input.ipTagId ?? null, input.popularity ?? 0,
    ],
  );
  const id = rows[0]!.id;
  if (input.genreIds.length > 0) {
    await tx.query('INSERT INTO series_genres (series_id, genre_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING', [id, input.genreIds]);
  }
  const credits = input.creators ?? [];
  if (credits.length > 0) {
    await tx.query(
      `INSERT INTO series_creators (series_id, creator_id, title, ordinal, hidden)
       SELECT $1, c.creator_id, c.title, c.ordinal - 1, c.hidden FROM unnest($2::bigint[], $3::text[], $4::boolean[]) WITH ORDINALITY AS c(creator_id, title, hidden, ordinal)
       ON CONFLICT DO NOTHING`,
      [id, credits.map((credit) => credit.creatorId), credits.map((credit) => credit.title), credits.map((credit) => credit.hidden ?? false)],
    );
  }
  await outbox.add(tx, seriesEvent(id));
  return id;
}

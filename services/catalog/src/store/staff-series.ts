import type {
  AssetLinkGroup,
  CreditInput,
  DashboardSeries,
  ExternalLink,
  SeriesAlterItem,
  SeriesListQuery,
  SeriesListRow,
  SeriesNoteInput,
  SeriesSaveBody,
} from '@inkwell/contracts/dashboard-catalogue';
import type { ThumbnailView } from '@inkwell/contracts/catalog';
import { BadRequestError, ConflictError, NotFoundError, type Paginated, type Queryable, type Transaction } from '@inkwell/platform';
import { PUBLISH_STATUS_CODES, isPublishableStatus, isValidReadableUrl, READABLE_URL_DIGITS_ONLY_MESSAGE, seriesPublishProblems, type CodedPublishStatus } from '../domain';
import { AUDIT_ACTION_OF, refusePublishing, seriesOrBundleMove } from '../domain/staff-catalogue-rules';
import { fieldChanges, recordAudit, type StaffActor } from './audit';
import type { CatalogueChange } from './catalogue-change';
import { seriesEvent } from './series-writes';
import { containsPattern, missingIds, pageOf, pageWindow, parsePublishStatusFilter, statusName, unknownTerritories } from './staff-lists';
import { alreadyCreditedMessage, EMPTY_NOTE_MESSAGE, imprintOfAnotherPublisherMessage, newSeriesStatusMessage, noIdMessage, noIdsMessage, notCountryCodesMessage, readableUrlDigitsMessage, SERIES_NEEDS_TITLE_MESSAGE, seriesListedTwiceMessage, urlTakenMessage } from '../domain/messages';

type Thumbnail = ThumbnailView;
type StoredThumbnail = Thumbnail & { role?: string };
interface Credit { creatorId: number; title: string; ordinal: number; hidden: boolean }

/** Everything staff save about a series, as stored: what a save is merged into, checked against and compared with. */
interface SeriesState {
  title: string;
  description: string;
  metaDescription: string | null;
  genreIds: number[];
  thumbnails: Thumbnail[];
  heroThumbnails: Thumbnail[];
  readableUrl: string | null;
  color: string | null;
  externalLinks: ExternalLink[];
  completionStatus: string | null;
  originalLanguageTitle: string | null;
  romanizedTitle: string | null;
  altTitles: string[];
  isUsingOverrideCreators: boolean;
  overrideCreators: Credit[];
  defaultCreators: Credit[];
  restrictedTerritories: string[];
  unlisted: boolean;
  relativeNameSetting: string;
  assetLinkGroups: AssetLinkGroup[];
  status: CodedPublishStatus;
  ageRating: string;
  rightToLeft: boolean;
  publisherId: number | null;
  imprintId: number | null;
  ipTagId: number | null;
}

const NEW_SERIES: SeriesState = {
  title: '',
  description: '',
  metaDescription: null,
  genreIds: [],
  thumbnails: [],
  heroThumbnails: [],
  readableUrl: null,
  color: null,
  externalLinks: [],
  completionStatus: null,
  originalLanguageTitle: null,
  romanizedTitle: null,
  altTitles: [],
  isUsingOverrideCreators: false,
  overrideCreators: [],
  defaultCreators: [],
  restrictedTerritories: [],
  unlisted: false,
  relativeNameSetting: 'UsePublisherSetting',
  assetLinkGroups: [],
  status: 'Draft',
  ageRating: 'e',
  rightToLeft: false,
  publisherId: null,
  imprintId: null,
  ipTagId: null,
};

const withRole = (thumbnails: readonly StoredThumbnail[], role: string): Thumbnail[] =>
  thumbnails.filter((thumbnail) => (thumbnail.role ?? 'cover') === role).map(({ role: _role, ...thumbnail }) => thumbnail);

const CREDITS_SQL = (table: string) => `COALESCE((SELECT json_agg(json_build_object('creatorId', c.id, 'name', c.name, 'title', sc.title, 'ordinal', sc.ordinal, 'hidden', sc.hidden) ORDER BY sc.ordinal, c.id)
  FROM ${table} sc JOIN creators c ON c.id = sc.creator_id WHERE sc.series_id = s.id), '[]')`;

type StateRow = {
  title: string; description: string; meta_description: string | null; readable_url: string | null; color: string | null; completion_status: string | null;
  original_language_title: string | null; romanized_title: string | null; alt_titles: string[]; restricted_territories: string[]; unlisted: boolean; status: number;
  relative_name_setting: string; age_rating: string; right_to_left: boolean; publisher_id: number | null; imprint_id: number | null; ip_tag_id: number | null;
  thumbnails: StoredThumbnail[]; external_links: ExternalLink[]; is_using_override_creators: boolean; asset_link_groups: AssetLinkGroup[];
  genre_ids: number[]; default_creators: Array<Credit & { name: string }>; override_creators: Array<Credit & { name: string }>;
};

const STATE_SQL = `
  SELECT s.title, s.description, s.meta_description, s.readable_url, s.color, s.completion_status, s.original_language_title, s.romanized_title,
         s.alt_titles, s.restricted_territories, s.unlisted, s.status, s.relative_name_setting, s.age_rating, s.right_to_left,
         s.publisher_id, s.imprint_id, s.ip_tag_id, s.thumbnails, s.external_links, s.is_using_override_creators, s.asset_link_groups,
         COALESCE((SELECT array_agg(sg.genre_id ORDER BY sg.genre_id) FROM series_genres sg WHERE sg.series_id = s.id), '{}') AS genre_ids,
         ${CREDITS_SQL('series_creators')} AS default_creators,
         ${CREDITS_SQL('series_override_creators')} AS override_creators
    FROM series s WHERE s.id = $1`;

const credits = (list: Array<Credit & { name?: string }>): Credit[] => list.map(({ creatorId, title, ordinal, hidden }) => ({ creatorId: Number(creatorId), title, ordinal, hidden }));

/** The saved series, locked for the rest of the transaction when `lock`; undefined when there is none. */
async function readState(db: Queryable, id: number, lock: boolean): Promise<SeriesState | undefined> {
  if (lock) await db.query('SELECT 1 FROM series WHERE id = $1 FOR UPDATE', [id]);
  const row = (await db.query<StateRow>(STATE_SQL, [id])).rows[0];
  if (!row) return undefined;
  return {
    title: row.title,
    description: row.description,
    metaDescription: row.meta_description,
    genreIds: row.genre_ids.map(Number),
    thumbnails: withRole(row.thumbnails, 'cover'),
    heroThumbnails: withRole(row.thumbnails, 'hero'),
    readableUrl: row.readable_url,
    color: row.color,
    externalLinks: row.external_links,
    completionStatus: row.completion_status,
    originalLanguageTitle: row.original_language_title,
    romanizedTitle: row.romanized_title,
    altTitles: row.alt_titles,
    isUsingOverrideCreators: row.is_using_override_creators,
    overrideCreators: credits(row.override_creators),
    defaultCreators: credits(row.default_creators),
    restrictedTerritories: row.restricted_territories,
    unlisted: row.unlisted,
    relativeNameSetting: row.relative_name_setting,
    assetLinkGroups: row.asset_link_groups,
    status: statusName(row.status),
    ageRating: row.age_rating,
    rightToLeft: row.right_to_left,
    publisherId: row.publisher_id === null ? null : Number(row.publisher_id),
    imprintId: row.imprint_id === null ? null : Number(row.imprint_id),
    ipTagId: row.ip_tag_id === null ? null : Number(row.ip_tag_id),
  };
}

/** Credits as saved: ordinal the list position unless given, hidden false unless given. */
function creditsOf(field: string, list: readonly CreditInput[]): Credit[] {
  const seen = new Set<string>();
  return list.map((credit, position) => {
    const key = `${credit.creatorId}\u0000${credit.title.trim()}`;
    if (seen.has(key)) throw new BadRequestError(alreadyCreditedMessage(field, position, credit.creatorId, credit.title.trim()));
    seen.add(key);
    return { creatorId: credit.creatorId, title: credit.title.trim(), ordinal: credit.ordinal ?? position, hidden: credit.hidden ?? false };
  });
}

/** `before` with what the save sends; fields left out keep their value, null clears a nullable one. */
function merge(before: SeriesState, save: Omit<Partial<SeriesSaveBody>, 'status'> & { status?: string | undefined }): SeriesState {
  const pick = <K extends keyof SeriesState>(key: K, value: SeriesState[K] | undefined): SeriesState[K] => (value === undefined ? before[key] : value);
  const text = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim());
  return {
    title: pick('title', save.title?.trim()),
    description: pick('description', save.description),
    metaDescription: pick('metaDescription', text(save.metaDescription)),
    genreIds: pick('genreIds', save.genreIds && [...new Set(save.genreIds)].sort((a, b) => a - b)),
    thumbnails: pick('thumbnails', save.thumbnails),
    heroThumbnails: pick('heroThumbnails', save.heroThumbnails),
    readableUrl: pick('readableUrl', text(save.readableUrl)),
    color: pick('color', text(save.color)),
    externalLinks: pick('externalLinks', save.externalLinks),
    completionStatus: pick('completionStatus', save.completionStatus),
    originalLanguageTitle: pick('originalLanguageTitle', text(save.originalLanguageTitle)),
    romanizedTitle: pick('romanizedTitle', text(save.romanizedTitle)),
    altTitles: pick('altTitles', save.altTitles?.map((title) => title.trim()).filter(Boolean)),
    isUsingOverrideCreators: pick('isUsingOverrideCreators', save.isUsingOverrideCreators),
    overrideCreators: pick('overrideCreators', save.overrideCreators && creditsOf('overrideCreators', save.overrideCreators)),
    defaultCreators: pick('defaultCreators', save.defaultCreators && creditsOf('defaultCreators', save.defaultCreators)),
    restrictedTerritories: pick('restrictedTerritories', save.restrictedTerritories && [...new Set(save.restrictedTerritories)].sort()),
    unlisted: pick('unlisted', save.unlisted),
    relativeNameSetting: pick('relativeNameSetting', save.relativeNameSetting),
    assetLinkGroups: pick('assetLinkGroups', save.assetLinkGroups),
    status: pick('status', save.status as CodedPublishStatus | undefined),
    ageRating: pick('ageRating', save.ageRating),
    rightToLeft: pick('rightToLeft', save.rightToLeft),
    publisherId: pick('publisherId', save.publisherId),
    imprintId: pick('imprintId', save.imprintId),
    ipTagId: pick('ipTagId', save.ipTagId),
  };
}

const list = (ids: readonly (number | string)[]) => ids.join(', ');

/** Refuses a series that names what does not exist or breaks a rule; `id` is the series' own (null when new). */
async function check(tx: Queryable, id: number | null, after: SeriesState, before: SeriesState | null): Promise<void> {
  if (!after.title) throw new BadRequestError(SERIES_NEEDS_TITLE_MESSAGE);
  if (after.readableUrl !== null) {
    if (!isValidReadableUrl(after.readableUrl)) throw new BadRequestError(readableUrlDigitsMessage(READABLE_URL_DIGITS_ONLY_MESSAGE));
    const taken = await tx.query('SELECT 1 FROM series WHERE readable_url = $1 AND id IS DISTINCT FROM $2', [after.readableUrl, id]);
    if (taken.rowCount) throw new ConflictError(urlTakenMessage(after.readableUrl, 'series'));
  }
  const genres = await missingIds(tx, 'genres', after.genreIds);
  if (genres.length > 0) throw new BadRequestError(noIdsMessage('genreIds', 'genre', list(genres)));
  if (after.publisherId !== null && (await missingIds(tx, 'publishers', [after.publisherId])).length > 0) throw new BadRequestError(noIdsMessage('publisherId', 'publisher', after.publisherId));
  if (after.imprintId !== null) {
    const imprint = (await tx.query<{ publisher_id: number }>('SELECT publisher_id FROM imprints WHERE id = $1', [after.imprintId])).rows[0];
    if (!imprint) throw new BadRequestError(noIdsMessage('imprintId', 'imprint', after.imprintId));
    if (after.publisherId !== null && Number(imprint.publisher_id) !== after.publisherId) throw new BadRequestError(imprintOfAnotherPublisherMessage(after.imprintId, after.publisherId));
  }
  if (after.ipTagId !== null && (await missingIds(tx, 'ip_tags', [after.ipTagId])).length > 0) throw new BadRequestError(noIdsMessage('ipTagId', 'IP tag', after.ipTagId));
  for (const field of ['defaultCreators', 'overrideCreators'] as const) {
    const creators = await missingIds(tx, 'creators', after[field].map((credit) => credit.creatorId));
    if (creators.length > 0) throw new BadRequestError(noIdsMessage(field, 'creator', list(creators)));
  }
  const territories = await unknownTerritories(tx, after.restrictedTerritories);
  if (territories.length > 0) throw new BadRequestError(notCountryCodesMessage('restrictedTerritories', list(territories)));
  if (before) seriesOrBundleMove('series', before.status, after.status);
  else if (after.status !== 'Draft' && after.status !== 'Published' && after.status !== 'Removed') throw new BadRequestError(newSeriesStatusMessage(after.status));
  if (isPublishableStatus(after.status as Exclude<CodedPublishStatus, 'Ended'>)) {
    refusePublishing('The series', seriesPublishProblems({ title: after.title, description: after.description, genreCount: after.genreIds.length }));
  }
}

async function write(tx: Transaction, id: number, state: SeriesState): Promise<void> {
  const thumbnails: StoredThumbnail[] = [...state.thumbnails, ...state.heroThumbnails.map((thumbnail) => ({ ...thumbnail, role: 'hero' }))];
  await tx.query(
    `UPDATE series SET title = $2, description = $3, meta_description = $4, readable_url = $5, color = $6, completion_status = $7,
            original_language_title = $8, romanized_title = $9, alt_titles = $10, restricted_territories = $11, unlisted = $12, status = $13,
            relative_name_setting = $14, age_rating = $15, right_to_left = $16, publisher_id = $17, imprint_id = $18, ip_tag_id = $19,
            thumbnails = $20, external_links = $21, is_using_override_creators = $22, asset_link_groups = $23, updated_at = now()
      WHERE id = $1`,
    [
      id, state.title, state.description, state.metaDescription, state.readableUrl, state.color, state.completionStatus,
      state.originalLanguageTitle, state.romanizedTitle, state.altTitles, state.restrictedTerritories, state.unlisted, PUBLISH_STATUS_CODES[state.status],
      state.relativeNameSetting, state.ageRating, state.rightToLeft, state.publisherId, state.imprintId, state.ipTagId,
      JSON.stringify(thumbnails), JSON.stringify(state.externalLinks), state.isUsingOverrideCreators, JSON.stringify(state.assetLinkGroups),
    ],
  );
  await tx.query('DELETE FROM series_genres WHERE series_id = $1', [id]);
  await tx.query('INSERT INTO series_genres (series_id, genre_id) SELECT $1, unnest($2::bigint[])', [id, state.genreIds]);
  for (const [table, list] of [['series_creators', state.defaultCreators], ['series_override_creators', state.overrideCreators]] as const) {
    await tx.query(`DELETE FROM ${table} WHERE series_id = $1`, [id]);
    await tx.query(
      `INSERT INTO ${table} (series_id, creator_id, title, ordinal, hidden) SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::int[], $5::boolean[])`,
      [id, list.map((credit) => credit.creatorId), list.map((credit) => credit.title), list.map((credit) => credit.ordinal), list.map((credit) => credit.hidden)],
    );
  }
}

async function addNotes(tx: Queryable, id: number, actor: StaffActor, notes: readonly SeriesNoteInput[]): Promise<void> {
  for (const note of notes) {
    const text = note.text.trim();
    if (!text) throw new BadRequestError(EMPTY_NOTE_MESSAGE);
    await tx.query('INSERT INTO series_notes (series_id, text, log_level, author_id, author_email) VALUES ($1, $2, $3, $4, $5)', [id, text, note.logLevel ?? 'Info', actor.id, actor.email]);
  }
}

const auditable = (state: SeriesState) => ({ ...state }) as unknown as Record<string, unknown>;

/** POST /dashboard/series/new: checks, saves, and writes series.changed and the audit entry. */
export async function createStaffSeries({ tx, outbox }: CatalogueChange, actor: StaffActor, body: SeriesSaveBody): Promise<number> {
  const after = merge(NEW_SERIES, body);
  await check(tx, null, after, null);
  const { rows } = await tx.query<{ id: number }>('INSERT INTO series (title) VALUES ($1) RETURNING id', [after.title]);
  const id = Number(rows[0]!.id);
  await write(tx, id, after);
  await addNotes(tx, id, actor, body.newNotes ?? []);
  await outbox.add(tx, seriesEvent(id));
  await recordAudit(tx, { entity: 'series', entityId: id, action: 'created', actor, changes: fieldChanges({}, auditable(after)) });
  return id;
}

/**
 * POST /dashboard/series/alter: every series of the list, or none (the caller's transaction rolls
 * back on the first refusal, which names the series).
 */
export async function alterStaffSeries(change: CatalogueChange, actor: StaffActor, items: readonly SeriesAlterItem[]): Promise<void> {
  const seen = new Set<number>();
  for (const item of items) {
    if (seen.has(item.id)) throw new BadRequestError(seriesListedTwiceMessage(item.id));
    seen.add(item.id);
    try {
      await alterOne(change, actor, item);
    } catch (error) {
      if (items.length > 1 && error instanceof Error && 'statusCode' in error) error.message = `Series ${item.id}: ${error.message}`;
      throw error;
    }
  }
}

async function alterOne({ tx, outbox }: CatalogueChange, actor: StaffActor, item: SeriesAlterItem): Promise<void> {
  const before = await readState(tx, item.id, true);
  if (!before) throw new NotFoundError(noIdMessage('series', item.id));
  const { id, newNotes, ...save } = item;
  const after = merge(before, save);
  await check(tx, id, after, before);
  const changes = fieldChanges(auditable(before), auditable(after));
  if (Object.keys(changes).length > 0) {
    await write(tx, id, after);
    await outbox.add(tx, seriesEvent(id));
  }
  await addNotes(tx, id, actor, newNotes ?? []);
  if (Object.keys(changes).length > 0 || (newNotes?.length ?? 0) > 0) {
    const move = seriesOrBundleMove('series', before.status, after.status);
    await recordAudit(tx, { entity: 'series', entityId: id, action: move ? AUDIT_ACTION_OF[move] : 'altered', actor, changes: newNotes?.length ? { ...changes, notes: { from: null, to: newNotes.map((note) => note.text) } } : changes });
  }
}

/** Publish (to Published) or unpublish (to Draft) by id: §4 moves, with the publish rules of §5. */
export async function setStaffSeriesStatus({ tx, outbox }: CatalogueChange, actor: StaffActor, id: number, to: 'Published' | 'Draft'): Promise<CodedPublishStatus> {
  const before = await readState(tx, id, true);
  if (!before) throw new NotFoundError(noIdMessage('series', id));
  const move = seriesOrBundleMove('series', before.status, to);
  if (!move) return before.status;
  if (to === 'Published') refusePublishing('The series', seriesPublishProblems({ title: before.title, description: before.description, genreCount: before.genreIds.length }));
  await tx.query('UPDATE series SET status = $2, updated_at = now() WHERE id = $1', [id, PUBLISH_STATUS_CODES[to]]);
  await outbox.add(tx, seriesEvent(id));
  await recordAudit(tx, { entity: 'series', entityId: id, action: AUDIT_ACTION_OF[move], actor, changes: { status: { from: before.status, to } } });
  return to;
}

/** POST /dashboard/series/{id}/notes (beyond the spec): a note alone, without saving the series. */
export async function addStaffSeriesNote({ tx }: CatalogueChange, actor: StaffActor, id: number, note: SeriesNoteInput): Promise<void> {
  if (!(await readState(tx, id, true))) throw new NotFoundError(noIdMessage('series', id));
  await addNotes(tx, id, actor, [note]);
  await recordAudit(tx, { entity: 'series', entityId: id, action: 'noted', actor, changes: { notes: { from: null, to: [note.text] } } });
}

type CreditRow = { creatorId: number; name: string; title: string; ordinal: number; hidden: boolean };
const creditViews = (rows: CreditRow[]) => rows.map((row) => ({ ordinal: row.ordinal, hidden: row.hidden, title: row.title, creator: { id: Number(row.creatorId), name: row.name } }));
const ref = (id: number | null, name: string | null) => (id === null || name === null ? null : { id: Number(id), name });

/** The series editor's record (GET /dashboard/series/{id}). */
export async function loadStaffSeries(db: Queryable, id: number): Promise<DashboardSeries | undefined> {
  const state = await readState(db, id, false);
  if (!state) return undefined;
  const { rows } = await db.query<{
    genres: Array<{ id: number; name: string }>;
    default_creators: CreditRow[];
    override_creators: CreditRow[];
    notes: Array<{ id: number; text: string; logLevel: 'Info' | 'Success' | 'Error'; at: string; author: string }>;
    publisher_name: string | null; imprint_name: string | null; ip_tag_name: string | null;
    product_count: number; created_at: Date; updated_at: Date;
  }>(
    `SELECT COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name) FROM series_genres sg JOIN genres g ON g.id = sg.genre_id WHERE sg.series_id = s.id), '[]') AS genres,
            ${CREDITS_SQL('series_creators')} AS default_creators,
            ${CREDITS_SQL('series_override_creators')} AS override_creators,
            COALESCE((SELECT json_agg(json_build_object('id', n.id, 'text', n.text, 'logLevel', n.log_level, 'at', n.at, 'author', COALESCE(n.author_email, n.author_id)) ORDER BY n.at DESC, n.id DESC)
                        FROM series_notes n WHERE n.series_id = s.id), '[]') AS notes,
            pub.name AS publisher_name, imp.name AS imprint_name, ip.name AS ip_tag_name,
            (SELECT count(*) FROM products p WHERE p.series_id = s.id AND p.status <> ${PUBLISH_STATUS_CODES.Removed})::int AS product_count,
            s.created_at, s.updated_at
       FROM series s LEFT JOIN publishers pub ON pub.id = s.publisher_id LEFT JOIN imprints imp ON imp.id = s.imprint_id LEFT JOIN ip_tags ip ON ip.id = s.ip_tag_id
      WHERE s.id = $1`,
    [id],
  );
  const row = rows[0]!;
  return {
    id,
    title: state.title,
    description: state.description,
    metaDescription: state.metaDescription,
    genres: row.genres.map((genre) => ({ id: Number(genre.id), name: genre.name })),
    thumbnails: state.thumbnails,
    heroThumbnails: state.heroThumbnails,
    readableUrl: state.readableUrl,
    color: state.color,
    externalLinks: state.externalLinks,
    completionStatus: state.completionStatus,
    originalLanguageTitle: state.originalLanguageTitle,
    romanizedTitle: state.romanizedTitle,
    altTitles: state.altTitles,
    isUsingOverrideCreators: state.isUsingOverrideCreators,
    overrideCreators: creditViews(row.override_creators),
    defaultCreators: creditViews(row.default_creators),
    restrictedTerritories: state.restrictedTerritories,
    unlisted: state.unlisted,
    relativeNameSetting: state.relativeNameSetting,
    assetLinkGroups: state.assetLinkGroups,
    status: state.status,
    notes: row.notes.map((note) => ({ ...note, id: Number(note.id), at: new Date(note.at).toISOString() })),
    ageRating: state.ageRating,
    rightToLeft: state.rightToLeft,
    publisher: ref(state.publisherId, row.publisher_name),
    imprint: ref(state.imprintId, row.imprint_name),
    ipTag: ref(state.ipTagId, row.ip_tag_name),
    productCount: row.product_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const SORT_COLUMNS: Record<NonNullable<SeriesListQuery['sortBy']>, string> = {
  title: 'lower(s.title)',
  updatedAt: 's.updated_at',
  createdAt: 's.created_at',
  status: 's.status',
  id: 's.id',
};

/** GET and POST /dashboard/series: a page of series matching the query (title, readable URL or alt titles). */
export async function listStaffSeries(db: Queryable, query: SeriesListQuery): Promise<Paginated<SeriesListRow>> {
  const window = pageWindow(query);
  const status = parsePublishStatusFilter(query.publishStatus);
  const pattern = containsPattern(query.query);
  const includeRemoved = query.includeRemoved === true || status === PUBLISH_STATUS_CODES.Removed;
  const where = `($1::text IS NULL OR s.title ILIKE $1 OR s.readable_url ILIKE $1 OR array_to_string(s.alt_titles, ' ') ILIKE $1)
             AND ($2::smallint IS NULL OR s.status = $2) AND ($3 OR s.status <> ${PUBLISH_STATUS_CODES.Removed})`;
  const order = `${SORT_COLUMNS[query.sortBy ?? 'title']} ${query.sortDirection === 'desc' ? 'DESC' : 'ASC'}, s.id ${query.sortDirection === 'desc' ? 'DESC' : 'ASC'}`;
  const { rows } = await db.query<{
    id: number; title: string; readable_url: string | null; status: number; unlisted: boolean; publisher_id: number | null; publisher_name: string | null;
    genres: Array<{ id: number; name: string }>; product_count: number; thumbnails: StoredThumbnail[]; updated_at: Date;
  }>(
    `SELECT s.id, s.title, s.readable_url, s.status, s.unlisted, s.publisher_id, pub.name AS publisher_name, s.thumbnails, s.updated_at,
            COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name) FROM series_genres sg JOIN genres g ON g.id = sg.genre_id WHERE sg.series_id = s.id), '[]') AS genres,
            (SELECT count(*) FROM products p WHERE p.series_id = s.id AND p.status <> ${PUBLISH_STATUS_CODES.Removed})::int AS product_count
       FROM series s LEFT JOIN publishers pub ON pub.id = s.publisher_id
      WHERE ${where} ORDER BY ${order} LIMIT $4 OFFSET $5`,
    [pattern, status, includeRemoved, window.limit, window.offset],
  );
  const counts = await db.query<{ filtered: number; unfiltered: number }>(
    `SELECT (SELECT count(*) FROM series s WHERE ${where})::int AS filtered, (SELECT count(*) FROM series)::int AS unfiltered`,
    [pattern, status, includeRemoved],
  );
  const items = rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    readableUrl: row.readable_url,
    status: statusName(row.status),
    unlisted: row.unlisted,
    publisher: ref(row.publisher_id, row.publisher_name),
    genres: row.genres.map((genre) => ({ id: Number(genre.id), name: genre.name })),
    productCount: row.product_count,
    thumbnail: withRole(row.thumbnails, 'cover')[0] ?? null,
    updatedAt: row.updated_at.toISOString(),
  }));
  return pageOf(items, window, counts.rows[0]!.filtered, counts.rows[0]!.unfiltered);
}

import type { DashboardPublisher, PublisherAlterBody, PublisherListBody, PublisherNewBody } from '@inkwell/contracts/dashboard-catalogue';
import { EVENTS, BadRequestError, ConflictError, NotFoundError, type Paginated, type Queryable } from '@inkwell/platform';
import { fieldChanges, recordAudit, type StaffActor } from './audit';
import type { CatalogueChange } from './catalogue-change';
import { containsPattern, missingIds, pageOf, pageWindow } from './staff-lists';
import { imprintListedTwiceMessage, imprintNeedsNameMessage, imprintsInUseMessage, noIdMessage, noIdsMessage, notThisPublishersImprintMessage, PUBLISHER_NEEDS_NAME_MESSAGE, publisherInUseMessage, publisherNameTakenMessage } from '../domain/messages';

function publisherEvent(id: number) {
  return { type: EVENTS.publisherChanged.type, key: `publisher:${id}`, data: { publisherId: String(id) } };
}

const PUBLISHER_SQL = `
  SELECT p.id, p.name, p.hidden, p.relative_name_setting AS "relativeNameSetting", p.website, p.created_at AS "createdAt",
         COALESCE((SELECT json_agg(json_build_object('id', i.id, 'name', i.name, 'publisherId', i.publisher_id) ORDER BY i.name) FROM imprints i WHERE i.publisher_id = p.id), '[]') AS imprints,
         (SELECT count(*) FROM series s WHERE s.publisher_id = p.id)::int AS "seriesCount",
         (SELECT count(*) FROM products pr WHERE pr.publisher_id = p.id)::int AS "productCount"
    FROM publishers p`;

type PublisherRow = Omit<DashboardPublisher, 'createdAt'> & { createdAt: Date };
const view = (row: PublisherRow): DashboardPublisher => ({
  ...row,
  id: Number(row.id),
  imprints: row.imprints.map((imprint) => ({ id: Number(imprint.id), name: imprint.name, publisherId: Number(imprint.publisherId) })),
  createdAt: row.createdAt.toISOString(),
});

export async function loadStaffPublisher(db: Queryable, id: number): Promise<DashboardPublisher | undefined> {
  const row = (await db.query<PublisherRow>(`${PUBLISHER_SQL} WHERE p.id = $1`, [id])).rows[0];
  return row && view(row);
}

const SORTS: Record<NonNullable<PublisherListBody['sortBy']>, string> = { name: 'lower(p.name)', createdAt: 'p.created_at', id: 'p.id' };

/** POST /dashboard/publisher/post-pagination. */
export async function listStaffPublishers(db: Queryable, body: PublisherListBody): Promise<Paginated<DashboardPublisher>> {
  const window = pageWindow(body);
  const pattern = containsPattern(body.query);
  const where = `($1::text IS NULL OR p.name ILIKE $1 OR EXISTS (SELECT 1 FROM imprints i WHERE i.publisher_id = p.id AND i.name ILIKE $1)) AND ($2::boolean IS NULL OR p.hidden = $2)`;
  const direction = body.sortDirection === 'desc' ? 'DESC' : 'ASC';
  const { rows } = await db.query<PublisherRow>(`${PUBLISHER_SQL} WHERE ${where} ORDER BY ${SORTS[body.sortBy ?? 'name']} ${direction}, p.id ${direction} LIMIT $3 OFFSET $4`, [
    pattern, body.hidden ?? null, window.limit, window.offset,
  ]);
  const counts = await db.query<{ filtered: number; unfiltered: number }>(
    `SELECT (SELECT count(*) FROM publishers p WHERE ${where})::int AS filtered, (SELECT count(*) FROM publishers)::int AS unfiltered`,
    [pattern, body.hidden ?? null],
  );
  return pageOf(rows.map(view), window, counts.rows[0]!.filtered, counts.rows[0]!.unfiltered);
}

async function checkName(tx: Queryable, name: string, id: number | null): Promise<void> {
  if (!name) throw new BadRequestError(PUBLISHER_NEEDS_NAME_MESSAGE);
  const taken = await tx.query('SELECT 1 FROM publishers WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2', [name, id]);
  if (taken.rowCount) throw new ConflictError(publisherNameTakenMessage(name));
}

function checkImprintNames(names: readonly string[]): void {
  const seen = new Set<string>();
  names.forEach((name, position) => {
    if (!name) throw new BadRequestError(imprintNeedsNameMessage(position));
    if (seen.has(name.toLowerCase())) throw new BadRequestError(imprintListedTwiceMessage(position, name));
    seen.add(name.toLowerCase());
  });
}

const auditable = (publisher: DashboardPublisher) => ({
  name: publisher.name,
  hidden: publisher.hidden,
  relativeNameSetting: publisher.relativeNameSetting,
  website: publisher.website,
  imprints: publisher.imprints.map((imprint) => imprint.name),
});

/** POST /dashboard/publisher/new. */
export async function createStaffPublisher({ tx, outbox }: CatalogueChange, actor: StaffActor, body: PublisherNewBody): Promise<number> {
  const name = body.name.trim();
  await checkName(tx, name, null);
  const imprints = (body.imprints ?? []).map((imprint) => imprint.trim());
  checkImprintNames(imprints);
  const { rows } = await tx.query<{ id: number }>('INSERT INTO publishers (name, hidden, relative_name_setting, website) VALUES ($1, $2, $3, $4) RETURNING id', [
    name, body.hidden ?? false, body.relativeNameSetting ?? 'Volume', body.website?.trim() || null,
  ]);
  const id = Number(rows[0]!.id);
  for (const imprint of imprints) await tx.query('INSERT INTO imprints (publisher_id, name) VALUES ($1, $2)', [id, imprint]);
  await outbox.add(tx, publisherEvent(id));
  await recordAudit(tx, { entity: 'publisher', entityId: id, action: 'created', actor, changes: fieldChanges({}, auditable((await loadStaffPublisher(tx, id))!)) });
  return id;
}

/** POST /dashboard/publisher/alter; `imprints`, when sent, is the whole list (see PublisherAlterBodySchema). */
export async function alterStaffPublisher({ tx, outbox }: CatalogueChange, actor: StaffActor, body: PublisherAlterBody): Promise<void> {
  await tx.query('SELECT 1 FROM publishers WHERE id = $1 FOR UPDATE', [body.id]);
  const before = await loadStaffPublisher(tx, body.id);
  if (!before) throw new NotFoundError(noIdMessage('publisher', body.id));
  const name = body.name === undefined ? before.name : body.name.trim();
  await checkName(tx, name, body.id);
  await tx.query('UPDATE publishers SET name = $2, hidden = $3, relative_name_setting = $4, website = $5 WHERE id = $1', [
    body.id, name, body.hidden ?? before.hidden, body.relativeNameSetting ?? before.relativeNameSetting, body.website === undefined ? before.website : body.website?.trim() || null,
  ]);
  if (body.imprints) await replaceImprints(tx, body.id, before.imprints, body.imprints);
  const after = (await loadStaffPublisher(tx, body.id))!;
  const changes = fieldChanges(auditable(before), auditable(after));
  if (Object.keys(changes).length === 0) return;
  await outbox.add(tx, publisherEvent(body.id));
  await recordAudit(tx, { entity: 'publisher', entityId: body.id, action: 'altered', actor, changes });
}

async function replaceImprints(tx: Queryable, publisherId: number, existing: DashboardPublisher['imprints'], wanted: NonNullable<PublisherAlterBody['imprints']>): Promise<void> {
  const names = wanted.map((imprint) => imprint.name.trim());
  checkImprintNames(names);
  const own = new Set(existing.map((imprint) => imprint.id));
  wanted.forEach((imprint, position) => {
    if (imprint.id !== undefined && !own.has(imprint.id)) throw new BadRequestError(notThisPublishersImprintMessage(position, imprint.id));
  });
  const kept = new Set(wanted.flatMap((imprint) => (imprint.id === undefined ? [] : [imprint.id])));
  const dropped = existing.filter((imprint) => !kept.has(imprint.id));
  if (dropped.length > 0) {
    const used = await tx.query<{ name: string }>(
      `SELECT i.name FROM imprints i WHERE i.id = ANY($1::bigint[])
          AND (EXISTS (SELECT 1 FROM series s WHERE s.imprint_id = i.id) OR EXISTS (SELECT 1 FROM products p WHERE p.imprint_id = i.id)) ORDER BY i.name`,
      [dropped.map((imprint) => imprint.id)],
    );
    if (used.rowCount) throw new ConflictError(imprintsInUseMessage(used.rows.map((row) => row.name).join(', ')));
    await tx.query('DELETE FROM imprints WHERE id = ANY($1::bigint[])', [dropped.map((imprint) => imprint.id)]);
  }
  // Renames first go through temporary names, so two imprints may swap names within one save.
  await tx.query("UPDATE imprints SET name = 'renaming ' || id WHERE id = ANY($1::bigint[])", [[...kept]]);
  for (const [position, imprint] of wanted.entries()) {
    if (imprint.id === undefined) await tx.query('INSERT INTO imprints (publisher_id, name) VALUES ($1, $2)', [publisherId, names[position]]);
    else await tx.query('UPDATE imprints SET name = $2 WHERE id = $1', [imprint.id, names[position]]);
  }
}

/** POST /dashboard/publisher/remove: refused while series or products still name the publisher. */
export async function removeStaffPublisher({ tx, outbox }: CatalogueChange, actor: StaffActor, id: number): Promise<void> {
  await tx.query('SELECT 1 FROM publishers WHERE id = $1 FOR UPDATE', [id]);
  const before = await loadStaffPublisher(tx, id);
  if (!before) throw new NotFoundError(noIdMessage('publisher', id));
  const imprintUse = await tx.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM series s JOIN imprints i ON i.id = s.imprint_id WHERE i.publisher_id = $1 AND s.publisher_id IS DISTINCT FROM $1)
           + (SELECT count(*) FROM products p JOIN imprints i ON i.id = p.imprint_id WHERE i.publisher_id = $1 AND p.publisher_id IS DISTINCT FROM $1))::int AS n`,
    [id],
  );
  const productCount = before.productCount + imprintUse.rows[0]!.n;
  if (before.seriesCount > 0 || productCount > 0) {
    // Only the counts that are not zero: "1 series and 2 products", "1 series", "2 products".
    const users = [before.seriesCount > 0 ? `${before.seriesCount} series` : '', productCount > 0 ? `${productCount} ${productCount === 1 ? 'product' : 'products'}` : ''].filter(Boolean).join(' and ');
    throw new ConflictError(publisherInUseMessage(before.name, users));
  }
  await tx.query('DELETE FROM imprints WHERE publisher_id = $1', [id]);
  await tx.query('DELETE FROM publishers WHERE id = $1', [id]);
  await outbox.add(tx, publisherEvent(id));
  await recordAudit(tx, { entity: 'publisher', entityId: id, action: 'removed', actor, changes: fieldChanges(auditable(before), {}) });
}

/** POST /dashboard/publisher/batch-visibility: hides or shows every publisher listed, or none if one is unknown. */
export async function setStaffPublishersHidden({ tx, outbox }: CatalogueChange, actor: StaffActor, ids: readonly number[], hidden: boolean): Promise<number[]> {
  const unique = [...new Set(ids)];
  const unknown = await missingIds(tx, 'publishers', unique);
  if (unknown.length > 0) throw new BadRequestError(noIdsMessage('ids', 'publisher', unknown.join(', ')));
  const { rows } = await tx.query<{ id: number }>('UPDATE publishers SET hidden = $2 WHERE id = ANY($1::bigint[]) AND hidden <> $2 RETURNING id', [unique, hidden]);
  for (const row of rows) {
    const id = Number(row.id);
    await outbox.add(tx, publisherEvent(id));
    await recordAudit(tx, { entity: 'publisher', entityId: id, action: hidden ? 'hidden' : 'shown', actor, changes: { hidden: { from: !hidden, to: hidden } } });
  }
  return unique;
}

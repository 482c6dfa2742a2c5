import type { HtmlComponent, HtmlComponentInput } from '@inkwell/contracts/dashboard-merchandising';
import { problem, type Problem } from '@inkwell/contracts/problems';
import { EVENTS, ConflictError, NotFoundError, type Queryable } from '@inkwell/platform';
import { PUBLISH_STATUS_CODES } from '../domain';
import { sanitiseHtml } from '../domain/html-sanitiser';
import { fieldChanges, recordAudit, type StaffActor } from './audit';
import { refuseProblems, type CatalogueChange } from './catalogue-change';
import { statusName } from './staff-lists';
import { nextOrdinalSql } from './ordinals';

/*
 * HTML components of the home page (dashboard spec §3 "Text block", §7 "Home page"): content is
 * sanitised before it is stored, so what the storefront renders is always the allow-listed HTML.
 */

export const HTML_COMPONENT_NAME_MESSAGE = 'An HTML component needs a name.';
export const HTML_COMPONENT_ID_NEEDED_MESSAGE = 'Each HTML component to alter needs its id.';
export const HTML_COMPONENT_CHANGED_SINCE_MESSAGE = (id: number) => `HTML component ${id} was saved by someone else since it was opened: reload it and make the change again.`;
export const HTML_COMPONENT_TWICE_MESSAGE = (id: number) => `HTML component ${id} is in the request more than once.`;

const HOME_CHANGED = { type: EVENTS.homeChanged.type, key: 'home', data: {} };

type Row = { id: string | number; name: string; style: HtmlComponent['style']; content: string; status: number; ordinal: number; updated_at: Date };

const SELECT = 'SELECT id, name, style, content, status, ordinal, updated_at FROM html_components';

function view(row: Row): HtmlComponent {
  return { id: Number(row.id), name: row.name, style: row.style, content: row.content, status: statusName(row.status), order: row.ordinal, updatedAt: row.updated_at.toISOString() };
}

const auditable = (component: Pick<HtmlComponent, 'name' | 'style' | 'content' | 'status' | 'order'>) => ({ name: component.name, style: component.style, content: component.content, status: component.status, order: component.order });

/** GET /dashboard/html-components: in their order on the home page, removed ones last. */
export async function listHtmlComponents(db: Queryable): Promise<HtmlComponent[]> {
  const { rows } = await db.query<Row>(`${SELECT} ORDER BY status = ${PUBLISH_STATUS_CODES.Removed}, ordinal, id`);
  return rows.map(view);
}

export async function loadHtmlComponents(db: Queryable, ids: readonly number[]): Promise<HtmlComponent[]> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE id = ANY($1::bigint[])`, [[...ids]]);
  const byId = new Map(rows.map((row) => [Number(row.id), view(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** What /home/V2 shows between the wheel and the carousels: the published components, in order. */
export async function publishedHtmlComponents(db: Queryable): Promise<Array<{ id: number; name: string; style: string; content: string }>> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE status = ${PUBLISH_STATUS_CODES.Published} AND content <> '' ORDER BY ordinal, id`);
  return rows.map((row) => ({ id: Number(row.id), name: row.name, style: row.style, content: row.content }));
}

function nameProblems(input: HtmlComponentInput, prefix: string): Problem[] {
  return input.name.trim() ? [] : [problem(`${prefix}name`, HTML_COMPONENT_NAME_MESSAGE)];
}

/** POST /dashboard/html-components/new: saved Draft unless asked Published, at the end of the order unless given one. */
export async function createHtmlComponent({ tx, outbox }: CatalogueChange, actor: StaffActor, input: HtmlComponentInput): Promise<number> {
  refuseProblems('HTML component', nameProblems(input, ''));
  const content = sanitiseHtml(input.content);
  const status = input.status ?? 'Draft';
  const { rows } = await tx.query<{ id: string; ordinal: number }>(
    `INSERT INTO html_components (name, style, content, status, ordinal)
     VALUES ($1, $2, $3, $4, COALESCE($5, ${nextOrdinalSql('html_components')})) RETURNING id, ordinal`,
    [input.name.trim(), input.style, content, PUBLISH_STATUS_CODES[status], input.order ?? null],
  );
  const id = Number(rows[0]!.id);
  await outbox.add(tx, HOME_CHANGED);
  await recordAudit(tx, { entity: 'html-component', entityId: id, action: 'created', actor, changes: fieldChanges({}, auditable({ name: input.name.trim(), style: input.style, content, status, order: rows[0]!.ordinal })) });
  return id;
}

/** POST /dashboard/html-components/alter: every component of the list saved in the caller's one transaction, or none. */
export async function alterHtmlComponents({ tx, outbox }: CatalogueChange, actor: StaffActor, inputs: readonly HtmlComponentInput[]): Promise<number[]> {
  const problems: Problem[] = [];
  const seen = new Set<number>();
  inputs.forEach((input, position) => {
    if (input.id === undefined) problems.push(problem(`[${position}].id`, HTML_COMPONENT_ID_NEEDED_MESSAGE));
    else if (seen.has(input.id)) problems.push(problem(`[${position}].id`, HTML_COMPONENT_TWICE_MESSAGE(input.id)));
    else seen.add(input.id);
    problems.push(...nameProblems(input, `[${position}].`));
  });
  refuseProblems('HTML components', problems);
  const ids = inputs.map((input) => input.id!);
  const { rows } = await tx.query<Row>(`${SELECT} WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`, [ids]);
  const before = new Map(rows.map((row) => [Number(row.id), view(row)]));
  let changed = false;
  for (const input of inputs) {
    const old = before.get(input.id!);
    if (!old) throw new NotFoundError(`There is no HTML component with id ${input.id}.`);
    if (input.expectedUpdatedAt !== undefined && new Date(input.expectedUpdatedAt).getTime() !== new Date(old.updatedAt).getTime()) throw new ConflictError(HTML_COMPONENT_CHANGED_SINCE_MESSAGE(old.id));
    const after = { name: input.name.trim(), style: input.style, content: sanitiseHtml(input.content), status: input.status ?? old.status, order: input.order ?? old.order };
    const changes = fieldChanges(auditable(old), auditable(after));
    if (Object.keys(changes).length === 0) continue;
    changed = true;
    await tx.query('UPDATE html_components SET name = $2, style = $3, content = $4, status = $5, ordinal = $6, updated_at = now() WHERE id = $1', [
      old.id,
      after.name,
      after.style,
      after.content,
      PUBLISH_STATUS_CODES[after.status as keyof typeof PUBLISH_STATUS_CODES],
      after.order,
    ]);
    await recordAudit(tx, { entity: 'html-component', entityId: old.id, action: 'altered', actor, changes });
  }
  if (changed) await outbox.add(tx, HOME_CHANGED);
  return ids;
}

/** POST /dashboard/html-components/remove?id (beyond the spec): Removed, off the home page. */
export async function removeHtmlComponent({ tx, outbox }: CatalogueChange, actor: StaffActor, id: number): Promise<void> {
  const { rows } = await tx.query<{ status: number }>('SELECT status FROM html_components WHERE id = $1 FOR UPDATE', [id]);
  if (!rows[0]) throw new NotFoundError(`There is no HTML component with id ${id}.`);
  if (rows[0].status === PUBLISH_STATUS_CODES.Removed) return;
  await tx.query('UPDATE html_components SET status = $2, updated_at = now() WHERE id = $1', [id, PUBLISH_STATUS_CODES.Removed]);
  await outbox.add(tx, HOME_CHANGED);
  await recordAudit(tx, { entity: 'html-component', entityId: id, action: 'removed', actor, changes: { status: { from: statusName(rows[0].status), to: 'Removed' } } });
}

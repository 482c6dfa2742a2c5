import type { Queryable } from '@inkwell/platform';
import { slugify } from '../domain';
import { checkReadableUrl } from './catalogue-change';

/*
 * Reference data staff pick from when they edit series and products. Creating one changes no
 * storefront answer by itself (a publisher or genre shows only through the series and products
 * that name it, whose own events carry that), so these write no integration events.
 */

/** A publisher and its imprints; returns the ids, imprints by name. */
export async function createPublisher(db: Queryable, input: { name: string; imprints?: readonly string[] }): Promise<{ id: number; imprints: Map<string, number> }> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO publishers (name) VALUES ($1) RETURNING id', [input.name]);
  const id = rows[0]!.id;
  const imprints = new Map<string, number>();
  for (const name of input.imprints ?? []) {
    const inserted = await db.query<{ id: number }>('INSERT INTO imprints (publisher_id, name) VALUES ($1, $2) RETURNING id', [id, name]);
    imprints.set(name, inserted.rows[0]!.id);
  }
  return { id, imprints };
}

/** A genre; its readable URL is made from the name unless given. */
export async function createGenre(db: Queryable, input: { name: string; readableUrl?: string }): Promise<number> {
  const readableUrl = input.readableUrl ?? slugify(input.name);
  checkReadableUrl('Genre', readableUrl);
  const { rows } = await db.query<{ id: number }>('INSERT INTO genres (name, readable_url) VALUES ($1, $2) RETURNING id', [input.name, readableUrl]);
  return rows[0]!.id;
}

export async function createCreator(db: Queryable, input: { name: string }): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO creators (name) VALUES ($1) RETURNING id', [input.name]);
  return rows[0]!.id;
}

/** An IP tag (a franchise that groups series); its readable URL is made from the name unless given. */
export async function createIpTag(db: Queryable, input: { name: string; readableUrl?: string }): Promise<number> {
  const readableUrl = input.readableUrl ?? slugify(input.name);
  checkReadableUrl('IP tag', readableUrl);
  const { rows } = await db.query<{ id: number }>('INSERT INTO ip_tags (name, readable_url) VALUES ($1, $2) RETURNING id', [input.name, readableUrl]);
  return rows[0]!.id;
}

/** A short link: the code `/api/url/getLongUrl/{code}` answers with its storefront path. */
export async function createShortUrl(db: Queryable, input: { code: string; longUrl: string }): Promise<void> {
  await db.query('INSERT INTO short_urls (code, long_url) VALUES ($1, $2)', [input.code, input.longUrl]);
}

/** Whether the catalogue has no products yet (a first start). */
export async function catalogueIsEmpty(db: Queryable): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM products LIMIT 1');
  return rowCount === 0;
}

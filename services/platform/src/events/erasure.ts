import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';

/**
 * Erasure of a person (`account.deleted`, issue 23): what every service uses to forget them in the
 * tables it keeps for bookkeeping or statistics, and in the platform's own tables of its database
 * (the outbox's published events, dead letters, staff actions).
 */
export interface ErasedPerson {
  userId: string;
  /** The addresses the service knew the person by (any case). */
  emails: readonly string[];
}

/** What an erased email or personal text field becomes where the column cannot be null. */
export const ERASED_TEXT = 'erased';

/**
 * The anonymous stand-in for an erased user id: `erased:` and the first 32 hex digits of the id's
 * sha256. The same in every service (rows of one person stay grouped for counts) and not the id in
 * clear; an account id is a random UUID, so it cannot be guessed back from the hash.
 */
export function erasedUserToken(userId: string): string {
  return `erased:${createHash('sha256').update(userId).digest('hex').slice(0, 32)}`;
}

/** Keys of personal fields in stored JSON (addresses, receipts, email events): their values go. */
const PERSONAL_KEYS = new Set([
  'firstName',
  'surName',
  'lastName',
  'name',
  'fullName',
  'customerName',
  'companyName',
  'address',
  'address1',
  'address2',
  'line1',
  'line2',
  'street',
  'locality',
  'city',
  'postalCode',
  'postal_code',
  'zip',
  'phoneNumber',
  'phone',
  'email',
  'receipt_email',
  'oldEmail',
  'newEmail',
  'to',
]);

/** Objects whose `name` is a person's (an address); elsewhere (order items) `name` is a product's. */
const looksLikeAddress = (value: Record<string, unknown>) => 'postalCode' in value || 'surName' in value || 'firstName' in value || 'phoneNumber' in value;

function replaceAll(text: string, person: ErasedPerson, token: string): string {
  let result = text;
  const swap = (needle: string, by: string) => {
    if (!needle) return;
    const lower = needle.toLowerCase();
    let index = result.toLowerCase().indexOf(lower);
    while (index >= 0) {
      result = result.slice(0, index) + by + result.slice(index + needle.length);
      index = result.toLowerCase().indexOf(lower, index + by.length);
    }
  };
  swap(person.userId, token);
  for (const email of person.emails) swap(email, ERASED_TEXT);
  return result;
}

/**
 * A JSON value with the person taken out: personal fields (names, street, postal code, phone,
 * email) nulled — country and administrative area stay, tax records need them —, and the user id
 * or an email anywhere in a text replaced (the id by its token, an email by `erased`).
 */
export function redactPersonal(value: unknown, person: ErasedPerson): unknown {
  const token = erasedUserToken(person.userId);
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return replaceAll(item, person, token);
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === 'object') {
      const object = item as Record<string, unknown>;
      const address = looksLikeAddress(object);
      return Object.fromEntries(
        Object.entries(object).map(([key, field]) => {
          if (typeof field === 'string' && PERSONAL_KEYS.has(key) && (key !== 'name' || address)) return [key, null];
          return [key, walk(field)];
        }),
      );
    }
    return item;
  };
  return walk(value);
}

/** Whether a text holds the person's id or one of their emails (any case). */
export function mentionsPerson(text: string, person: ErasedPerson): boolean {
  const lower = text.toLowerCase();
  return [person.userId, ...person.emails].some((needle) => needle !== '' && lower.includes(needle.toLowerCase()));
}

/** `position(...)` conditions over a text expression for the person's id and emails ($1: the needles). */
const NEEDLES_SQL = (expression: string) => `EXISTS (SELECT 1 FROM unnest($1::text[]) AS n WHERE position(n IN lower(${expression})) > 0)`;
const needlesOf = (person: ErasedPerson) => [person.userId, ...person.emails].filter((needle) => needle !== '').map((needle) => needle.toLowerCase());

/**
 * Takes the person out of the platform's tables of one service database: the outbox's events
 * (published or not: their data redacted, a key that is the user id replaced by its token, so the
 * order of that key's events holds), dead letters' envelopes, and staff actions' targets. Returns
 * how many rows changed. Run inside the consumer's transaction.
 */
export async function erasePersonFromPlatformTables(tx: Queryable, person: ErasedPerson): Promise<number> {
  const needles = needlesOf(person);
  if (needles.length === 0) return 0;
  const token = erasedUserToken(person.userId);
  let changed = 0;
  const outbox = await tx.query<{ seq: string; key: string; data: unknown }>(`SELECT seq, key, data FROM outbox WHERE ${NEEDLES_SQL('data::text || key')} FOR UPDATE`, [needles]);
  for (const row of outbox.rows) {
    await tx.query('UPDATE outbox SET data = $2, key = $3 WHERE seq = $1', [row.seq, JSON.stringify(redactPersonal(row.data, person)), replaceAll(row.key, person, token)]);
    changed += 1;
  }
  const letters = await tx.query<{ id: string; envelope: unknown; event_key: string }>(`SELECT id, envelope, event_key FROM dead_letters WHERE ${NEEDLES_SQL('envelope::text || event_key')} FOR UPDATE`, [needles]);
  for (const row of letters.rows) {
    await tx.query('UPDATE dead_letters SET envelope = $2, event_key = $3 WHERE id = $1', [row.id, JSON.stringify(redactPersonal(row.envelope, person)), replaceAll(row.event_key, person, token)]);
    changed += 1;
  }
  const actions = await tx.query<{ id: string; target: string }>(`SELECT id, target FROM staff_actions WHERE ${NEEDLES_SQL('target')}`, [needles]);
  for (const row of actions.rows) {
    await tx.query('UPDATE staff_actions SET target = $2 WHERE id = $1', [row.id, replaceAll(row.target, person, token)]);
    changed += 1;
  }
  return changed;
}

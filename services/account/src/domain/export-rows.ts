import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DEFAULT_USER_EXPORT_FIELDS, USER_EXPORT_FIELDS, type USER_EXPORT_FORMATS } from '@inkwell/contracts/dashboard-customers';

/**
 * The user export's rules, pure: which fields may be asked for, what each row's cells hold, how a
 * CSV cell is written (RFC 4180, guarded against formula injection) and how a JSON line is, and the
 * signed download link (HMAC-SHA256 over the export's id and the link's expiry).
 */

export type UserExportField = (typeof USER_EXPORT_FIELDS)[number];
export type UserExportFormat = (typeof USER_EXPORT_FORMATS)[number];

/** The columns of an account an export reads. */
export interface ExportAccount {
  id: string;
  email: string;
  name: string | null;
  roles: string[];
  verified: boolean;
  login_count: number;
  last_login_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type ExportFieldCheck = { ok: true; fields: UserExportField[] } | { ok: false; field: string };

const KNOWN = new Set<string>(USER_EXPORT_FIELDS);

/**
 * The fields asked for, in the contract's order (the header row's order), each once; the default
 * list when none are named. The first name that is not an export field is the refusal.
 */
export function checkExportFields(requested: readonly string[] | undefined): ExportFieldCheck {
  if (requested === undefined) return { ok: true, fields: [...DEFAULT_USER_EXPORT_FIELDS] };
  const unknown = requested.find((field) => !KNOWN.has(field));
  if (unknown !== undefined) return { ok: false, field: unknown };
  const asked = new Set(requested);
  return { ok: true, fields: USER_EXPORT_FIELDS.filter((field) => asked.has(field)) };
}

export type ExportValue = string | number | boolean | null | string[];

/**
 * One field of one account. `user_metadata.country`: accounts hold no country, so it is always
 * empty (null), never guessed.
 */
export function exportValue(account: ExportAccount, field: UserExportField): ExportValue {
  switch (field) {
    case 'user_id':
      return account.id;
    case 'email':
      return account.email;
    case 'user_metadata.country':
      return null;
    case 'created_at':
      return account.created_at.toISOString();
    case 'updated_at':
      return account.updated_at.toISOString();
    case 'last_login':
      return account.last_login_at ? account.last_login_at.toISOString() : null;
    case 'logins_count':
      return account.login_count;
    case 'email_verified':
      return account.verified;
    case 'name':
      return account.name;
    case 'roles':
      return [...account.roles];
  }
}

/** A cell a spreadsheet would read as a formula (or DDE) starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet must show as text: a value starting with = + - @ tab or carriage return gets a
 * leading apostrophe (OWASP's CSV injection advice), so `=HYPERLINK(…)` in a name stays inert.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV cell: RFC 4180 quoting when it holds a quote, comma, CR or LF; lists joined by `;`. */
export function csvCell(value: ExportValue): string {
  if (value === null) return '';
  const text = neutraliseFormula(Array.isArray(value) ? value.join(';') : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 ends records with CRLF. */
export const CSV_LINE_END = '\r\n';
/** So spreadsheet programs read the file as UTF-8 (names with accents). */
export const CSV_BOM = '\uFEFF';

export function csvHeader(fields: readonly UserExportField[]): string {
  return CSV_BOM + fields.map((field) => csvCell(field)).join(',') + CSV_LINE_END;
}

export function csvRow(account: ExportAccount, fields: readonly UserExportField[]): string {
  return fields.map((field) => csvCell(exportValue(account, field))).join(',') + CSV_LINE_END;
}

/** One JSON object per line (newline-delimited JSON), keyed by the field names as asked. */
export function jsonRow(account: ExportAccount, fields: readonly UserExportField[]): string {
  const row: Record<string, ExportValue> = {};
  for (const field of fields) row[field] = exportValue(account, field);
  return `${JSON.stringify(row)}\n`;
}

export const EXPORT_CONTENT_TYPES: Record<UserExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/x-ndjson; charset=utf-8',
};
const EXTENSIONS: Record<UserExportFormat, string> = { csv: 'csv', json: 'ndjson' };

/** Where the file is stored (local folder or S3 bucket). */
export function exportFileKey(id: string, format: UserExportFormat): string {
  return `exports/users/${id}.${EXTENSIONS[format]}`;
}

/** The name a browser saves the download under. */
export function exportFileName(createdAt: Date, format: UserExportFormat): string {
  return `users-${createdAt.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.${EXTENSIONS[format]}`;
}

/* ------------------------------------------------------------------ signed download links */

/**
 * The key export links are signed with, derived from the account service's token-signing key (a
 * secret only this service holds): a separate key per purpose, so a link's signature says nothing
 * about the token key. Rotating the signing key ends every export link.
 */
export function exportLinkKey(signingKeyPem: string): Buffer {
  return createHash('sha256').update('inkwell user-export download link v1\n').update(signingKeyPem).digest();
}

/** The signature of "this export, until this instant" (seconds since the epoch), base64url. */
export function signExportLink(key: Buffer, id: string, expiresAtSeconds: number): string {
  return createHmac('sha256', key).update(`${id}\n${expiresAtSeconds}`).digest('base64url');
}

export type ExportLinkCheck = { valid: true; expiresAt: Date } | { valid: false; reason: 'forged' | 'expired' };

/**
 * A download link as given: forged (not signed by us for this id and expiry, or malformed) before
 * expired, so an altered link learns nothing else; the comparison takes the same time whatever
 * bytes differ.
 */
export function checkExportLink(key: Buffer, id: string, expires: string | undefined, signature: string | undefined, now: Date): ExportLinkCheck {
  if (!expires || !signature || !/^[0-9]{1,12}$/.test(expires)) return { valid: false, reason: 'forged' };
  const expected = Buffer.from(signExportLink(key, id.toLowerCase(), Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false, reason: 'forged' };
  const expiresAt = new Date(Number(expires) * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { valid: false, reason: 'expired' };
  return { valid: true, expiresAt };
}

/** The path and query of an export's download link (the gateway sends `/api/account…` to this service). */
export function exportLinkPath(key: Buffer, id: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `/api/account/user-export/${id}/file?expires=${seconds}&signature=${signExportLink(key, id, seconds)}`;
}

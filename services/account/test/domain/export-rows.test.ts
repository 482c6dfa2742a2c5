import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { describe, it } from 'vitest';
import { DEFAULT_USER_EXPORT_FIELDS, USER_EXPORT_FIELDS } from '@inkwell/contracts/dashboard-customers';
import {
  checkExportFields,
  checkExportLink,
  csvCell,
  csvHeader,
  csvRow,
  exportLinkKey,
  exportLinkPath,
  jsonRow,
  neutraliseFormula,
  signExportLink,
  type ExportAccount,
} from '../../src/domain/export-rows';

const account = (overrides: Partial<ExportAccount> = {}): ExportAccount => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  name: 'Ada',
  roles: ['admin', 'support'],
  verified: true,
  login_count: 7,
  last_login_at: new Date('2026-01-02T03:04:05.000Z'),
  created_at: new Date('2025-01-01T00:00:00.000Z'),
  updated_at: new Date('2025-06-01T12:00:00.000Z'),
  ...overrides,
});

describe('export fields', () => {
  it('answers the spec default list when none are named, and the contract order, each once, otherwise', () => {
    assert.deepEqual(checkExportFields(undefined), { ok: true, fields: [...DEFAULT_USER_EXPORT_FIELDS] });
    assert.deepEqual(checkExportFields(['roles', 'email', 'user_id', 'email']), { ok: true, fields: ['user_id', 'email', 'roles'] });
    assert.deepEqual(checkExportFields([...USER_EXPORT_FIELDS].reverse()), { ok: true, fields: [...USER_EXPORT_FIELDS] });
  });

  it('names the first unknown field', () => {
    assert.deepEqual(checkExportFields(['email', 'password_hash', 'nope']), { ok: false, field: 'password_hash' });
    assert.deepEqual(checkExportFields(['Email']), { ok: false, field: 'Email' }, 'names are exact');
    assert.deepEqual(checkExportFields(['']), { ok: false, field: '' });
  });
});

describe('CSV cells', () => {
  it('quotes cells holding quotes, commas and line breaks (RFC 4180)', () => {
    assert.equal(csvCell('plain'), 'plain');
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('two\nlines'), '"two\nlines"');
    assert.equal(csvCell('cr\rhere'), '"cr\rhere"');
    assert.equal(csvCell(null), '');
    assert.equal(csvCell(true), 'true');
    assert.equal(csvCell(12), '12');
    assert.equal(csvCell(['admin', 'finance']), 'admin;finance');
    assert.equal(csvCell([]), '');
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) assert.equal(neutraliseFormula(`${start}1+1`), `'${start}1+1`);
    assert.equal(neutraliseFormula('a=1'), 'a=1');
    assert.equal(csvCell('=HYPERLINK("http://evil.example","x")'), `"'=HYPERLINK(""http://evil.example"",""x"")"`);
    assert.equal(csvCell('\r=1'), `"'\r=1"`, 'guarded and quoted');
  });

  it('writes a header and rows a CSV parser reads back to the same values', () => {
    const fields = [...USER_EXPORT_FIELDS];
    const nasty = account({ name: 'Eve, "the" =1+2\nSecond line', last_login_at: null, roles: [] });
    const text = csvHeader(fields) + csvRow(account(), fields) + csvRow(nasty, fields);
    assert.ok(text.startsWith('\uFEFFuser_id,email,user_metadata.country,'), 'UTF-8 byte order mark, then the header');
    assert.ok(text.endsWith('\r\n'));
    const [header, first, second] = parse(text, { bom: true }) as string[][];
    assert.deepEqual(header, fields);
    assert.deepEqual(first, [
      '00000000-0000-4000-8000-000000000001',
      'ada@example.com',
      '',
      '2025-01-01T00:00:00.000Z',
      '2025-06-01T12:00:00.000Z',
      '2026-01-02T03:04:05.000Z',
      '7',
      'true',
      'Ada',
      'admin;support',
    ]);
    assert.equal(second![5], '', 'never signed in');
    assert.equal(second![8], 'Eve, "the" =1+2\nSecond line', 'a formula sign inside the text is left alone');
    assert.deepEqual(parse(csvRow(account({ name: '@SUM(A1)' }), ['name'])), [["'@SUM(A1)"]]);
  });

  it('writes one JSON object per line with the fields as keys', () => {
    const line = jsonRow(account({ name: 'line\nbreak' }), ['user_id', 'user_metadata.country', 'logins_count', 'email_verified', 'roles', 'name']);
    assert.ok(line.endsWith('}\n'));
    assert.equal(line.split('\n').length, 2, 'one line');
    assert.deepEqual(JSON.parse(line), {
      user_id: '00000000-0000-4000-8000-000000000001',
      'user_metadata.country': null,
      logins_count: 7,
      email_verified: true,
      roles: ['admin', 'support'],
      name: 'line\nbreak',
    });
  });
});

describe('signed download links', () => {
  const key = exportLinkKey('-----BEGIN PRIVATE KEY-----\nsecret\n-----END PRIVATE KEY-----\n');
  const id = '00000000-0000-4000-8000-0000000000aa';
  const now = new Date('2026-03-01T00:00:00Z');
  const future = Math.floor(now.getTime() / 1000) + 3600;

  it('accepts the link it signed until its expiry, and says expired after', () => {
    const signature = signExportLink(key, id, future);
    assert.deepEqual(checkExportLink(key, id, String(future), signature, now), { valid: true, expiresAt: new Date(future * 1000) });
    assert.deepEqual(checkExportLink(key, id, String(future), signature, new Date(future * 1000)), { valid: false, reason: 'expired' });
  });

  it('refuses a link altered in any part, or signed by another key, as forged', () => {
    const signature = signExportLink(key, id, future);
    const otherId = '00000000-0000-4000-8000-0000000000ab';
    assert.deepEqual(checkExportLink(key, otherId, String(future), signature, now), { valid: false, reason: 'forged' });
    assert.deepEqual(checkExportLink(key, id, String(future + 1), signature, now), { valid: false, reason: 'forged' }, 'a later expiry');
    assert.deepEqual(checkExportLink(key, id, String(future), `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, now), { valid: false, reason: 'forged' });
    assert.deepEqual(checkExportLink(exportLinkKey('another key'), id, String(future), signature, now), { valid: false, reason: 'forged' });
    assert.deepEqual(checkExportLink(key, id, undefined, signature, now), { valid: false, reason: 'forged' });
    assert.deepEqual(checkExportLink(key, id, String(future), undefined, now), { valid: false, reason: 'forged' });
    assert.deepEqual(checkExportLink(key, id, '1e12', signature, now), { valid: false, reason: 'forged' });
    // A forged link is refused as forged even when its expiry has passed: it learns nothing else.
    assert.deepEqual(checkExportLink(key, id, '1', 'x', now), { valid: false, reason: 'forged' });
  });

  it('puts the id, the expiry and the signature in the path', () => {
    const path = exportLinkPath(key, id, new Date(future * 1000 + 999));
    const url = new URL(path, 'http://x');
    assert.equal(url.pathname, `/api/account/user-export/${id}/file`);
    assert.equal(url.searchParams.get('expires'), String(future));
    assert.deepEqual(checkExportLink(key, id, url.searchParams.get('expires')!, url.searchParams.get('signature')!, now).valid, true);
  });
});

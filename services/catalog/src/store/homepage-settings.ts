/**
 * The storefront home's settings staff set (dashboard spec §7 "Home page"): which wheel group type
 * leads the page (POST /dashboard/homepage/top?typeId) and the message bar above it
 * (POST /dashboard/homepage/messaging/set). One row, written in the caller's transaction with the
 * home.changed event and an audit entry (entity 'homepage').
 */
import { HOMEPAGE_TOP_TYPES, type HomepageMessaging } from '@inkwell/contracts/dashboard-merchandising';
import { BadRequestError, type Queryable } from '@inkwell/platform';
import { WHEEL_MESSAGES } from '../domain/wheel-rules';
import { fieldChanges, recordAudit, type StaffActor } from './audit';
import type { CatalogueChange } from './catalogue-change';
import { HOME_CHANGED_EVENT } from './wheel';

export interface HomepageSettings {
  topTypeId: 0 | 1;
  messaging: HomepageMessaging;
}

const DEFAULTS: HomepageSettings = { topTypeId: 1, messaging: { enabled: false, text: '', linkText: null, linkUrl: null } };

export async function loadHomepageSettings(db: Queryable): Promise<HomepageSettings> {
  const { rows } = await db.query<{ top_type: number; messaging: HomepageMessaging }>('SELECT top_type, messaging FROM homepage_settings WHERE id');
  const row = rows[0];
  if (!row) return DEFAULTS;
  return { topTypeId: row.top_type === 0 ? 0 : 1, messaging: { ...DEFAULTS.messaging, ...row.messaging } };
}

async function lockedSettings(tx: Queryable): Promise<HomepageSettings> {
  await tx.query('INSERT INTO homepage_settings (id) VALUES (true) ON CONFLICT (id) DO NOTHING');
  await tx.query('SELECT 1 FROM homepage_settings WHERE id FOR UPDATE');
  return loadHomepageSettings(tx);
}

/** The name of the group type that leads the storefront home. */
export function topTypeName(typeId: number): 'Thumbnail' | 'Banner' {
  return HOMEPAGE_TOP_TYPES[typeId === 0 ? 0 : 1];
}

export async function setHomepageTop({ tx, outbox }: CatalogueChange, actor: StaffActor, typeId: number): Promise<HomepageSettings> {
  if (typeId !== 0 && typeId !== 1) throw new BadRequestError(WHEEL_MESSAGES.topType, { field: 'typeId' });
  const before = await lockedSettings(tx);
  if (before.topTypeId !== typeId) {
    await tx.query('UPDATE homepage_settings SET top_type = $1, updated_at = now() WHERE id', [typeId]);
    await outbox.add(tx, HOME_CHANGED_EVENT);
    await recordAudit(tx, { entity: 'homepage', entityId: 1, action: 'altered', actor, changes: { topType: { from: topTypeName(before.topTypeId), to: topTypeName(typeId) } } });
  }
  return { ...before, topTypeId: typeId };
}

/** A link is a storefront path or an https URL; a bar switched on needs text; link text goes with a link. */
export function messagingProblems(messaging: HomepageMessaging): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  if (messaging.enabled && !messaging.text.trim()) problems.push({ field: 'text', message: WHEEL_MESSAGES.messagingText });
  const url = messaging.linkUrl?.trim();
  if (url) {
    let ok = url.startsWith('/') && !url.startsWith('//');
    if (!ok) {
      try {
        ok = new URL(url).protocol === 'https:';
      } catch {
        ok = false;
      }
    }
    if (!ok) problems.push({ field: 'linkUrl', message: WHEEL_MESSAGES.messagingLink });
    if (!messaging.linkText?.trim()) problems.push({ field: 'linkText', message: WHEEL_MESSAGES.messagingLinkText });
  }
  return problems;
}

export async function setHomepageMessaging({ tx, outbox }: CatalogueChange, actor: StaffActor, messaging: HomepageMessaging): Promise<HomepageSettings> {
  const problems = messagingProblems(messaging);
  if (problems.length > 0) throw new BadRequestError(problems.map((item) => item.message).join(' '), { problems });
  const next: HomepageMessaging = { enabled: messaging.enabled, text: messaging.text.trim(), linkText: messaging.linkText?.trim() || null, linkUrl: messaging.linkUrl?.trim() || null };
  const before = await lockedSettings(tx);
  const changes = fieldChanges(before.messaging as unknown as Record<string, unknown>, next as unknown as Record<string, unknown>);
  if (Object.keys(changes).length > 0) {
    await tx.query('UPDATE homepage_settings SET messaging = $1, updated_at = now() WHERE id', [JSON.stringify(next)]);
    await outbox.add(tx, HOME_CHANGED_EVENT);
    await recordAudit(tx, { entity: 'homepage', entityId: 1, action: 'altered', actor, changes });
  }
  return { ...before, messaging: next };
}

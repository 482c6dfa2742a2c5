/**
 * Publish statuses of products, series, bundles and home-page entries (dashboard spec §3, §4):
 * their numeric codes, what the storefront shows in each, and the moves staff may make.
 */
import { codeToName } from './code-table';

export type PublishStatusName = 'Draft' | 'Scheduled' | 'ScheduledPreOrder' | 'ScheduledComingSoon' | 'Published' | 'Removed';

/** Statuses with a numeric code (dashboard spec §3). */
export type CodedPublishStatus = PublishStatusName | 'Ended';
/**
 * Also New (an item not saved yet) and OnGoing ("treated as published"), which the spec names but
 * gives no code.
 */
export type PublishStatus = CodedPublishStatus | 'New' | 'OnGoing';

export const PUBLISH_STATUS_CODES: Readonly<Record<CodedPublishStatus, number>> = {
  Draft: 0,
  Scheduled: 1,
  ScheduledPreOrder: 2,
  ScheduledComingSoon: 3,
  Published: 4,
  Removed: 5,
  Ended: 6,
};

const STATUS_BY_CODE = codeToName(PUBLISH_STATUS_CODES);

export function publishStatusCode(status: CodedPublishStatus): number {
  return PUBLISH_STATUS_CODES[status];
}

/** 4 → 'Published'; a code the spec does not list → undefined. */
export function publishStatusFromCode(code: number): CodedPublishStatus | undefined {
  return STATUS_BY_CODE.get(code);
}

export const SCHEDULED_STATUSES: readonly PublishStatus[] = ['Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon'];

export function isScheduledStatus(status: PublishStatus): boolean {
  return SCHEDULED_STATUSES.includes(status);
}

/** Published, and OnGoing, which the dashboard spec treats as published. */
export function isPublishedStatus(status: PublishStatus): boolean {
  return status === 'Published' || status === 'OnGoing';
}

export type StorefrontVisibility = 'listed' | 'direct-only' | 'hidden';

export interface VisibilityQuestion {
  status: PublishStatus;
  unlisted: boolean;
  publishDate: Date | string | null | undefined;
  now: Date;
}

/**
 * What the storefront does with an item. New, Draft, Removed and Ended are hidden. Published and
 * OnGoing are listed. ScheduledPreOrder and ScheduledComingSoon are shown before their date (that
 * is what a pre-order or a coming-soon page is for). Plain Scheduled stays hidden until its publish
 * date is reached, then shows as if published; without a readable publish date it stays hidden.
 * An unlisted item that would be listed is reachable only by a direct link.
 */
export function storefrontVisibility({ status, unlisted, publishDate, now }: VisibilityQuestion): StorefrontVisibility {
  const visible =
    isPublishedStatus(status) ||
    status === 'ScheduledPreOrder' ||
    status === 'ScheduledComingSoon' ||
    (status === 'Scheduled' && publishDateReached(publishDate, now));
  if (!visible) return 'hidden';
  return unlisted ? 'direct-only' : 'listed';
}

function publishDateReached(publishDate: Date | string | null | undefined, now: Date): boolean {
  if (publishDate === null || publishDate === undefined) return false;
  const time = new Date(publishDate).getTime();
  return !Number.isNaN(time) && time <= now.getTime();
}

/**
 * Dashboard spec §4. `create` is the first save of a New item; `schedule` is publishing with a
 * publish date and one of the scheduled statuses (the publish call with publishDate and
 * publishStatus), allowed from wherever publishing is.
 */
export type PublishAction = 'create' | 'publish' | 'schedule' | 'unpublish' | 'restore' | 'remove';

const PUBLISHABLE_FROM: readonly PublishStatus[] = ['Draft', ...SCHEDULED_STATUSES];

/**
 * The action that moves an item from `from` to `to`, or undefined when staff may not make that move:
 * publish (Draft or a scheduled status → Published), schedule (the same → another scheduled status),
 * unpublish (Published or OnGoing → Draft), restore (Removed → Draft), remove (anything else →
 * Removed), create (New → Draft). Staying in the same status is not a move.
 */
export function publishActionFor(from: PublishStatus, to: PublishStatus): PublishAction | undefined {
  if (from === to) return undefined;
  if (to === 'Removed') return 'remove';
  if (to === 'Published') return PUBLISHABLE_FROM.includes(from) ? 'publish' : undefined;
  if (isScheduledStatus(to)) return PUBLISHABLE_FROM.includes(from) ? 'schedule' : undefined;
  if (to === 'Draft') {
    if (isPublishedStatus(from)) return 'unpublish';
    if (from === 'Removed') return 'restore';
    if (from === 'New') return 'create';
  }
  return undefined;
}

export function canTransition(from: PublishStatus, to: PublishStatus): boolean {
  return publishActionFor(from, to) !== undefined;
}

export interface ScheduleState {
  status: PublishStatus;
  publishDate: Date | string | null | undefined;
}

/**
 * Dashboard spec §4: a product needs scheduling when its status is a scheduled one and the status or
 * the publish date differs from the saved original.
 */
export function needsScheduling(edited: ScheduleState, original: ScheduleState): boolean {
  return isScheduledStatus(edited.status) && (edited.status !== original.status || !sameInstant(edited.publishDate, original.publishDate));
}

function sameInstant(a: Date | string | null | undefined, b: Date | string | null | undefined): boolean {
  const time = (value: Date | string | null | undefined) => (value === null || value === undefined ? undefined : new Date(value).getTime());
  return time(a) === time(b);
}

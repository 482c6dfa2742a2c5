/**
 * The wheel editor's working copy (dashboard spec §2 "Home-page wheel editor", §3 Wheel group and
 * item, §4, §5): the groups as staff are editing them, what differs from what is stored (the one
 * save of §4 and the reorder moves), and the §5 publish checks computed on the client as a hint.
 * The catalog decides; its refusal is shown as it comes.
 */
import { AGE_RATING_CODES } from '@inkwell/contracts/dashboard-catalogue';
import {
  WHEEL_MIN_ITEMS_PER_BUCKET,
  type HomeEntries,
  type ImageAsset,
  type WheelGroup,
  type WheelGroupInput,
  type WheelItem,
  type WheelItemInput,
  type WheelReorder,
  type WheelSave,
} from '@inkwell/contracts/dashboard-merchandising';
import { formatDateTime } from '@/lib/format';

export type AgeRatingCode = (typeof AGE_RATING_CODES)[number];
export type GroupType = 'Thumbnail' | 'Banner';
export type ItemType = 'Image' | 'Video';
export type ActionType = 'Reader' | 'Product' | 'Series';
/** A status change staff asked for, applied by the next save. */
export type PendingAction = 'publish' | 'unpublish' | 'restore' | 'remove' | 'schedule';

export interface DraftItem {
  /** Stable while editing: `i<id>` for a stored item, `new-i<n>` for a new one. */
  key: string;
  id: number | undefined;
  type: ItemType;
  enabled: boolean;
  ordinal: number | null;
  displayUpToAgeRating: AgeRatingCode | null;
  subtitle: string;
  thumbnail: ImageAsset | null;
  videoId: string;
  autoPlay: boolean;
  muted: boolean;
  actionType: ActionType | null;
  buttonText: string;
  tagline: string;
  productId: number | null;
  productName: string | null;
  seriesId: number | null;
  seriesName: string | null;
  /** The catalog's view of what the item points at; for a new item, unknown until saved (counted as rated e, not restricted). */
  metaData: { ageRating: AgeRatingCode | null; isGeoRestricted: boolean; known: boolean };
}

export interface DraftGroup {
  key: string;
  id: number | undefined;
  type: GroupType | null;
  name: string;
  isForSteam: boolean;
  isForWebsite: boolean;
  isForNintendoSwitch: boolean;
  isForApp: boolean;
  isHeroBanner: boolean;
  /** As stored ('New' until saved). */
  status: string;
  publishDate: string | null;
  updatedAt: string | undefined;
  items: DraftItem[];
  action: PendingAction | null;
  /** With the action 'schedule': when the group is to publish (an ISO instant). */
  scheduleAt: string | null;
}

let counter = 0;
/** A key no stored item has. */
export function newKey(prefix: 'g' | 'i'): string {
  counter += 1;
  return `new-${prefix}${counter}`;
}

export function itemFromStored(item: WheelItem): DraftItem {
  return {
    key: `i${item.id}`,
    id: item.id,
    type: item.type,
    enabled: item.enabled,
    ordinal: item.ordinal,
    displayUpToAgeRating: item.displayUpToAgeRating,
    subtitle: item.subtitle ?? '',
    thumbnail: item.thumbnail,
    videoId: item.videoId ?? '',
    autoPlay: item.autoPlay,
    muted: item.muted,
    actionType: item.actionType,
    buttonText: item.buttonText ?? '',
    tagline: item.tagline ?? '',
    productId: item.productId,
    productName: item.productName,
    seriesId: item.seriesId,
    seriesName: item.seriesName,
    metaData: { ageRating: item.metaData.ageRating, isGeoRestricted: item.metaData.isGeoRestricted, known: true },
  };
}

/** Items in their display order: by ordinal, items without one last, in the order stored. */
function byOrdinal(items: readonly WheelItem[]): WheelItem[] {
  return [...items].sort((a, b) => (a.ordinal ?? Number.MAX_SAFE_INTEGER) - (b.ordinal ?? Number.MAX_SAFE_INTEGER));
}

export function groupFromStored(group: WheelGroup): DraftGroup {
  return {
    key: `g${group.id}`,
    id: group.id,
    type: group.type,
    name: group.name,
    isForSteam: group.isForSteam,
    isForWebsite: group.isForWebsite,
    isForNintendoSwitch: group.isForNintendoSwitch,
    isForApp: group.isForApp,
    isHeroBanner: group.isHeroBanner,
    status: group.status,
    publishDate: group.publishDate,
    updatedAt: group.updatedAt,
    items: byOrdinal(group.items).map(itemFromStored),
    action: null,
    scheduleAt: null,
  };
}

/** The stored groups in their order (removed ones last, as the catalog lists them). */
export function draftFromStored(entries: HomeEntries): DraftGroup[] {
  const groups = [...entries.groups].sort((a, b) => Number(a.status === 'Removed') - Number(b.status === 'Removed') || a.order - b.order);
  return groups.map(groupFromStored);
}

export function emptyGroup(type: GroupType): DraftGroup {
  return {
    key: newKey('g'),
    id: undefined,
    type,
    name: '',
    // No platform until staff tick one: a group for a platform must pass the publish checks to be saved (§5).
    isForSteam: false,
    isForWebsite: false,
    isForNintendoSwitch: false,
    isForApp: false,
    isHeroBanner: false,
    status: 'New',
    publishDate: null,
    updatedAt: undefined,
    items: [],
    action: null,
    scheduleAt: null,
  };
}

export function emptyItem(ordinal: number): DraftItem {
  return {
    key: newKey('i'),
    id: undefined,
    type: 'Image',
    enabled: true,
    ordinal,
    displayUpToAgeRating: 'm',
    subtitle: '',
    thumbnail: null,
    videoId: '',
    autoPlay: false,
    muted: true,
    actionType: null,
    buttonText: '',
    tagline: '',
    productId: null,
    productName: null,
    seriesId: null,
    seriesName: null,
    metaData: { ageRating: null, isGeoRestricted: false, known: false },
  };
}

const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** An item as the catalog saves it (§3); fields that do not belong to its group and item type are sent empty. */
export function itemToInput(item: DraftItem, groupType: GroupType | null): WheelItemInput {
  const video = groupType === 'Thumbnail' && item.type === 'Video';
  const input: WheelItemInput = {
    type: groupType === 'Banner' ? 'Image' : item.type,
    enabled: item.enabled,
    ordinal: item.ordinal,
    displayUpToAgeRating: item.displayUpToAgeRating,
    subtitle: groupType === 'Thumbnail' && !video ? blankToNull(item.subtitle) : null,
    thumbnail: item.thumbnail,
    thumbnailFallback: null,
    videoId: video ? blankToNull(item.videoId) : null,
    autoPlay: video ? item.autoPlay : false,
    muted: video ? item.muted : true,
    actionType: video ? item.actionType : null,
    buttonText: video ? blankToNull(item.buttonText) : null,
    tagline: video ? blankToNull(item.tagline) : null,
    productId: groupType === 'Banner' ? null : item.productId,
    seriesId: item.seriesId,
  };
  if (item.id !== undefined) input.id = item.id;
  return input;
}

export function groupToInput(group: DraftGroup): WheelGroupInput {
  const input: WheelGroupInput = {
    type: group.type,
    name: group.name.trim(),
    isForSteam: group.isForSteam,
    isForWebsite: group.isForWebsite,
    isForNintendoSwitch: group.isForNintendoSwitch,
    isForApp: group.isForApp,
    isHeroBanner: group.isHeroBanner,
    items: group.items.map((item) => itemToInput(item, group.type)),
  };
  if (group.id !== undefined) input.id = group.id;
  if (group.updatedAt !== undefined) input.expectedUpdatedAt = group.updatedAt;
  return input;
}

/** A group's content without item positions, to tell an edit from a reorder of its items. */
function contentOf(group: DraftGroup): string {
  const input = groupToInput(group);
  const items = input.items.map((item) => ({ ...item, ordinal: null })).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  return JSON.stringify({ ...input, items, expectedUpdatedAt: undefined });
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Places a group's items in a new order: each item's ordinal becomes its position. */
export function renumber(items: readonly DraftItem[]): DraftItem[] {
  return items.map((item, index) => (item.ordinal === index ? item : { ...item, ordinal: index }));
}

export function moveInArray<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

export interface PendingChanges {
  save: WheelSave;
  /** Groups whose items only moved: sent as reorder moves of that group's items. */
  itemMoves: WheelReorder[];
  /** Whether the stored groups' order changed. */
  groupsMoved: boolean;
  /** One line per change, for the summary staff read before saving. */
  lines: string[];
  count: number;
}

const nameOf = (group: DraftGroup) => (group.name.trim() ? `“${group.name.trim()}”` : `the unnamed ${group.type ?? ''} group`.replace('  ', ' '));

/** What the next save would do: the §4 ordered save, reorder moves and a line per change. */
export function pendingChanges(draft: readonly DraftGroup[], stored: readonly DraftGroup[]): PendingChanges {
  const storedById = new Map(stored.map((group) => [group.id, group]));
  const save: Required<Pick<WheelSave, 'added' | 'removed' | 'edited' | 'published' | 'unpublished' | 'restored' | 'scheduled'>> = {
    added: [],
    removed: [],
    edited: [],
    published: [],
    unpublished: [],
    restored: [],
    scheduled: [],
  };
  const itemMoves: WheelReorder[] = [];
  const lines: string[] = [];

  for (const group of draft) {
    if (group.id === undefined) {
      if (group.action === 'remove') continue;
      save.added.push(groupToInput(group));
      lines.push(`Add ${group.type ?? ''} group ${nameOf(group)} with ${group.items.length} item${group.items.length === 1 ? '' : 's'}`.replace('  ', ' '));
      continue;
    }
    const before = storedById.get(group.id);
    if (!before) continue;
    if (group.action === 'remove') {
      save.removed.push(group.id);
      lines.push(`Remove ${nameOf(group)}`);
      continue;
    }
    const edited = contentOf(group) !== contentOf(before);
    const positions = group.items.map((item) => item.ordinal);
    const beforePositions = new Map(before.items.map((item) => [item.id, item.ordinal]));
    const itemsMoved = group.items.some((item) => item.id !== undefined && beforePositions.get(item.id) !== item.ordinal);
    const canMoveAlone = before.items.every((item) => item.ordinal !== null) && positions.every((ordinal) => ordinal !== null);
    if (edited || (itemsMoved && !canMoveAlone)) {
      save.edited.push(groupToInput(group));
      lines.push(`Save the edits to ${nameOf(group)}`);
    } else if (itemsMoved) {
      const moves = group.items.flatMap((item) => {
        const oldOrder = item.id === undefined ? null : beforePositions.get(item.id);
        return item.id !== undefined && oldOrder !== undefined && oldOrder !== null && item.ordinal !== null && oldOrder !== item.ordinal
          ? [{ id: item.id, oldOrder, newOrder: item.ordinal }]
          : [];
      });
      if (moves.length > 0) {
        itemMoves.push({ groupId: group.id, moves });
        lines.push(`Reorder the items of ${nameOf(group)}`);
      }
    }
    if (group.action === 'publish') {
      save.published.push(group.id);
      lines.push(`Publish ${nameOf(group)}`);
    } else if (group.action === 'unpublish') {
      save.unpublished.push(group.id);
      lines.push(`Unpublish ${nameOf(group)}`);
    } else if (group.action === 'restore') {
      save.restored.push(group.id);
      lines.push(`Restore ${nameOf(group)}`);
    } else if (group.action === 'schedule' && group.scheduleAt) {
      save.scheduled.push({ id: group.id, publishDate: group.scheduleAt });
      lines.push(`Schedule ${nameOf(group)} to publish ${formatDateTime(group.scheduleAt)}`);
    }
  }

  // Groups removed (or being removed) have no place in the order.
  const keptOrder = (groups: readonly DraftGroup[]) =>
    groups.flatMap((group) => (group.id !== undefined && storedById.has(group.id) && group.action !== 'remove' && group.status !== 'Removed' ? [group.id] : []));
  const draftKept = keptOrder(draft);
  const groupsMoved = !sameJson(draftKept, keptOrder(stored).filter((id) => draftKept.includes(id)));
  if (groupsMoved) lines.push('Reorder the groups');

  const compact: WheelSave = {};
  for (const [key, value] of Object.entries(save) as [keyof typeof save, unknown[]][]) if (value.length > 0) (compact as Record<string, unknown>)[key] = value;
  return { save: compact, itemMoves, groupsMoved, lines, count: lines.length };
}

/**
 * The moves that put the groups in the order staff chose, against the groups as stored now (read
 * after the save): each kept group takes the order value of the slot it moves to, so the set of
 * order values stays the same and groups added by the save keep theirs.
 */
export function groupMoves(wanted: readonly number[], current: readonly { id: number; order: number; status: string }[]): WheelReorder | null {
  const ordered = [...current].filter((group) => group.status !== 'Removed').sort((a, b) => a.order - b.order);
  const wantedSet = new Set(wanted);
  const slots = ordered.filter((group) => wantedSet.has(group.id));
  const order = wanted.filter((id) => slots.some((slot) => slot.id === id));
  const moves: WheelReorder['moves'] = [];
  order.forEach((id, index) => {
    const slot = slots[index];
    const group = slots.find((candidate) => candidate.id === id);
    if (slot && group && group.order !== slot.order) moves.push({ id, oldOrder: group.order, newOrder: slot.order });
  });
  return moves.length > 0 ? { groupId: null, moves } : null;
}

const RANK = new Map<string, number>(AGE_RATING_CODES.map((code, index) => [code, index]));
const rankOf = (code: string | null | undefined, fallback: number) => (code ? (RANK.get(code) ?? fallback) : fallback);

/** The age-rating buckets an item shows in: from its own rating up to displayUpToAgeRating (raised to its own rating, §5). */
export function bucketsOf(item: DraftItem): AgeRatingCode[] {
  if (!item.enabled || item.metaData.isGeoRestricted || item.displayUpToAgeRating === null || item.ordinal === null) return [];
  const low = rankOf(item.metaData.ageRating, 0);
  const high = Math.max(low, rankOf(item.displayUpToAgeRating, AGE_RATING_CODES.length - 1));
  return AGE_RATING_CODES.filter((_, index) => index >= low && index <= high);
}

export interface BucketCheck {
  bucket: AgeRatingCode;
  count: number;
  ok: boolean;
}

/** §5 / §9: how many enabled, non-geo-restricted items each age-rating bucket has, against the minimum. */
export function bucketChecks(group: DraftGroup): BucketCheck[] {
  return AGE_RATING_CODES.map((bucket) => {
    const count = group.items.filter((item) => bucketsOf(item).includes(bucket)).length;
    return { bucket, count, ok: count >= WHEEL_MIN_ITEMS_PER_BUCKET };
  });
}

export interface ItemProblem {
  field: string;
  message: string;
}

/** §5 rules for one item of a group (the client's hint; the catalog's words come with its refusal). */
export function itemProblems(item: DraftItem, groupType: GroupType | null): ItemProblem[] {
  const problems: ItemProblem[] = [];
  if (item.enabled && item.ordinal === null) problems.push({ field: 'ordinal', message: 'An enabled item needs an ordinal.' });
  if (item.enabled && item.displayUpToAgeRating === null) problems.push({ field: 'displayUpToAgeRating', message: 'An enabled item needs a display-up-to age rating.' });
  if (groupType === 'Banner') {
    if (item.seriesId === null) problems.push({ field: 'seriesId', message: 'A banner needs a series.' });
    if (item.thumbnail === null) problems.push({ field: 'thumbnail', message: 'A banner needs a thumbnail.' });
  } else if (groupType === 'Thumbnail' && item.type === 'Image') {
    if (item.subtitle.trim() === '') problems.push({ field: 'subtitle', message: 'An image needs a subtitle.' });
    if (item.productId === null && item.seriesId === null) problems.push({ field: 'productId', message: 'An image needs a product or a series.' });
  } else if (groupType === 'Thumbnail' && item.type === 'Video') {
    if (item.videoId.trim() === '') problems.push({ field: 'videoId', message: 'A video needs a video id.' });
    if (item.actionType === null) problems.push({ field: 'actionType', message: 'A video needs an action type.' });
    if (item.buttonText.trim() === '') problems.push({ field: 'buttonText', message: 'A video needs button text.' });
    if (item.tagline.trim() === '') problems.push({ field: 'tagline', message: 'A video needs a tagline.' });
    if ((item.actionType === 'Reader' || item.actionType === 'Product') && item.productId === null)
      problems.push({ field: 'productId', message: `A ${item.actionType} action needs a product.` });
    if (item.actionType === 'Series' && item.seriesId === null) problems.push({ field: 'seriesId', message: 'A Series action needs a series.' });
  }
  return problems;
}

/** §5: whether a group could be published, as far as the client can tell; one line per reason. */
export function publishProblems(group: DraftGroup): string[] {
  const problems: string[] = [];
  if (group.type === null) problems.push('The group needs a type.');
  if (group.name.trim() === '') problems.push('The group needs a name.');
  if (group.action === 'remove' || group.status === 'Removed') problems.push('A removed group cannot be published.');
  if (group.items.length === 0) problems.push('The group needs at least one item.');
  group.items.forEach((item, index) => {
    for (const problem of itemProblems(item, group.type)) problems.push(`Item ${index + 1}: ${problem.message}`);
  });
  for (const check of bucketChecks(group))
    if (!check.ok) problems.push(`Age rating ${check.bucket}: ${check.count} of ${WHEEL_MIN_ITEMS_PER_BUCKET} enabled items that are not geo-restricted.`);
  return problems;
}

/** What an item is called in lists and in the preview. */
export function itemLabel(item: DraftItem, groupType: GroupType | null): string {
  const target = item.seriesName ?? item.productName;
  if (groupType === 'Banner') return target ?? 'Banner without a series';
  if (item.type === 'Video') return item.tagline.trim() || target || 'Untitled video';
  return item.subtitle.trim() || target || 'Untitled image';
}

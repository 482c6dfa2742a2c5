/**
 * The home page wheel's rules (dashboard spec §5 "Wheel group", §9): what a group needs to be saved
 * and to be published, item by item and per age-rating bucket. Pure: the store hands in the group
 * as it would be saved, with each item's minimum rating and geo restriction read from the catalogue.
 *
 * Age-rating buckets. The storefront shows a visitor the wheel of their bucket: their maximum shown
 * rating, or `m` when they have none. An item shows in bucket B when its own minimum rating (its
 * product's or series' age rating) is at most B — the visitor may see it — and B is at most the
 * item's displayUpToAgeRating — staff chose to show it that far up. So an item rated `e` with
 * displayUpToAgeRating `m` counts in every bucket, and one rated `t` shown up to `t` counts only in
 * `t`. Publishing needs WHEEL_MIN_ITEMS_PER_BUCKET enabled items that are not geo-restricted (no
 * restricted territory on the item or its series) in each of the five buckets.
 */
import { AGE_RATINGS, ageRatingRank, type AgeRating } from '@inkwell/contracts/catalog-rules';
import { WHEEL_MIN_ITEMS_PER_BUCKET, type WheelProblem } from '@inkwell/contracts/dashboard-merchandising';

export const WHEEL_MESSAGES = {
  typeRequired: 'A wheel group needs a type (Thumbnail or Banner) before it can be saved.',
  nameRequired: 'A wheel group needs a name before it can be published.',
  removed: 'A wheel group marked for removal cannot be published.',
  noItems: 'A wheel group needs at least one item before it can be published.',
  ordinalRequired: 'An enabled item needs an ordinal.',
  ratingRequired: 'An enabled item needs a display-up-to age rating.',
  subtitleRequired: 'A Thumbnail image item needs a subtitle.',
  productOrSeriesRequired: 'A Thumbnail image item needs a product or a series.',
  videoIdRequired: 'A Thumbnail video item needs a video id.',
  actionTypeRequired: 'A Thumbnail video item needs an action type (Reader, Product or Series).',
  buttonTextRequired: 'A Thumbnail video item needs button text.',
  taglineRequired: 'A Thumbnail video item needs a tagline.',
  productRequired: (action: string) => `A Thumbnail video item with the ${action} action needs a product.`,
  seriesForVideoRequired: 'A Thumbnail video item with the Series action needs a series.',
  bannerSeriesRequired: 'A Banner item needs a series.',
  bannerThumbnailRequired: 'A Banner item needs a thumbnail.',
  bucketShort: (bucket: AgeRating, have: number, leftOut: string) =>
    `Age rating '${bucket}' needs at least ${WHEEL_MIN_ITEMS_PER_BUCKET} enabled items that are not geo-restricted; it has ${have}.${leftOut ? ` Items that do not count for it: ${leftOut}.` : ''}`,
  publishRefused: (name: string, problems: string) => `The wheel group "${name}" cannot be published: ${problems}`,
  saveRefused: (problems: string) => `The wheel group cannot be saved: ${problems}`,
  unknownProduct: (id: number) => `There is no product ${id}.`,
  unknownSeries: (id: number) => `There is no series ${id}.`,
  unknownItem: (id: number, groupId: number) => `Item ${id} is not an item of wheel group ${groupId}.`,
  noGroup: (id: number) => `There is no wheel group ${id}.`,
  notOfGroup: (id: number, groupId: number | null) => (groupId === null ? `${id} is not a wheel group.` : `Item ${id} is not an item of wheel group ${groupId}.`),
  staleOrder: (id: number, oldOrder: number, current: number) => `Item ${id} is at order ${current}, not ${oldOrder}: someone reordered since. Reload and try again.`,
  moveTwice: (id: number) => `Item ${id} is moved twice in one reorder.`,
  cannotMove: (from: string, to: string) => `A wheel group cannot go from ${from} to ${to}.`,
  editedTwice: (id: number) => `Wheel group ${id} is changed twice in one save.`,
  changedSince: 'This wheel group was changed by someone else since you opened it. Reload it and make your changes again.',
  scheduleInPast: 'A schedule date must be in the future.',
  topType: 'typeId must be 0 (Thumbnail) or 1 (Banner).',
  messagingText: 'A message bar that is switched on needs text.',
  messagingLink: 'The link must be a storefront path (starting with /) or an https URL.',
  messagingLinkText: 'A link needs link text.',
} as const;

/** A wheel item as the rules see it: its saved fields and what the catalogue says of what it points at. */
export interface ItemToCheck {
  type: 'Image' | 'Video';
  enabled: boolean;
  ordinal: number | null;
  displayUpToAgeRating: AgeRating | null;
  subtitle: string | null;
  thumbnail: unknown;
  videoId: string | null;
  actionType: 'Reader' | 'Product' | 'Series' | null;
  buttonText: string | null;
  tagline: string | null;
  productId: number | null;
  seriesId: number | null;
  /** The item's minimum rating: its product's (or else its series') age rating; null when it points at nothing. */
  minimumRating: AgeRating | null;
  isGeoRestricted: boolean;
}

export interface GroupToCheck {
  id: number | null;
  type: 'Thumbnail' | 'Banner' | null;
  name: string;
  removed: boolean;
  items: ItemToCheck[];
}

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

/** The §5 item rules of one item in a group of `type`; `at` is the item's path ('items[3]'). Disabled items are not shown, so only their type is checked. */
export function itemProblems(groupId: number | null, type: 'Thumbnail' | 'Banner', item: ItemToCheck, at: string): WheelProblem[] {
  if (!item.enabled) return [];
  const problems: WheelProblem[] = [];
  const add = (field: string, message: string) => problems.push({ groupId, field: `${at}.${field}`, bucket: null, message });
  if (item.ordinal === null) add('ordinal', WHEEL_MESSAGES.ordinalRequired);
  if (item.displayUpToAgeRating === null) add('displayUpToAgeRating', WHEEL_MESSAGES.ratingRequired);
  if (type === 'Banner') {
    if (item.seriesId === null) add('seriesId', WHEEL_MESSAGES.bannerSeriesRequired);
    if (item.thumbnail === null || item.thumbnail === undefined) add('thumbnail', WHEEL_MESSAGES.bannerThumbnailRequired);
  } else if (item.type === 'Image') {
    if (blank(item.subtitle)) add('subtitle', WHEEL_MESSAGES.subtitleRequired);
    if (item.productId === null && item.seriesId === null) add('seriesId', WHEEL_MESSAGES.productOrSeriesRequired);
  } else {
    if (blank(item.videoId)) add('videoId', WHEEL_MESSAGES.videoIdRequired);
    if (item.actionType === null) add('actionType', WHEEL_MESSAGES.actionTypeRequired);
    if (blank(item.buttonText)) add('buttonText', WHEEL_MESSAGES.buttonTextRequired);
    if (blank(item.tagline)) add('tagline', WHEEL_MESSAGES.taglineRequired);
    if ((item.actionType === 'Reader' || item.actionType === 'Product') && item.productId === null) add('productId', WHEEL_MESSAGES.productRequired(item.actionType));
    if (item.actionType === 'Series' && item.seriesId === null) add('seriesId', WHEEL_MESSAGES.seriesForVideoRequired);
  }
  return problems;
}

/** Whether an item counts in bucket B: enabled, rated, not geo-restricted, and minimum ≤ B ≤ displayUpTo. */
export function countsInBucket(item: ItemToCheck, bucket: AgeRating): boolean {
  return item.enabled && !item.isGeoRestricted && item.ordinal !== null && shownInBucket(item.minimumRating, item.displayUpToAgeRating, bucket);
}

/** The bucket test alone (the storefront uses it for the visitor's bucket). */
export function shownInBucket(minimumRating: AgeRating | null, displayUpTo: AgeRating | null, bucket: AgeRating): boolean {
  if (displayUpTo === null) return false;
  const rank = ageRatingRank(bucket);
  return ageRatingRank(minimumRating ?? 'e') <= rank && rank <= ageRatingRank(displayUpTo);
}

/** Why an enabled item does not count in a bucket, for the refusal's message. */
function whyNotCounted(item: ItemToCheck, bucket: AgeRating): string | undefined {
  if (!item.enabled) return undefined;
  if (item.isGeoRestricted) return 'geo-restricted';
  if (item.displayUpToAgeRating === null || item.ordinal === null) return 'incomplete';
  if (ageRatingRank(item.minimumRating ?? 'e') > ageRatingRank(bucket)) return `rated ${item.minimumRating}`;
  if (ageRatingRank(bucket) > ageRatingRank(item.displayUpToAgeRating)) return `shown only up to ${item.displayUpToAgeRating}`;
  return undefined;
}

/** The §5 publish checks of a group, every one that fails; `prefix` is the group's path in the request ('edited[1].' or ''). */
export function publishProblems(group: GroupToCheck, prefix = ''): WheelProblem[] {
  const problems: WheelProblem[] = [];
  const add = (field: string, message: string, bucket: AgeRating | null = null) => problems.push({ groupId: group.id, field: `${prefix}${field}`, bucket, message });
  if (group.type === null) add('type', WHEEL_MESSAGES.typeRequired);
  if (blank(group.name)) add('name', WHEEL_MESSAGES.nameRequired);
  if (group.removed) add('status', WHEEL_MESSAGES.removed);
  if (group.items.length === 0) add('items', WHEEL_MESSAGES.noItems);
  if (group.type !== null) group.items.forEach((item, index) => problems.push(...itemProblems(group.id, group.type!, item, `${prefix}items[${index}]`)));
  if (group.items.length > 0) {
    for (const bucket of AGE_RATINGS) {
      const have = group.items.filter((item) => countsInBucket(item, bucket)).length;
      if (have >= WHEEL_MIN_ITEMS_PER_BUCKET) continue;
      const leftOut = group.items
        .map((item, index) => ({ index, why: whyNotCounted(item, bucket) }))
        .filter((entry) => entry.why !== undefined)
        .map((entry) => `items[${entry.index}] (${entry.why})`)
        .join(', ');
      add('items', WHEEL_MESSAGES.bucketShort(bucket, have, leftOut), bucket);
    }
  }
  return problems;
}

/** The §5 save checks: a type, and a group meant for Steam, the website or the Switch must also be publishable. */
export function saveProblems(group: GroupToCheck & { isForSteam: boolean; isForWebsite: boolean; isForNintendoSwitch: boolean }, prefix = ''): WheelProblem[] {
  if (group.type === null) return [{ groupId: group.id, field: `${prefix}type`, bucket: null, message: WHEEL_MESSAGES.typeRequired }];
  if (group.isForSteam || group.isForWebsite || group.isForNintendoSwitch) return publishProblems(group, prefix);
  return [];
}

/** §5: displayUpToAgeRating is raised to the item's minimum rating when lower. */
export function raisedRating(displayUpTo: AgeRating | null, minimum: AgeRating | null): AgeRating | null {
  if (displayUpTo === null || minimum === null) return displayUpTo;
  return ageRatingRank(displayUpTo) < ageRatingRank(minimum) ? minimum : displayUpTo;
}

/** §5: a duplicate group name gets ' (n)', the lowest n from 1 not taken. */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 1; ; n += 1) {
    const candidate = `${name} (${n})`;
    if (!taken.has(candidate)) return candidate;
  }
}

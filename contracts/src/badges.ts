/**
 * Badges and their gift codes (issue 26; storefront spec §3 Badge, §4 after-party claim flow, §5
 * claiming, §7 Badges, §8 badge claim messages) and the staff screen that loads the codes (beyond
 * the spec: `GET /dashboard/badges`, `POST /dashboard/badges/{id}/codes`). The account service
 * answers them all. A gift code is a cart coupon that only the account it was handed to can redeem,
 * once (docs/badges.md).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './nullable';

/** The campaigns' badges (spec §3: 2 is the convention badge, 3 the after-party badge). */
export const BADGE_IDS = {
  /** Anime Expo 2023 sign-up (`/ax23-signup`, `POST /userbadge/claim/ax`). */
  animeExpo: 1,
  convention: 2,
  afterParty: 3,
} as const;

/** The spec's words (§8) and this service's own for the badge calls, written once. */
export const BADGE_MESSAGES = {
  /** §8: the after-party page shows 'Not enough gifts' and keeps its state on this answer. */
  noMoreGifts: 'Badge cannot be claimed: no more available gifts',
  unknownBadge: (id: number) => `There is no badge ${id}.`,
  badgeId: 'badgeId is the number of a badge.',
  userId: 'userId is the id of a Reader account.',
  notYourBadges: 'You can only look at your own badges.',
  codesMissing: 'Add at least one gift code: one a line, or the first column of a CSV file.',
  badCode: (line: number, code: string) =>
    `Line ${line}: "${code}" is not a gift code. A code is 4 to 64 letters, digits, dashes or underscores.`,
  tooManyCodes: (max: number) => `At most ${max} gift codes can be added at once; split the list.`,
} as const;

/** What a gift code may hold: it becomes a coupon code, so the coupon's letters (upper-cased). */
export const GIFT_CODE_PATTERN = /^[A-Z0-9_-]{4,64}$/;
/** Most codes one upload may add. */
export const MAX_GIFT_CODES_PER_UPLOAD = 20_000;

const BadgeIdValue = Type.Integer({ minimum: 1, maximum: 2_147_483_647, errorMessage: BADGE_MESSAGES.badgeId });

/** One badge the signed-in reader holds (spec §3: badge.id and gift.code, the discount code shown). */
export const UserBadgeSchema = Type.Object({
  badge: Type.Object({ id: Type.Integer(), name: Type.String() }),
  /** The gift code handed with the badge; null when it was claimed without one (it never is today). */
  gift: Nullable(Type.Object({ code: Type.String() })),
  claimedAt: Type.String({ format: 'date-time' }),
});
export type UserBadge = Static<typeof UserBadgeSchema>;

export const UserBadgeListSchema = Type.Array(UserBadgeSchema);

/** `POST /userbadge/claim?badgeId=`. */
export const BadgeClaimQuerySchema = Type.Object({ badgeId: BadgeIdValue });
export type BadgeClaimQuery = Static<typeof BadgeClaimQuerySchema>;

/** `GET /userbadge/has/ax?userId=`: the caller themself, or staff. */
export const HasAxQuerySchema = Type.Object({ userId: Type.String({ format: 'uuid', errorMessage: BADGE_MESSAGES.userId }) });

/** The coupon each gift code of a badge becomes. */
export const BadgeCouponSchema = Type.Object({
  kind: Type.Union([Type.Literal('Percent'), Type.Literal('Fixed')]),
  /** Percent (0.01 to 100) or minor units. */
  value: Type.Number(),
  currency: Type.String(),
});
export type BadgeCoupon = Static<typeof BadgeCouponSchema>;

/** `GET /dashboard/badges`: each badge with its pool's counts. */
export const BadgeStockSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  coupon: BadgeCouponSchema,
  codes: Type.Object({ total: Type.Integer(), handedOut: Type.Integer(), left: Type.Integer() }),
  /** Accounts holding the badge. */
  holders: Type.Integer(),
});
export type BadgeStock = Static<typeof BadgeStockSchema>;
export const BadgeStockListSchema = Type.Array(BadgeStockSchema);

export const BadgeIdParamsSchema = Type.Object({ id: BadgeIdValue });

/**
 * `POST /dashboard/badges/{id}/codes`: the text of a list, one code a line, or a CSV file whose first
 * column is the code (a first line reading `code` is a header). Blank lines are ignored.
 */
export const GiftCodeUploadSchema = Type.Object({
  codes: Type.String({ maxLength: 2_000_000, errorMessage: 'codes is the text of the list, at most 2 MB.' }),
});
export type GiftCodeUpload = Static<typeof GiftCodeUploadSchema>;

export const GiftCodeUploadResultSchema = Type.Object({
  /** New codes put in the pool. */
  added: Type.Integer(),
  /** Codes left out: repeated in the list, or already in a pool. */
  skipped: Type.Integer(),
  badge: BadgeStockSchema,
});
export type GiftCodeUploadResult = Static<typeof GiftCodeUploadResultSchema>;

/**
 * The staff dashboard's customers and orders (issue 23): finding a user and what they own, bought
 * and were told; granting and removing products; notes, roles, changes, verification, erasure and
 * user exports; finding an order, its detail and timeline, notes, edits, Print fulfilment and
 * refunds (dashboard spec §3 Order edit record, Order, Refund, Address, Log level, Order note, User
 * note, User export job and list entry, User product add, Role set; §4; §6; §7 Orders and Users).
 *
 * Services: the account service answers `/dashboard/users…` (except the three below) and the user
 * export; the reader answers `/dashboard/users/products…` (grants go through its entitlements); the
 * order service answers `/dashboard/users/transactions/{id}`, `/dashboard/users/paginated-orders`,
 * `/dashboard/orders…` and `POST /user/deletesubscriptionandcustomer`.
 *
 * Money: item prices in whole cents; shipping, tax, refund and coupon amounts in cents at 4-decimal
 * precision (spec §9) as JSON numbers. Instants are ISO 8601 in UTC. Every answer is in the
 * envelope (`{ status, response }`).
 */
import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import { MAX_EMAIL_LENGTH } from './account-rules';
import { AGE_RATING_KEYS } from './age-ratings';
import { AuditEntrySchema, PaginatedOf } from './dashboard';
import { LogLevelSchema, SortDirectionSchema } from './dashboard-catalogue';
import { Nullable } from './nullable';
import { AddressSchema, OrderItemSchema, ShippingRateSchema } from './order';
import { ORDER_STATUSES } from './order-rules';

const Literals = <const T extends readonly [string, ...string[]]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;
const INT4_MAX = 2_147_483_647;
const Instant = Type.String({ format: 'date-time' });
/** Account ids are UUIDs. */
const UserId = Type.String({ format: 'uuid' });
const OrderId = Type.String({ format: 'uuid' });
const ProductId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Page = Type.Integer({ minimum: 1, maximum: INT4_MAX });
const PageSize = Type.Integer({ minimum: 1, maximum: 200 });
/** Cents at 4-decimal precision, never negative. */
const Amount = Type.Number({ minimum: 0, maximum: 1e12 });

/* ================================================================== shared */

/** The longest note staff may write on a user or an order. */
export const NOTE_MAX_LENGTH = 2000;
/** What a note of the wrong length is told (1 to NOTE_MAX_LENGTH characters). */
export const NOTE_LENGTH_MESSAGE = `A note is 1 to ${NOTE_MAX_LENGTH} characters long.`;
/** The longest reason given for a grant, a removal or a refund. */
export const REASON_MAX_LENGTH = 500;

/** Dashboard spec §3 "User note" / "Order note" input: `{ userId | orderId, logLevel, message }`. */
export const UserNoteInputSchema = Type.Object({
  userId: UserId,
  logLevel: LogLevelSchema,
  message: Type.String({ minLength: 1, maxLength: NOTE_MAX_LENGTH, errorMessage: NOTE_LENGTH_MESSAGE }),
});
export type UserNoteInput = Static<typeof UserNoteInputSchema>;

export const OrderNoteInputSchema = Type.Object({
  orderId: OrderId,
  logLevel: LogLevelSchema,
  message: Type.String({ minLength: 1, maxLength: NOTE_MAX_LENGTH }),
});
export type OrderNoteInput = Static<typeof OrderNoteInputSchema>;

/** A note as stored: who wrote it and when (beyond the spec's three fields). */
export const StaffNoteSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  logLevel: LogLevelSchema,
  message: Type.String(),
  authorId: Type.String(),
  authorEmail: Nullable(Type.String()),
  at: Instant,
});
export type StaffNote = Static<typeof StaffNoteSchema>;

/* ================================================================== users (account service) */

/**
 * The roles an account may hold (spec §6 does not name them): `admin` reaches the dashboard;
 * `support` and `finance` are kept for finer staff rights later and grant nothing today beyond
 * showing in the list. SetRoles refuses any other name.
 */
export const ACCOUNT_ROLES = ['admin', 'support', 'finance'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** Messages of the users area (the spec shows none: §5 "Validation messages for user … forms are not shown"). */
export const USER_MESSAGES = {
  unknownUser: 'No such user.',
  unknownRole: 'Unknown role: {role}. Roles are admin, support and finance.',
  ownAdminRole: 'You cannot remove your own admin role.',
  lastAdmin: 'This is the last admin: give another account the admin role first.',
  emailTaken: 'An account with this email already exists.',
  invalidEmail: 'Please enter a valid email.',
  alreadyVerified: 'This email is verified already.',
  nothingToChange: 'Nothing to change: send at least one field.',
  eraseOwnAccount: 'You cannot delete your own account from the dashboard.',
  unknownExport: 'No such export.',
  exportExpired: 'This download link has expired: start the export again.',
  unknownField: 'Unknown export field: {field}.',
} as const;

/** A row of the users list. `name` is the display name staff may set (null when none). */
export const UserListEntrySchema = Type.Object({
  id: UserId,
  /** Spec §7 SetRoles' `Auth0Id`: the account's external identity id. In Inkwell it is the account id. */
  externalId: Type.String(),
  email: Type.String(),
  name: Nullable(Type.String()),
  verified: Type.Boolean(),
  roles: Type.Array(Type.String()),
  createdAt: Instant,
  lastLoginAt: Nullable(Instant),
  loginCount: Type.Integer({ minimum: 0 }),
});
export type UserListEntry = Static<typeof UserListEntrySchema>;

export const USER_SORTS = ['createdAt', 'email', 'name', 'lastLoginAt'] as const;

/**
 * POST /dashboard/users/post-pagination body. `search` matches an email or name containing it
 * (case-insensitive) or an account id equal to it.
 */
export const UserSearchBodySchema = Type.Object({
  page: Type.Optional(Page),
  pageSize: Type.Optional(PageSize),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  role: Type.Optional(Literals(ACCOUNT_ROLES)),
  verified: Type.Optional(Type.Boolean()),
  sortBy: Type.Optional(Literals(USER_SORTS)),
  sortDirection: Type.Optional(SortDirectionSchema),
});
export type UserSearchBody = Static<typeof UserSearchBodySchema>;
export const UserPageSchema = PaginatedOf(UserListEntrySchema);

/** GET /dashboard/users?query&count: the quick lookup (pickers), best matches first. */
export const UserLookupQuerySchema = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 200 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
});

/** An address the user used in an order (from the order service), most recent first. */
export const UserAddressSchema = Type.Composite([AddressSchema, Type.Object({ lastUsedAt: Instant })]);

/** GET /dashboard/users/{id}: the user's detail (the spec does not show its fields). */
export const UserDetailSchema = Type.Composite([
  UserListEntrySchema,
  Type.Object({
    maxShownRating: Nullable(Literals(AGE_RATING_KEYS)),
    verificationSentAt: Nullable(Instant),
    /** Sign-in sessions (refresh-token families) not revoked or expired. */
    activeSessions: Type.Integer({ minimum: 0 }),
    /** Newsletter state: `subscribed` unless opted out; `pending` while an unsubscribe is pending. */
    newsletter: Type.Object({ subscribed: Type.Boolean(), pending: Type.Boolean() }),
    /** Badges claimed (issue 26 fills this; empty until then). */
    badges: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), claimedAt: Instant })),
    addresses: Type.Array(UserAddressSchema),
    /** False when the order service could not be asked (addresses are then empty): the page says so. */
    addressesAvailable: Type.Boolean(),
    notes: Type.Array(StaffNoteSchema),
    /** Staff actions on this user, newest first (the customer page's Activity tab). */
    activity: Type.Array(AuditEntrySchema),
  }),
]);
export type UserDetail = Static<typeof UserDetailSchema>;

/** POST /dashboard/users/alter/{userId}: the fields staff may change, at least one. Every change is audited. */
export const UserAlterBodySchema = Type.Object({
  email: Type.Optional(Type.String({ minLength: 3, maxLength: MAX_EMAIL_LENGTH })),
  verified: Type.Optional(Type.Boolean()),
  /** Display name; null or '' clears it. */
  name: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  maxShownRating: Type.Optional(Nullable(Literals(AGE_RATING_KEYS))),
});
export type UserAlterBody = Static<typeof UserAlterBodySchema>;

/** POST /dashboard/users/SetRoles (spec §3 Role set). The roles replace the account's roles. */
export const SetRolesBodySchema = Type.Object({
  Auth0Id: Type.String({ minLength: 1, maxLength: 100 }),
  NewRoles: Type.Array(Type.String({ maxLength: 50 }), { maxItems: 10 }),
});
export type SetRolesBody = Static<typeof SetRolesBodySchema>;

/** POST /dashboard/users/unsubscribe?pending&userId: `pending=true` marks the unsubscribe pending (confirmed later), false unsubscribes now. */
export const UnsubscribeQuerySchema = Type.Object({ userId: UserId, pending: Type.Optional(Type.Boolean()) });

/** POST /dashboard/users/{id}/verification/resend and /verification/verify (beyond the spec's calls). */
export const UserIdParamsSchema = Type.Object({ id: UserId });

/** POST /dashboard/users/delete/{id} and POST /user/deletesubscriptionandcustomer answer this. */
export const ErasureResultSchema = Type.Object({
  userId: UserId,
  /** The account is gone; other services forget the person from `account.deleted`. */
  erased: Type.Boolean(),
  /** POST /user/deletesubscriptionandcustomer: the payment provider's customer records were deleted (count). */
  paymentCustomersDeleted: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** POST /user/deletesubscriptionandcustomer body (the spec shows no body; the user is named by id). */
export const DeleteSubscriptionAndCustomerBodySchema = Type.Object({ userId: UserId });

/* ------------------------------------------------------------------ user export (account service) */

/**
 * Export fields (spec §3: the default list). Names as the spec gives them; `name` and `roles` are
 * ours. The file's header row names them in this order.
 */
export const USER_EXPORT_FIELDS = ['user_id', 'email', 'user_metadata.country', 'created_at', 'updated_at', 'last_login', 'logins_count', 'email_verified', 'name', 'roles'] as const;
export const DEFAULT_USER_EXPORT_FIELDS = ['user_id', 'email', 'user_metadata.country', 'created_at', 'updated_at', 'last_login', 'logins_count', 'email_verified'] as const;
export const USER_EXPORT_FORMATS = ['csv', 'json'] as const;
/** Job status values (the spec does not show them). */
export const USER_EXPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
/** How long a finished export's download link works. */
export const USER_EXPORT_LINK_TTL_SECONDS = 24 * 60 * 60;

/** POST /dashboard/users/user-export/start body: csv with the default fields unless told. */
export const UserExportStartBodySchema = Type.Object({
  format: Type.Optional(Literals(USER_EXPORT_FORMATS)),
  fields: Type.Optional(Type.Array(Type.String({ maxLength: 60 }), { minItems: 1, maxItems: USER_EXPORT_FIELDS.length })),
});

/** Spec §3 "User export job" plus progress (beyond the spec). */
export const UserExportJobSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: Type.Literal('users_export'),
  status: Literals(USER_EXPORT_STATUSES),
  format: Literals(USER_EXPORT_FORMATS),
  fields: Type.Array(Type.String()),
  created_at: Instant,
  /** The signed download link while it works (completed and not expired); null otherwise. */
  location: Nullable(Type.String()),
  isExpired: Type.Boolean(),
  /** Rows written and rows to write (known when the job starts). */
  rowsDone: Type.Integer({ minimum: 0 }),
  rowsTotal: Type.Integer({ minimum: 0 }),
  error: Nullable(Type.String()),
  requestedById: Type.String(),
  requestedByEmail: Nullable(Type.String()),
});
export type UserExportJob = Static<typeof UserExportJobSchema>;

/** Spec §3 "User export list entry" (GET /dashboard/users/user-export), newest first. */
export const UserExportListEntrySchema = Type.Object({
  jobId: Type.String({ format: 'uuid' }),
  created: Instant,
  isExpired: Type.Boolean(),
  requestedById: Type.String(),
  requestedByEmail: Nullable(Type.String()),
  status: Literals(USER_EXPORT_STATUSES),
  rowsDone: Type.Integer({ minimum: 0 }),
  rowsTotal: Type.Integer({ minimum: 0 }),
});

/* ------------------------------------------------------------------ user products (reader) */

/** How the user came to own a product. */
export const OWNERSHIP_SOURCES = ['purchase', 'grant'] as const;

/**
 * A product the user owns (GET /dashboard/users/products?userId). `id` is what
 * `products/delete/{id}` removes: the entitlement's own id.
 */
export const UserProductSchema = Type.Object({
  id: Type.String(),
  productId: ProductId,
  name: Type.String(),
  thumbnailUrl: Nullable(Type.String()),
  source: Literals(OWNERSHIP_SOURCES),
  /** The order it came with (purchases). */
  orderId: Nullable(Type.String()),
  acquiredAt: Instant,
  /** Grants: why, and who granted it. */
  reason: Nullable(Type.String()),
  grantedById: Nullable(Type.String()),
  grantedByEmail: Nullable(Type.String()),
});
export type UserProduct = Static<typeof UserProductSchema>;
export const UserProductsQuerySchema = Type.Object({ userId: UserId });

/**
 * POST /dashboard/users/products/add and /compAdd (spec §3 User product add). A SKU is a product's
 * id or its readable URL. `add` records the grant as a staff addition, `compAdd` as a
 * complimentary copy; both need the reason. Unknown SKUs refuse the whole call (nothing granted).
 */
export const UserProductAddBodySchema = Type.Object({
  userId: UserId,
  productSkus: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 100 }),
  reason: Type.String({ minLength: 1, maxLength: REASON_MAX_LENGTH }),
});
export type UserProductAddBody = Static<typeof UserProductAddBodySchema>;
/** POST /dashboard/users/products/delete/{id}: `id` is a UserProduct's id; body gives the reason. */
export const UserProductDeleteBodySchema = Type.Object({ reason: Type.String({ minLength: 1, maxLength: REASON_MAX_LENGTH }) });

export const USER_PRODUCT_MESSAGES = {
  unknownSku: 'Unknown product SKU: {sku}.',
  unknownEntitlement: 'No such product on this user.',
  unknownUser: 'No such user.',
} as const;

/* ================================================================== orders (order service) */

export const OrderStatusSchema = Literals(ORDER_STATUSES);

/** A row of the orders list (the spec does not show its fields). */
export const OrderListRowSchema = Type.Object({
  id: OrderId,
  /** INK-000123. */
  accountingId: Type.String(),
  status: OrderStatusSchema,
  statusLabel: Type.String(),
  orderDate: Instant,
  userId: Nullable(Type.String()),
  email: Nullable(Type.String()),
  customerName: Nullable(Type.String()),
  itemCount: Type.Integer({ minimum: 0 }),
  hasPrint: Type.Boolean(),
  hasDigital: Type.Boolean(),
  totalPrice: Type.Number(),
  isoCurrency: Type.String(),
  /** Cents refunded so far. */
  refundedAmount: Type.Number(),
  tags: Type.Array(Type.String()),
});
export type OrderListRow = Static<typeof OrderListRowSchema>;

/**
 * Order tags (spec §7's `filterTagIds`): what staff filter on, computed from the order: `print`,
 * `digital`, `pre-order`, `refunded` (in part or in full), `shipped`, `noted` (has a staff note).
 */
export const ORDER_TAGS = ['print', 'digital', 'pre-order', 'refunded', 'shipped', 'noted'] as const;
/** A tag's id in `filterTagIds` (spec §7 names ids): its 1-based position in ORDER_TAGS; names are accepted too. */
export const orderTagId = (tag: (typeof ORDER_TAGS)[number]): number => ORDER_TAGS.indexOf(tag) + 1;

/**
 * Names `filterStatus` accepts beside the statuses themselves (case-insensitive): groups staff
 * filter by. `paid`: the money is taken; `unpaid`: waiting for it; `fulfilment`: Print work to do.
 */
export const ORDER_STATUS_GROUPS = {
  paid: ['Scheduled', 'PendingProcessing', 'Processing', 'Completed'],
  unpaid: ['PendingPayment', 'ConfirmedByClient'],
  fulfilment: ['PendingProcessing', 'Processing'],
} as const satisfies Record<string, ReadonlyArray<(typeof ORDER_STATUSES)[number]>>;
export const ORDER_SORTS = ['orderDate', 'totalPrice', 'status', 'accountingId'] as const;

/**
 * GET /dashboard/orders query. `filterStatus` is one status or several comma-separated (names
 * case-insensitive, or a group of ORDER_STATUS_GROUPS); unknown → 400 naming the field;
 * `filterFromDate` is YYYY-MM-DD or an instant (orders on or after it); `filterToDate` likewise
 * (beyond the spec, inclusive day); `filterTagIds` comma-separated ORDER_TAGS names or ids (orderTagId); `searchText` matches
 * the accounting id (INK-000123 or 123), order id, email, customer name or user id; `start` is the
 * row offset. Answers a paginated result.
 */
export const OrderListQuerySchema = Type.Object({
  filterStatus: Type.Optional(Type.String({ maxLength: 300 })),
  filterFromDate: Type.Optional(Type.String({ maxLength: 40 })),
  filterToDate: Type.Optional(Type.String({ maxLength: 40 })),
  filterTagIds: Type.Optional(Type.String({ maxLength: 200 })),
  start: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
  count: Type.Optional(PageSize),
  searchText: Type.Optional(Type.String({ maxLength: 200 })),
  sortBy: Type.Optional(Literals(ORDER_SORTS)),
  sortDirection: Type.Optional(SortDirectionSchema),
});
export type OrderListQuery = Static<typeof OrderListQuerySchema>;
export const OrderPageSchema = PaginatedOf(OrderListRowSchema);

/** One move on the order's timeline: a status change, a payment, a shipment, a refund, an edit or a note. */
export const ORDER_EVENT_KINDS = ['placed', 'status', 'payment', 'shipment', 'refund', 'edit', 'note', 'email'] as const;
export const OrderTimelineEntrySchema = Type.Object({
  kind: Literals(ORDER_EVENT_KINDS),
  at: Instant,
  /** A sentence for staff ("Marked shipped with UPS 1Z999…", "Refunded $4.99: damaged"). */
  summary: Type.String(),
  fromStatus: Nullable(OrderStatusSchema),
  toStatus: Nullable(OrderStatusSchema),
  actorId: Nullable(Type.String()),
  actorEmail: Nullable(Type.String()),
});

export const ShipmentSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  carrier: Type.String(),
  trackingNumber: Type.String(),
  trackingUrl: Nullable(Type.String()),
  shippedAt: Instant,
  deliveredAt: Nullable(Instant),
});

/** One refund of the order (spec §3 Refund plus who, when and the processor's refund id). */
export const OrderRefundRecordSchema = Type.Object({
  id: Type.String(),
  refundReason: Type.String(),
  orderRefundItems: Type.Array(Type.Object({ position: Type.Integer({ minimum: 0 }), productId: Type.Integer(), variantId: Type.Integer(), quantity: Type.Integer({ minimum: 1 }), amount: Type.Number() })),
  shippingAmount: Type.Number(),
  /** Items + their tax + shipping, cents at 4 decimals. */
  amount: Type.Number(),
  status: Literals(['pending', 'succeeded', 'failed'] as const),
  processorRefundId: Nullable(Type.String()),
  actorId: Nullable(Type.String()),
  actorEmail: Nullable(Type.String()),
  at: Instant,
});
export type OrderRefundRecord = Static<typeof OrderRefundRecordSchema>;

/** Invoice status ids of the Order edit record (the spec shows the field, not its values). */
export const INVOICE_STATUSES = [
  { id: 0, name: 'Not invoiced' },
  { id: 1, name: 'Invoiced' },
  { id: 2, name: 'Paid' },
  { id: 3, name: 'Void' },
] as const;

/** GET /dashboard/orders/{id}: everything about one order. */
export const StaffOrderSchema = Type.Object({
  id: OrderId,
  purchaseId: Type.String(),
  accountingId: Type.String(),
  status: OrderStatusSchema,
  statusLabel: Type.String(),
  /** The statuses staff may move it to now (by the order-status rule). */
  allowedStatuses: Type.Array(OrderStatusSchema),
  orderDate: Instant,
  scheduleDate: Nullable(Instant),
  userId: Nullable(Type.String()),
  email: Nullable(Type.String()),
  customerName: Nullable(Type.String()),
  orderItems: Type.Array(Type.Composite([OrderItemSchema, Type.Object({
    position: Type.Integer({ minimum: 0 }),
    /** Quantity of this line already refunded. */
    refundedQuantity: Type.Integer({ minimum: 0 }),
  })])),
  isoCurrency: Type.String(),
  priceDetails: Type.Object({
    netPrice: Type.Integer(),
    fullPrice: Type.Integer(),
    shippingCost: Type.Number(),
    taxes: Type.Number(),
    couponSaveAmount: Type.Number(),
    totalPrice: Type.Number(),
    /** Cents refunded so far, and what may still be refunded. */
    refundedAmount: Type.Number(),
    refundableAmount: Type.Number(),
    refundedShipping: Type.Number(),
  }),
  shippingMethod: Nullable(ShippingRateSchema),
  shippingRates: Type.Array(ShippingRateSchema),
  billingAddress: Nullable(AddressSchema),
  shippingAddress: Nullable(AddressSchema),
  payment: Type.Object({
    provider: Type.String(),
    method: Nullable(Type.String()),
    paymentId: Nullable(Type.String()),
    status: Nullable(Type.String()),
    amount: Type.Number(),
  }),
  invoiceStatusId: Type.Integer({ minimum: 0 }),
  invoicePrinted: Type.Boolean(),
  shipments: Type.Array(ShipmentSchema),
  refunds: Type.Array(OrderRefundRecordSchema),
  notes: Type.Array(StaffNoteSchema),
  timeline: Type.Array(OrderTimelineEntrySchema),
  /** True when the customer's personal data was erased (spec: orders are kept for the accounts). */
  anonymised: Type.Boolean(),
});
export type StaffOrder = Static<typeof StaffOrderSchema>;
export const OrderIdParamsSchema = Type.Object({ id: OrderId });

/**
 * POST /dashboard/orders/{id}/edit (spec §3 Order edit record). Fields left out stay as they are;
 * `orderStatus` must be a move the order-status rule allows for staff (hold, release, cancel,
 * start and finish fulfilment). The changes, compared with the original, are audited; the answer
 * is the order and what changed.
 */
export const OrderEditBodySchema = Type.Object({
  customerName: Type.Optional(Type.String({ maxLength: 200 })),
  invoiceStatusId: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
  orderStatus: Type.Optional(OrderStatusSchema),
  invoicePrinted: Type.Optional(Type.Boolean()),
  billingAddress: Type.Optional(AddressSchema),
  shippingAddress: Type.Optional(AddressSchema),
});
export type OrderEditBody = Static<typeof OrderEditBodySchema>;
export const OrderEditResultSchema = Type.Object({
  order: StaffOrderSchema,
  changes: Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() })),
});

/**
 * POST /dashboard/orders/{id}/ship: Print fulfilment. PendingProcessing or Processing → shipped
 * (status Processing, shipment recorded, `order.shipped`, the shipped email). POST
 * /dashboard/orders/{id}/complete: Processing → Completed (delivered).
 */
export const ShipOrderBodySchema = Type.Object({
  carrier: Type.String({ minLength: 1, maxLength: 60 }),
  trackingNumber: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9 -]+$' }),
  trackingUrl: Type.Optional(Type.String({ maxLength: 500, format: 'uri' })),
});
export type ShipOrderBody = Static<typeof ShipOrderBodySchema>;

/**
 * POST /dashboard/orders/{id}/refund (spec §3 Refund): whole (`items` left out and `shippingAmount`
 * left out: everything still refundable) or chosen lines (position and quantity) and shipping.
 * `Idempotency-Key` header required (a double click refunds once); the answer is the refund record.
 */
export const RefundOrderBodySchema = Type.Object({
  refundReason: Type.String({ minLength: 1, maxLength: REASON_MAX_LENGTH }),
  items: Type.Optional(Type.Array(Type.Object({ position: Type.Integer({ minimum: 0, maximum: 10000 }), quantity: Type.Integer({ minimum: 1, maximum: 10000 }) }), { maxItems: 500 })),
  /** Cents of shipping to give back (at most what is left of it). */
  shippingAmount: Type.Optional(Amount),
});
export type RefundOrderBody = Static<typeof RefundOrderBodySchema>;

/** POST /dashboard/orders/{id}/refund/preview: the same body, answered with what the refund would be (nothing moves). */
export const RefundPreviewSchema = Type.Object({
  items: Type.Array(Type.Object({ position: Type.Integer(), productId: Type.Integer(), name: Type.String(), quantity: Type.Integer(), amount: Type.Number(), tax: Type.Number() })),
  shippingAmount: Type.Number(),
  amount: Type.Number(),
  isoCurrency: Type.String(),
  /** Would refund everything left: the order ends Cancelled. */
  full: Type.Boolean(),
});

export const ORDER_STAFF_MESSAGES = {
  unknownOrder: 'No such order.',
  refundTooLarge: 'The refund is more than is left to refund on this order.',
  itemAlreadyRefunded: 'Item {position} is refunded already.',
  unknownItem: 'The order has no item {position}.',
  nothingToRefund: 'Nothing to refund: choose items or a shipping amount.',
  notPaid: 'The order is not paid, so there is nothing to refund.',
  idempotencyKeyRequired: 'Idempotency-Key header is required.',
  refundFailed: 'The payment processor refused the refund: {message}',
  /** Another refund of the same purchase is still with the processor (refunds of a purchase go one at a time). */
  refundInProgress: 'Another refund of this order is under way; try again in a minute.',
  /** The same Idempotency-Key was used for a refund with another body (or of another order). */
  idempotencyKeyReused: 'This Idempotency-Key was used for another refund.',
  /** A refund's reason of blanks only. */
  refundReasonRequired: 'Give a reason for the refund.',
  noPrintItems: 'The order has no Print items to ship.',
  notShippable: 'The order is not waiting for fulfilment.',
  statusMove: 'The order cannot move from {from} to {to}: {reason}',
  nothingChanged: 'Nothing changed.',
} as const;

/** GET /dashboard/orders/shipping/getAccountInfo: the shipping account's state (rates port). */
export const ShippingAccountInfoSchema = Type.Object({
  provider: Type.String(),
  name: Type.String(),
  currency: Type.String(),
  connected: Type.Boolean(),
  services: Type.Array(Type.String()),
});

/* ------------------------------------------------------------------ a user's money (order service) */

/** GET /dashboard/users/transactions/{id}: the user's charges and refunds, newest first. */
export const UserTransactionSchema = Type.Object({
  id: Type.String(),
  kind: Literals(['charge', 'refund'] as const),
  orderId: Nullable(Type.String()),
  purchaseId: Type.String(),
  accountingId: Nullable(Type.String()),
  amount: Type.Number(),
  currency: Type.String(),
  status: Type.String(),
  provider: Type.String(),
  method: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  at: Instant,
});
export type UserTransaction = Static<typeof UserTransactionSchema>;

/** POST /dashboard/users/paginated-orders?userId (with page and pageSize in the query too). */
export const UserOrdersQuerySchema = Type.Object({ userId: UserId, page: Type.Optional(Page), pageSize: Type.Optional(PageSize) });

/**
 * The order service's request and answer shapes (storefront spec §3 Address, Order, Purchase,
 * Shipping rate; §7 cart-and-orders calls), inside the envelope's `response`. Prices of items are
 * whole minor units; shipping, tax, coupon and refund amounts and the totals that include them are
 * minor units at 4-decimal precision of the currency (so cents carry up to 2 decimals: 299.85 is
 * $2.9985), spec §9. `amountDue` is what is charged: the total rounded to whole minor units.
 */
import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import { MAX_EMAIL_LENGTH } from './account-rules';
import { Nullable } from './nullable';

import { ORDER_STATUSES, PAYMENT_METHODS, PURCHASE_STATES, COULD_NOT_CALCULATE_TAX, PAYMENT_METHOD_NOT_IMPLEMENTED, PURCHASE_FAILED } from './order-rules';

export * from './order-rules';

/** A union of these string literals, keeping each literal's type. */
const oneOf = <T extends readonly string[]>(values: T, options: { errorMessage?: string } = {}) =>
  Type.Union(values.map((value) => Type.Literal(value)), options) as unknown as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;

const text = (maxLength: number) => Type.String({ maxLength });

export const AddressSchema = Type.Object({
  firstName: text(100),
  surName: text(100),
  companyName: Type.Optional(Nullable(text(200))),
  /** ISO 3166-1 alpha-2. */
  country: text(60),
  address: text(300),
  locality: text(100),
  postalCode: text(20),
  /** State or province code where the country has them (US, CA). */
  administrativeArea: text(100),
  phoneNumber: text(40),
  email: text(MAX_EMAIL_LENGTH),
  isShippingAddress: Type.Optional(Type.Boolean()),
  isBillingAddress: Type.Optional(Type.Boolean()),
});
export type AddressInput = Static<typeof AddressSchema>;

export const ShippingRateSchema = Type.Object({
  mailClass: Type.String(),
  mailService: Type.String(),
  /** Minor units, 4-decimal precision. */
  totalPrice: Type.Number(),
  deliveryTimeInDays: Type.Integer(),
});
export type ShippingRate = Static<typeof ShippingRateSchema>;

export const OrderItemSchema = Type.Object({
  productId: Type.Integer(),
  variantId: Type.Integer(),
  name: Type.String(),
  thumbnailUrl: Nullable(Type.String()),
  distributionType: Type.Union([Type.Literal('Digital'), Type.Literal('Print')]),
  quantity: Type.Integer({ minimum: 1 }),
  /** One unit, whole minor units. */
  price: Type.Integer(),
  /** The line's tax, 4-decimal precision. */
  tax: Type.Number(),
  currency: Type.String(),
  cartId: Type.String(),
  orderId: Type.String(),
});
export type OrderItem = Static<typeof OrderItemSchema>;

export const PriceDetailsSchema = Type.Object({
  /** Sum of the items, whole minor units. */
  netPrice: Type.Integer(),
  /** The items without running sales. */
  fullPrice: Type.Integer(),
  shippingCost: Type.Number(),
  taxes: Type.Number(),
  couponSaveAmount: Type.Number(),
  currency: Type.String(),
});

export const OrderRefundSchema = Type.Object({
  refundReason: Type.String(),
  orderRefundItems: Type.Array(Type.Object({ productId: Type.Integer(), variantId: Type.Integer(), amount: Type.Number() })),
  shippingAmount: Type.Number(),
  amount: Type.Number(),
  refundedAt: Type.String(),
});

export const OrderSchema = Type.Object({
  id: Type.String(),
  purchaseId: Type.String(),
  status: oneOf(ORDER_STATUSES),
  /** Spec §4's label ('Payment TBC', 'Blocked', …). */
  statusLabel: Type.String(),
  orderItems: Type.Array(OrderItemSchema),
  /** subtotal − coupon + shipping + tax, 4-decimal precision. */
  totalPrice: Type.Number(),
  isoCurrency: Type.String(),
  priceDetails: PriceDetailsSchema,
  shippingRates: Type.Array(ShippingRateSchema),
  shippingMethod: Nullable(ShippingRateSchema),
  shippingAddress: Nullable(AddressSchema),
  userId: Nullable(Type.String()),
  /** ISO 8601. */
  orderDate: Type.String(),
  /** The release day of a pre-order (ISO 8601); null for what is available now. */
  scheduleDate: Nullable(Type.String()),
  /** A short number for receipts and support (INK-000123). */
  accountingId: Type.String(),
  orderRefund: Nullable(OrderRefundSchema),
  couponSaveAmount: Type.Number(),
});
export type Order = Static<typeof OrderSchema>;

/** One move on the order's timeline as its buyer sees it: the status it reached (spec §4's label) and when. */
export const OrderStatusMoveSchema = Type.Object({
  status: oneOf(ORDER_STATUSES),
  label: Type.String(),
  /** ISO 8601. */
  at: Type.String(),
});
export type OrderStatusMove = Static<typeof OrderStatusMoveSchema>;

/** A parcel of the order's Print items, once staff shipped it (the carrier's tracking). */
export const OrderShipmentSchema = Type.Object({
  carrier: Type.String(),
  trackingNumber: Type.String(),
  trackingUrl: Nullable(Type.String()),
  shippedAt: Type.String(),
  deliveredAt: Nullable(Type.String()),
});
export type OrderShipment = Static<typeof OrderShipmentSchema>;

/**
 * When the Print items should arrive: the chosen rate's deliveryTimeInDays counted from the day the
 * parcel left (`shipped`), else from the release day of a pre-order (`release`) or the order date
 * (`ordered`); `delivered` once staff marked it arrived. A calendar day, YYYY-MM-DD (UTC).
 */
export const DeliveryEstimateSchema = Type.Object({
  basis: Type.Union([Type.Literal('ordered'), Type.Literal('release'), Type.Literal('shipped'), Type.Literal('delivered')]),
  arrivesBy: Type.String(),
  deliveryTimeInDays: Type.Integer(),
});
export type DeliveryEstimate = Static<typeof DeliveryEstimateSchema>;

/**
 * GET /order/{id}: the order as its page shows it (beyond the spec): the Order, its status
 * timeline oldest first (starting with its placing), its shipments and the delivery estimate
 * (null without Print items, or once cancelled).
 */
export const OrderDetailSchema = Type.Composite([
  OrderSchema,
  Type.Object({
    statusHistory: Type.Array(OrderStatusMoveSchema),
    shipments: Type.Array(OrderShipmentSchema),
    deliveryEstimate: Nullable(DeliveryEstimateSchema),
  }),
]);
export type OrderDetail = Static<typeof OrderDetailSchema>;

export const PaymentFailureSchema = Type.Object({
  /** Spec §4's payment flow state: CardError, ApiError, InvalidRequestError, IdempotencyError, InternalError. */
  kind: Type.String(),
  code: Type.String(),
  /** What the shopper is told (spec §8's card error wording). */
  message: Type.String(),
});

export const PaymentSchema = Type.Object({
  provider: Type.Union([Type.Literal('simulated'), Type.Literal('stripe'), Type.Literal('none')]),
  paymentId: Nullable(Type.String()),
  status: Type.Union([Type.Literal('succeeded'), Type.Literal('requires_action'), Type.Literal('processing'), Type.Literal('failed'), Type.Literal('canceled'), Type.Literal('not_required')]),
  /** requires_action: where the browser goes to authorise (3-D Secure, a wallet), and comes back to returnUrl. */
  redirectUrl: Nullable(Type.String()),
  /** Stripe's Payment Element confirms in the browser with this. */
  clientSecret: Nullable(Type.String()),
  failure: Nullable(PaymentFailureSchema),
});

export const PurchaseSchema = Type.Object({
  id: Type.String(),
  cartId: Type.String(),
  /** The cart id of a guest's purchase (spec §3 guestId); null when signed in. */
  guestId: Nullable(Type.String()),
  userId: Nullable(Type.String()),
  email: Nullable(Type.String()),
  state: oneOf(PURCHASE_STATES),
  billingAddress: AddressSchema,
  shippingAddress: Nullable(AddressSchema),
  orders: Type.Array(OrderSchema),
  couponCode: Nullable(Type.String()),
  couponSaveAmount: Type.Number(),
  paymentMethod: Nullable(oneOf(PAYMENT_METHODS)),
  /** Rates for the Print items (cheapest first); empty without any. */
  shippingRates: Type.Array(ShippingRateSchema),
  shippingMethod: Nullable(ShippingRateSchema),
  /** 4-decimal precision. */
  totalPrice: Type.Number(),
  /** What is charged: totalPrice rounded to whole minor units. */
  amountDue: Type.Integer(),
  totalPriceDetails: PriceDetailsSchema,
  /** No Print item and nothing to pay (spec §5): no payment is asked for. */
  isFree: Type.Boolean(),
  payment: Nullable(PaymentSchema),
  /** Items that left the cart since it was last seen (unpublished, removed, owned …). */
  notices: Type.Array(Type.String()),
});
export type Purchase = Static<typeof PurchaseSchema>;

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** `POST /purchase-request`: prices the cart for these addresses (nothing is charged or held). */
export const PurchaseRequestSchema = Type.Object({
  cartId: Type.String({ pattern: UUID, errorMessage: 'The cart id is not one this store gave out.' }),
  guestId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  /** A guest's email (the receipt and, once that email signs up, the account the purchase joins). */
  email: Type.Optional(Nullable(Type.String({ maxLength: 254 }))),
  billingAddress: AddressSchema,
  shippingAddress: Type.Optional(Nullable(AddressSchema)),
  couponCode: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  paymentMethod: Type.Optional(Nullable(oneOf(PAYMENT_METHODS, { errorMessage: 'Choose Card, PayPal, Google Pay or Apple Pay.' }))),
  /** The mail class chosen among the rates; the cheapest when absent. */
  shippingMethod: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
});
export type PurchaseRequest = Static<typeof PurchaseRequestSchema>;

/**
 * `POST /order/purchase` (`?platform=web` with the card nonce): pays a quoted purchase. Sent with an
 * `Idempotency-Key` header: a repeat with the same key answers the first answer and never charges
 * again; the same key with another body is refused.
 */
export const PurchaseSubmitSchema = Type.Object({
  purchaseId: Type.String({ pattern: UUID, errorMessage: 'The purchase id is not one this store gave out.' }),
  paymentMethod: Type.Optional(Nullable(oneOf(PAYMENT_METHODS, { errorMessage: 'Choose Card, PayPal, Google Pay or Apple Pay.' }))),
  /** The card nonce: a Stripe PaymentMethod id (pm_…), or a test card number for the simulated processor. */
  StripeNonce: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  /** The total the shopper was shown (4-decimal precision); refused when the purchase now costs something else. */
  totalPrice: Type.Optional(Type.Number()),
  /** Where the provider sends the browser back after a redirect (a path of this store). */
  returnUrl: Type.Optional(Type.String({ maxLength: 500 })),
});
export type PurchaseSubmit = Static<typeof PurchaseSubmitSchema>;

/** `POST /order/purchase-soft-confirmed` and `/order/payment-soft-confirmed`. */
export const SoftConfirmSchema = Type.Object({
  purchaseId: Type.String({ pattern: UUID, errorMessage: 'The purchase id is not one this store gave out.' }),
  transactionId: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  message: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
});

/** `POST /order/purchase-failed`. */
export const PurchaseFailedSchema = Type.Object({
  purchaseId: Type.String({ pattern: UUID, errorMessage: 'The purchase id is not one this store gave out.' }),
  message: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
});

/** `GET /order/`: the account's orders, newest first (spec §3: Orders plus Count). */
export const OrderListSchema = Type.Object({ Orders: Type.Array(OrderSchema), Count: Type.Integer() });

/**
 * What the storefront needs to take a payment (beyond the spec: its provider key is configuration):
 * which processor is on, Stripe's publishable key when it is Stripe (never a secret), and the
 * payment methods offered. The storefront loads the provider's script with the key only under the
 * spec's conditions (§4).
 */
export const PaymentConfigSchema = Type.Object({
  provider: Type.Union([Type.Literal('simulated'), Type.Literal('stripe')]),
  publishableKey: Nullable(Type.String()),
  methods: Type.Array(oneOf(PAYMENT_METHODS)),
  /** The simulated processor in a non-production run (NODE_ENV is not production): the card form may show its test cards (issue 26). */
  testCards: Type.Boolean(),
});
export type PaymentConfig = Static<typeof PaymentConfigSchema>;

export const ShippingCountrySchema = Type.Object({
  countryCode: Type.String(),
  name: Type.String(),
  states: Type.Optional(Type.Array(Type.Object({ code: Type.String(), name: Type.String() }))),
});

export const SalesTaxSchema = Type.Object({
  country: Type.String(),
  administrativeArea: Nullable(Type.String()),
  /** The rate on goods taxed there, e.g. 0.0725. */
  rate: Type.Number(),
  /** The rate on Digital items: 0 in a US state that does not tax digital products (issue 26). */
  digitalRate: Type.Optional(Type.Number()),
  /** The place whose combined local rate is included when PostalCode names one, e.g. 'New York City'. */
  locality: Type.Optional(Nullable(Type.String())),
  parts: Type.Array(Type.Object({ type: Type.String(), rate: Type.Number() })),
});

export const AddressVerificationSchema = Type.Object({
  responseId: Type.String(),
  previousResponseId: Nullable(Type.String()),
  /** Good enough for home delivery (spec §5 strict mode). */
  strict: Type.Boolean(),
  /** Good enough under spec §5's lenient mode. */
  lenient: Type.Boolean(),
  /** Spec §5's S, D and N warnings, in words. */
  warnings: Type.Array(Type.String()),
  granularity: Type.String(),
  inferredComponents: Type.Array(Type.String()),
  spellCorrectedComponents: Type.Array(Type.String()),
  replacedComponents: Type.Array(Type.String()),
  unconfirmedComponents: Type.Array(Type.String()),
  missingComponents: Type.Array(Type.String()),
  dpvConfirmation: Nullable(Type.String()),
  suggestedAddress: Type.Object({ country: Type.String(), address: Type.String(), locality: Type.String(), postalCode: Type.String(), administrativeArea: Type.String() }),
});

/** Messages of the spec (§5, §8) word for word, and this service's own. */
export const ORDER_MESSAGES = {
  paymentMethodNotImplemented: PAYMENT_METHOD_NOT_IMPLEMENTED,
  couldNotCalculateTax: COULD_NOT_CALCULATE_TAX,
  purchaseFailed: PURCHASE_FAILED,
  idempotencyKeyRequired: 'An Idempotency-Key header (up to 255 characters) is required to pay.',
  idempotencyKeyReused: 'This Idempotency-Key was used for a different request. Use a new key for a new attempt.',
  totalChanged: 'The total of your purchase changed. Check it and pay again.',
  cartChanged: 'Your cart changed while you were paying. Check it and try again.',
  alreadyCompleted: 'This purchase is already paid.',
  inProgress: 'This purchase is being paid. Wait a moment and check your orders.',
  providerUnreachable: 'We could not reach the payment provider. We will check your payment and email you; do not pay again yet.',
  unknownPurchase: 'There is no such purchase.',
  unknownOrder: 'There is no such order.',
  emailRequired: 'Enter an email for your receipt.',
  noShippingAddress: 'Enter a shipping address for the printed items.',
  unknownShippingMethod: (method: string) => `"${method}" is not a shipping method for this address. Choose one of the rates.`,
  noRates: 'We cannot ship these printed items to this address. Choose another address or remove them.',
  noParcel: (name: string) => `${name} cannot be shipped yet: its size and weight are not known. Remove it or try again later.`,
  emptyCart: 'Your cart is empty.',
  notYours: 'This purchase belongs to another account.',
} as const;

/**
 * The order words and names both ends share (storefront spec §4 order statuses and their labels,
 * payment methods, purchase states; §5 address messages; §8 purchase errors). Constants only, so a
 * frontend importing them pulls in no schema code (the shapes are in ./order).
 */

export const ORDER_STATUSES = ['PendingPayment', 'ConfirmedByClient', 'Scheduled', 'PendingProcessing', 'Processing', 'OnHold', 'Cancelled', 'Completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What shoppers read (spec §4: 'Payment TBC', 'Blocked'; the rest as named). */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  PendingPayment: 'Pending Payment',
  ConfirmedByClient: 'Payment TBC',
  Scheduled: 'Scheduled',
  PendingProcessing: 'Pending Processing',
  Processing: 'Processing',
  OnHold: 'Blocked',
  Cancelled: 'Cancelled',
  Completed: 'Completed',
};

export const PAYMENT_METHODS = ['Card', 'PayPal', 'GooglePay', 'ApplePay'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];

/**
 * Where a purchase is (the order service's durable flow): Quoted (totals shown, nothing charged),
 * Paying (a payment is being made), RequiresAction (the shopper must authorise at the provider),
 * Paid (charged, completion under way), Completed, Failed (the last payment failed; a new attempt
 * may be made), Compensated (charged, then refunded because it could not be completed).
 */
export const PURCHASE_STATES = ['Quoted', 'Paying', 'RequiresAction', 'Paid', 'Completed', 'Failed', 'Compensated'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

/** Spec §5's messages for blank address fields, word for word, in the spec's order. */
export const MISSING_FIELD_MESSAGES = {
  firstName: 'Missing first name',
  surName: 'Missing surname',
  country: 'Missing country',
  address: 'Missing address field',
  locality: 'Missing city',
  postalCode: 'Missing ZIP code',
  administrativeArea: 'Missing state',
  phoneNumber: 'Missing phone number',
  email: 'Missing email',
} as const;

/** Spec §8: what an unknown purchase failure shows. */
export const PURCHASE_FAILED = 'Purchase Failed';
/** Spec §5: a purchase that is not free without a payment method. */
export const PAYMENT_METHOD_NOT_IMPLEMENTED = 'Payment method not implemented';
/** Spec §8: the tax error. */
export const COULD_NOT_CALCULATE_TAX = 'Could not calculate tax';

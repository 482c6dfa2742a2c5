/** How the Users area names roles, log levels, age ratings and money. */
import type { AgeRatingKey } from '@inkwell/contracts/age-ratings';
import type { OrderStatus } from '@inkwell/contracts/order-rules';

const ROLE_LABELS: Record<string, string> = { admin: 'Admin', support: 'Support', finance: 'Finance' };

export function roleLabel(role: string): string {
  return ROLE_LABELS[role] ?? role;
}

export const ROLE_DESCRIPTIONS: Record<string, string> = {
  admin: 'Reaches this dashboard and every staff call.',
  support: 'Kept for finer staff rights later; shown in the list only.',
  finance: 'Kept for finer staff rights later; shown in the list only.',
};

export const AGE_RATING_LABELS: Record<AgeRatingKey, string> = {
  e: 'E (everyone)',
  e7: 'E7 (7 and up)',
  pg: 'PG',
  t: 'T (teen)',
  m: 'M (mature)',
};

export const LOG_LEVEL_TONES = { Info: 'info', Success: 'success', Error: 'danger' } as const;

/** Amounts of the order service: cents, possibly at 4 decimals. */
export function formatCents(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** How an order's status is coloured in the customer's Orders tab (the words carry the meaning). */
export const ORDER_STATUS_TONES: Record<OrderStatus, 'neutral' | 'info' | 'success' | 'danger' | 'muted' | 'warning'> = {
  PendingPayment: 'warning',
  ConfirmedByClient: 'warning',
  Scheduled: 'info',
  PendingProcessing: 'info',
  Processing: 'info',
  OnHold: 'danger',
  Cancelled: 'muted',
  Completed: 'success',
};

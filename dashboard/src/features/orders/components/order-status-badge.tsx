import { ORDER_STATUS_LABELS, type OrderStatus } from '@inkwell/contracts/order-rules';
import { Badge } from '@/components/feedback/status-badge';

type Tone = 'neutral' | 'info' | 'success' | 'danger' | 'muted' | 'warning';

const TONES: Record<OrderStatus, Tone> = {
  PendingPayment: 'neutral',
  ConfirmedByClient: 'warning',
  Scheduled: 'info',
  PendingProcessing: 'info',
  Processing: 'info',
  OnHold: 'danger',
  Cancelled: 'muted',
  Completed: 'success',
};

/** The spec's label of an order status (storefront spec §4: Payment TBC, Blocked). */
export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
}

/** An order status as a small coloured label with the spec's words. */
export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status as OrderStatus] ?? 'neutral'}>{orderStatusLabel(status)}</Badge>;
}

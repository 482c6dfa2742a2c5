import type { OrderStatus as Status } from '@inkwell/contracts/order-rules';
import styles from './orders.module.css';

/** The order's status as a pill, in spec §4's words ('Payment TBC', 'Blocked', …) as the order service gives them. */
export function OrderStatus({ status, label }: { status: Status; label: string }) {
  return <span className={[styles.status, styles[status]].filter(Boolean).join(' ')}>{label}</span>;
}

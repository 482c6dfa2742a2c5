import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import type { OrderListRow, UserDetail } from '@inkwell/contracts/dashboard-customers';
import { SimpleTable } from '@/components/data-table/simple-table';
import { DataTable } from '@/components/data-table/data-table';
import { usePagedQuery } from '@/components/data-table/use-paged-query';
import { Badge } from '@/components/feedback/status-badge';
import { formatDateTime } from '@/lib/format';
import { getUserOrders, userTransactionsQueryOptions } from '../api/users';
import { formatCents, ORDER_STATUS_TONES } from './labels';
import styles from './users.module.css';

const column = createColumnHelper<OrderListRow>();

const columns = [
  column.accessor('accountingId', { header: 'Order', enableSorting: false, meta: { isPrimary: true }, cell: (info) => info.getValue() }),
  column.accessor('orderDate', { header: 'Placed', enableSorting: false, cell: (info) => formatDateTime(info.getValue()) }),
  column.accessor('statusLabel', { header: 'Status', enableSorting: false, cell: (info) => <Badge tone={ORDER_STATUS_TONES[info.row.original.status]}>{info.getValue()}</Badge> }),
  column.accessor('itemCount', {
    header: 'Items',
    enableSorting: false,
    meta: { align: 'end' },
    cell: (info) => `${info.getValue()}${info.row.original.hasPrint ? ' · Print' : ''}${info.row.original.hasDigital ? ' · Digital' : ''}`,
  }),
  column.accessor('totalPrice', {
    header: 'Total',
    enableSorting: false,
    meta: { align: 'end' },
    cell: (info) => (
      <>
        {formatCents(info.getValue(), info.row.original.isoCurrency)}
        {info.row.original.refundedAmount > 0 && (
          <span className={styles.muted}> ({formatCents(info.row.original.refundedAmount, info.row.original.isoCurrency)} refunded)</span>
        )}
      </>
    ),
  }),
];

/** The customer page's Orders: their orders, newest first, a page at a time; each opens the order's page. */
export function OrdersTab({ user }: { user: UserDetail }) {
  const list = usePagedQuery<OrderListRow>({
    queryKey: ['users', 'orders', user.id],
    paramPrefix: 'orders-',
    defaultPageSize: 10,
    fetchPage: (params, signal) => getUserOrders(user.id, params, signal),
  });
  return (
    <DataTable
      caption={`Orders of ${user.email}`}
      columns={columns}
      list={list}
      getRowId={(order) => order.id}
      rowHref={(order) => `/orders/${order.id}`}
      rowLabel={(order) => order.accountingId}
      empty={{ title: 'No orders', text: 'Orders this user places appear here.' }}
    />
  );
}

/** The customer page's Transactions: charges and refunds, newest first. */
export function TransactionsTab({ user }: { user: UserDetail }) {
  const transactions = useQuery(userTransactionsQueryOptions(user.id));
  return (
    <SimpleTable
      caption={`Charges and refunds of ${user.email}`}
      query={transactions}
      getRowId={(transaction) => `${transaction.kind}-${transaction.id}`}
      empty={{ title: 'No transactions', text: 'Charges and refunds of this user’s orders appear here.' }}
      columns={[
        { id: 'at', header: 'When', isPrimary: true, cell: (t) => formatDateTime(t.at) },
        { id: 'kind', header: 'Kind', cell: (t) => (t.kind === 'refund' ? <Badge tone="warning">Refund</Badge> : <Badge tone="info">Charge</Badge>) },
        {
          id: 'amount',
          header: 'Amount',
          align: 'end',
          cell: (t) => (t.kind === 'refund' ? `−${formatCents(t.amount, t.currency)}` : formatCents(t.amount, t.currency)),
        },
        { id: 'status', header: 'Status', cell: (t) => t.status },
        { id: 'order', header: 'Order', cell: (t) => (t.orderId ? <Link to={`/orders/${t.orderId}`}>{t.accountingId ?? 'Open the order'}</Link> : (t.accountingId ?? '—')) },
        { id: 'how', header: 'Paid with', cell: (t) => [t.provider, t.method].filter(Boolean).join(' · ') },
        { id: 'reason', header: 'Reason', cell: (t) => t.reason ?? '—' },
      ]}
    />
  );
}

import { useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { ORDER_TAGS, type OrderListRow } from '@inkwell/contracts/dashboard-customers';
import { ORDER_STATUSES, type OrderStatus } from '@inkwell/contracts/order-rules';
import { DataTable, usePagedQuery, type PageParams } from '@/components/data-table';
import { DatePickerField, SearchField, TagSelectField } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { formatCount, formatDateTime } from '@/lib/format';
import { getOrders, ordersQueryKey } from '../api/orders';
import { OrderStatusBadge, orderStatusLabel } from '../components/order-status-badge';
import { ShippingAccountPanel } from '../components/shipping-account-panel';
import { formatCents, isWholeDay } from '../money';
import styles from '../orders.module.css';

const column = createColumnHelper<OrderListRow>();

const TAG_LABELS: Record<(typeof ORDER_TAGS)[number], string> = {
  print: 'Print',
  digital: 'Digital',
  'pre-order': 'Pre-order',
  refunded: 'Refunded',
  shipped: 'Shipped',
  noted: 'Has a note',
};
const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ id: status, label: orderStatusLabel(status) }));
const TAG_OPTIONS = ORDER_TAGS.map((tag) => ({ id: tag, label: TAG_LABELS[tag] }));

const columns = [
  column.accessor('accountingId', { id: 'accountingId', header: 'Order', meta: { isPrimary: true, label: 'Order' }, cell: (info) => <span className={styles.nowrap}>{info.getValue()}</span> }),
  column.accessor('orderDate', { id: 'orderDate', header: 'Placed', cell: (info) => formatDateTime(info.getValue()) }),
  column.display({
    id: 'customer',
    header: 'Customer',
    cell: ({ row }) => (
      <span className={styles.customerCell}>
        {row.original.customerName && <span>{row.original.customerName}</span>}
        <span className={row.original.customerName ? styles.muted : undefined}>{row.original.email ?? 'No email (erased)'}</span>
      </span>
    ),
  }),
  column.accessor('status', { id: 'status', header: 'Status', cell: (info) => <OrderStatusBadge status={info.getValue()} /> }),
  column.accessor('itemCount', {
    header: 'Items',
    enableSorting: false,
    meta: { align: 'end', hideOnPhone: true },
    cell: ({ row }) => `${formatCount(row.original.itemCount)}${row.original.hasPrint ? ' · Print' : ''}${row.original.hasDigital ? ' · Digital' : ''}`,
  }),
  column.accessor('totalPrice', { id: 'totalPrice', header: 'Total', meta: { align: 'end' }, cell: ({ row }) => formatCents(row.original.totalPrice, row.original.isoCurrency) }),
  column.accessor('refundedAmount', {
    header: 'Refunded',
    enableSorting: false,
    meta: { align: 'end', hideOnPhone: true },
    cell: ({ row }) => (row.original.refundedAmount > 0 ? formatCents(row.original.refundedAmount, row.original.isoCurrency) : '—'),
  }),
  column.accessor('tags', {
    header: 'Tags',
    enableSorting: false,
    meta: { hideOnPhone: true },
    cell: (info) => info.getValue().map((tag) => TAG_LABELS[tag as keyof typeof TAG_LABELS] ?? tag).join(', ') || '—',
  }),
];

type Filter = 'status' | 'from' | 'to' | 'tags';
const FILTERS: readonly Filter[] = ['status', 'from', 'to', 'tags'];

/** A date filter: the picker keeps what is typed; the URL (and the request) takes it once it is a whole day. */
function DayFilter({ label, value, onChange }: { label: string; value: string | undefined; onChange: (value: string | null) => void }) {
  const [typed, setTyped] = useState<string | null>(value ?? null);
  const [lastValue, setLastValue] = useState(value);
  // The URL changed from elsewhere (Clear filters, the back button): show it.
  if (value !== lastValue) {
    setLastValue(value);
    if ((value ?? null) !== typed) setTyped(value ?? null);
  }
  return (
    <DatePickerField
      label={label}
      value={typed}
      onChange={(next) => {
        setTyped(next);
        if (isWholeDay(next)) onChange(next);
      }}
      className={styles.filter}
    />
  );
}

function listOf(value: string | undefined): string[] {
  return value ? value.split(',').filter(Boolean) : [];
}

function fetchPage(params: PageParams<Filter>, signal: AbortSignal) {
  return getOrders(
    {
      searchText: params.search || undefined,
      filterStatus: params.filters.status,
      filterFromDate: params.filters.from,
      filterToDate: params.filters.to,
      filterTagIds: params.filters.tags,
      start: (params.page - 1) * params.pageSize,
      count: params.pageSize,
      sortBy: params.sort?.id as 'orderDate' | 'totalPrice' | 'status' | 'accountingId' | undefined,
      sortDirection: params.sort ? (params.sort.desc ? 'desc' : 'asc') : undefined,
    },
    { signal },
  );
}

/** `orders`: every order, searched, filtered and sorted on the server; the filters live in the URL. */
export default function OrderListRoute() {
  const list = usePagedQuery<OrderListRow, Filter>({ queryKey: [...ordersQueryKey], filterKeys: FILTERS, fetchPage });
  const { filters } = list.params;

  const toolbar = (
    <div className={styles.filters}>
      <SearchField
        label="Search orders"
        placeholder="Order number, email, name or user id"
        value={list.searchInput}
        onChange={list.setSearch}
        className={`${styles.search} ${styles.wide}`}
      />
      <TagSelectField<OrderStatus>
        label="Status"
        options={STATUS_OPTIONS}
        value={listOf(filters.status) as OrderStatus[]}
        onChange={(value) => list.setFilter('status', value.join(','))}
        placeholder="Any status"
        className={`${styles.filter} ${styles.wide}`}
      />
      <DayFilter label="Placed from" value={filters.from} onChange={(value) => list.setFilter('from', value)} />
      <DayFilter label="Placed to" value={filters.to} onChange={(value) => list.setFilter('to', value)} />
      <TagSelectField<string>
        label="Tags"
        options={TAG_OPTIONS}
        value={listOf(filters.tags)}
        onChange={(value) => list.setFilter('tags', value.join(','))}
        placeholder="Any tag"
        className={`${styles.filter} ${styles.wide}`}
      />
    </div>
  );

  return (
    <>
      <PageHeader title="Orders" summary="Find an order, follow its status, ship Print orders, refund and add notes. Amounts are shown to 4 decimals." />
      <ShippingAccountPanel />
      <DataTable
        caption="Orders"
        columns={columns}
        list={list}
        getRowId={(row) => row.id}
        rowHref={(row) => `/orders/${row.id}`}
        rowLabel={(row) => row.accountingId}
        toolbar={toolbar}
        empty={{ title: 'No orders yet', text: 'Orders appear here with their status, customer and total once shoppers check out.' }}
      />
    </>
  );
}

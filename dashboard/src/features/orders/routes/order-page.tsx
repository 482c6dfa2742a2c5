import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { AddressInput } from '@inkwell/contracts/order';
import { INVOICE_STATUSES, type StaffOrder } from '@inkwell/contracts/dashboard-customers';
import { Button } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon } from '@inkwell/ui-kit/icons';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/layout/page-header';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/staff-api';
import { useCompleteOrder, useOrder, type OrderEditResult } from '../api/orders';
import { EditOrderDialog } from '../components/edit-order-dialog';
import { OrderNotes } from '../components/order-notes';
import { OrderStatusBadge, orderStatusLabel } from '../components/order-status-badge';
import { OrderTimeline } from '../components/order-timeline';
import { RefundDialog } from '../components/refund-dialog';
import { ShipDialog } from '../components/ship-dialog';
import { formatCents } from '../money';
import styles from '../orders.module.css';

type OpenDialog = 'ship' | 'complete' | 'edit' | 'refund' | null;
const SHIPPABLE = new Set(['PendingProcessing', 'Processing']);

function Card({ title, id, children, className }: { title: string; id: string; children: ReactNode; className?: string }) {
  return (
    <section className={className ? `${styles.card} ${className}` : styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function AddressBlock({ address }: { address: AddressInput | null }) {
  if (!address) return <p className={styles.muted}>None.</p>;
  return (
    <address className={styles.address}>
      {address.firstName} {address.surName}
      {address.companyName && (
        <>
          <br />
          {address.companyName}
        </>
      )}
      <br />
      {address.address}
      <br />
      {address.locality}
      {address.administrativeArea ? `, ${address.administrativeArea}` : ''} {address.postalCode}
      <br />
      {address.country}
      <br />
      <span className={styles.muted}>
        {address.phoneNumber} · {address.email}
      </span>
    </address>
  );
}

const FIELD_LABELS: Record<string, string> = {
  customerName: 'Customer name',
  invoiceStatusId: 'Invoice status',
  invoicePrinted: 'Invoice printed',
  orderStatus: 'Status',
  status: 'Status',
  shippingAddress: 'Shipping address',
  billingAddress: 'Billing address',
};

/** A changed field's value as staff read it: status and invoice names, yes/no, an address on one line. */
function showValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (field === 'orderStatus' || field === 'status') return orderStatusLabel(String(value));
  if (field === 'invoiceStatusId') return INVOICE_STATUSES.find((entry) => entry.id === Number(value))?.name ?? String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') {
    const address = value as Partial<AddressInput>;
    if (address.address !== undefined) return [`${address.firstName ?? ''} ${address.surName ?? ''}`.trim(), address.address, address.locality, address.administrativeArea, address.postalCode, address.country].filter(Boolean).join(', ');
    return JSON.stringify(value);
  }
  return String(value);
}

function PriceBreakdown({ order }: { order: StaffOrder }) {
  const { priceDetails: price, isoCurrency: currency } = order;
  const rows: [string, number, boolean?][] = [
    ['Items (net)', price.netPrice],
    ['Coupon', -price.couponSaveAmount],
    ['Shipping', price.shippingCost],
    ['Tax', price.taxes],
    ['Total', price.totalPrice, true],
    ['Refunded', price.refundedAmount],
    ['Left to refund', price.refundableAmount, true],
  ];
  return (
    <dl className={styles.prices}>
      {rows.map(([label, cents, strong]) => (
        <div key={label} className={strong ? styles.priceStrong : undefined}>
          <dt>{label}</dt>
          <dd>{label === 'Coupon' && cents === 0 ? '—' : formatCents(cents, currency)}</dd>
        </div>
      ))}
      {price.fullPrice !== price.netPrice && (
        <div>
          <dt>Before sales</dt>
          <dd>{formatCents(price.fullPrice, currency)}</dd>
        </div>
      )}
    </dl>
  );
}

function OrderDetail({ order }: { order: StaffOrder }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [lastEdit, setLastEdit] = useState<OrderEditResult['changes'] | null>(null);
  const complete = useCompleteOrder();
  const close = () => setDialog(null);
  const currency = order.isoCurrency;

  const hasPrint = order.orderItems.some((item) => item.distributionType === 'Print');
  const unshipped = order.shipments.length === 0;
  const canShip = hasPrint && unshipped && SHIPPABLE.has(order.status);
  const canComplete = hasPrint && !unshipped && order.status === 'Processing' && order.shipments.some((shipment) => !shipment.deliveredAt);
  const canRefund = order.priceDetails.refundableAmount > 0;
  const invoice = INVOICE_STATUSES.find((entry) => entry.id === order.invoiceStatusId)?.name ?? String(order.invoiceStatusId);

  const actions = (
    <>
      {canShip && <Button onClick={() => setDialog('ship')}>Mark shipped</Button>}
      {canComplete && <Button onClick={() => setDialog('complete')}>Mark delivered</Button>}
      <Button variant="secondary" onClick={() => setDialog('edit')}>
        Edit order
      </Button>
      {canRefund && (
        <Button variant="secondary" onClick={() => setDialog('refund')}>
          Refund
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title={`Order ${order.accountingId}`}
        back={{ to: '/orders', label: 'Orders' }}
        meta={<OrderStatusBadge status={order.status} />}
        summary={
          <>
            Placed {formatDateTime(order.orderDate)} by{' '}
            {order.userId && !order.anonymised ? (
              <Link to={`/users/${order.userId}`} className={styles.link}>
                {order.customerName || order.email || 'the customer'}
              </Link>
            ) : (
              <span>{order.anonymised ? 'an erased customer' : (order.email ?? 'a guest')}</span>
            )}
            {order.email && order.customerName && !order.anonymised && <span className={styles.muted}> ({order.email})</span>}
          </>
        }
        actions={actions}
      />

      {lastEdit && (
        <div className={styles.changes} role="status">
          <p>
            <strong>Changes saved.</strong>{' '}
            {Object.keys(lastEdit).length === 0 ? 'Nothing changed.' : 'What changed:'}
          </p>
          {Object.keys(lastEdit).length > 0 && (
            <ul>
              {Object.entries(lastEdit).map(([field, change]) => (
                <li key={field}>
                  {FIELD_LABELS[field] ?? field}: {showValue(field, change.from)} → {showValue(field, change.to)}
                </li>
              ))}
            </ul>
          )}
          <Button size="sm" variant="ghost" onClick={() => setLastEdit(null)}>
            Dismiss
          </Button>
        </div>
      )}

      <div className={styles.layout}>
        <div className={styles.main}>
          <Card title="Items" id="order-items-title">
            <div className={styles.tableScroll}>
              <table className={styles.itemsTable}>
                <caption className="visually-hidden">Items of {order.accountingId}</caption>
                <thead>
                  <tr>
                    <th scope="col">Item</th>
                    <th scope="col">Type</th>
                    <th scope="col" className={styles.end}>
                      Quantity
                    </th>
                    <th scope="col" className={styles.end}>
                      Price
                    </th>
                    <th scope="col" className={styles.end}>
                      Tax
                    </th>
                    <th scope="col" className={styles.end}>
                      Refunded
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.orderItems.map((item) => (
                    <tr key={item.position}>
                      <th scope="row" data-label="Item">
                        {item.name}
                        <span className={styles.muted}> · #{item.productId}</span>
                      </th>
                      <td data-label="Type">{item.distributionType}</td>
                      <td data-label="Quantity" className={styles.end}>
                        {item.quantity}
                      </td>
                      <td data-label="Price" className={styles.end}>
                        {formatCents(item.price, item.currency || currency)}
                      </td>
                      <td data-label="Tax" className={styles.end}>
                        {formatCents(item.tax, item.currency || currency)}
                      </td>
                      <td data-label="Refunded" className={styles.end}>
                        {item.refundedQuantity > 0 ? `${item.refundedQuantity} of ${item.quantity}` : '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>

          <OrderTimeline entries={order.timeline} />
          <OrderNotes orderId={order.id} notes={order.notes} />
        </div>

        <aside className={styles.side} aria-label="Order details">
          <Card title="Price" id="order-price-title">
            <PriceBreakdown order={order} />
          </Card>
          <Card title="Payment" id="order-payment-title">
            <dl className={styles.facts}>
              <div>
                <dt>Provider</dt>
                <dd>
                  {order.payment.provider}
                  {order.payment.method ? ` · ${order.payment.method}` : ''}
                </dd>
              </div>
              <div>
                <dt>Paid</dt>
                <dd>{formatCents(order.payment.amount, currency)}</dd>
              </div>
              {order.payment.status && (
                <div>
                  <dt>Status</dt>
                  <dd>{order.payment.status}</dd>
                </div>
              )}
              {order.payment.paymentId && (
                <div>
                  <dt>Payment id</dt>
                  <dd className={styles.code}>{order.payment.paymentId}</dd>
                </div>
              )}
              <div>
                <dt>Invoice</dt>
                <dd>
                  {invoice}
                  {order.invoicePrinted ? ' · printed' : ''}
                </dd>
              </div>
            </dl>
          </Card>
          <Card title="Shipping address" id="order-shipping-title">
            <AddressBlock address={order.shippingAddress} />
            {order.shippingMethod && (
              <p className={styles.muted}>
                {order.shippingMethod.mailClass} · {order.shippingMethod.mailService} · {formatCents(order.shippingMethod.totalPrice, currency)}
              </p>
            )}
          </Card>
          <Card title="Billing address" id="order-billing-title">
            <AddressBlock address={order.billingAddress} />
          </Card>
          <Card title="Shipments" id="order-shipments-title">
            {order.shipments.length === 0 ? (
              <p className={styles.muted}>{!hasPrint ? 'Nothing to ship: Digital only.' : order.status === 'Cancelled' ? 'Not shipped.' : 'Not shipped yet.'}</p>
            ) : (
              <ul className={styles.plainList}>
                {order.shipments.map((shipment) => (
                  <li key={shipment.id}>
                    <strong>{shipment.carrier}</strong>{' '}
                    {shipment.trackingUrl ? (
                      <a href={shipment.trackingUrl} target="_blank" rel="noreferrer" className={styles.link}>
                        {shipment.trackingNumber}
                      </a>
                    ) : (
                      <span className={styles.code}>{shipment.trackingNumber}</span>
                    )}
                    <br />
                    <span className={styles.muted}>
                      Shipped {formatDateTime(shipment.shippedAt)}
                      {shipment.deliveredAt ? ` · delivered ${formatDateTime(shipment.deliveredAt)}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title="Refunds" id="order-refunds-title">
            {order.refunds.length === 0 ? (
              <p className={styles.muted}>No refunds.</p>
            ) : (
              <ul className={styles.plainList}>
                {order.refunds.map((record) => (
                  <li key={record.id}>
                    <strong>{formatCents(record.amount, currency)}</strong> · {record.status}
                    <br />
                    {record.refundReason}
                    <br />
                    <span className={styles.muted}>
                      {record.orderRefundItems.length > 0 && `${record.orderRefundItems.reduce((sum, line) => sum + line.quantity, 0)} item(s)`}
                      {record.shippingAmount > 0 && ` · shipping ${formatCents(record.shippingAmount, currency)}`} · {formatDateTime(record.at)}
                      {record.actorEmail ? ` · ${record.actorEmail}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </aside>
      </div>

      {dialog === 'ship' && <ShipDialog orderId={order.id} accountingId={order.accountingId} onClose={close} />}
      {dialog === 'refund' && <RefundDialog order={order} onClose={close} />}
      {dialog === 'edit' && <EditOrderDialog order={order} onClose={close} onSaved={(result) => setLastEdit(result.changes)} />}
      <ConfirmDialog
        isOpen={dialog === 'complete'}
        onOpenChange={(open) => !open && close()}
        title={`Mark ${order.accountingId} delivered?`}
        confirmLabel="Mark delivered"
        onConfirm={async () => {
          await complete.mutateAsync(order.id);
          toast.success(`${order.accountingId} is Completed`);
        }}
      >
        <p>The order moves from Processing to Completed. Do this once the carrier reports it delivered.</p>
      </ConfirmDialog>
    </>
  );
}

/** `orders/:id`: everything about one order, its timeline and what staff do with it. */
export default function OrderPageRoute() {
  const { id } = useParams();
  const order = useOrder(id);
  if (order.isPending) {
    return (
      <>
        <PageHeader title="Order" back={{ to: '/orders', label: 'Orders' }} />
        <p className={styles.muted} role="status">
          Loading the order…
        </p>
      </>
    );
  }
  if (order.isError) {
    return (
      <>
        <PageHeader title="Order" back={{ to: '/orders', label: 'Orders' }} />
        <EmptyState
          tone="error"
          icon={<AlertIcon size={20} />}
          title="The order didn't load"
          actions={
            <Button size="sm" onClick={() => void order.refetch()} disabled={order.isFetching}>
              Try again
            </Button>
          }
        >
          <p>{errorMessage(order.error)}</p>
        </EmptyState>
      </>
    );
  }
  return <OrderDetail order={order.data} />;
}

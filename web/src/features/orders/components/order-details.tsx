import { Link } from 'react-router-dom';
import { CoverImage } from '@/components/ui/cover-image';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { deliveryText, digitalReadable, formatAmount, formatDateTime, safeTrackingUrl, timelineOf } from '../order-rules';
import type { OrderDetail } from '../types';
import { OrderStatus } from './order-status';
import styles from './orders.module.css';

/** Storefront spec §9: product posters are 125% as tall as wide. */
const POSTER_RATIO = 125;

interface OrderDetailsProps {
  order: OrderDetail;
  /** Digital items get a "Read now" link when someone signed in is looking (a guest reads after signing up). */
  showRead: boolean;
  /** The order's number beside its date, where the page's heading does not already give it. */
  showNumber: boolean;
}

/**
 * One order in full, as its buyer sees it: its items (cover, title, format, quantity, price; a way
 * into the reader for Digital ones once owned), the totals, and for Print items where they go,
 * when they should arrive and the parcels' tracking; then the status timeline.
 */
export function OrderDetails({ order, showRead, showNumber }: OrderDetailsProps) {
  const currency = order.isoCurrency;
  const details = order.priceDetails;
  const readable = showRead && digitalReadable(order.status);
  const address = order.shippingAddress;
  const estimate = order.deliveryEstimate ? deliveryText(order.deliveryEstimate, order.shippingMethod?.mailService ?? null) : null;
  const timeline = timelineOf(order);

  return (
    <div className={styles.detail}>
      <div className={styles.summaryRow}>
        <p className={styles.meta}>
          {showNumber && (
            <>
              Order <strong className={styles.number}>{order.accountingId}</strong> ·{' '}
            </>
          )}
          Placed {formatDate(order.orderDate)}
          {order.scheduleDate && order.status === 'Scheduled' ? ` · unlocks on ${formatDate(order.scheduleDate)}` : ''}
        </p>
        <OrderStatus status={order.status} label={order.statusLabel} />
      </div>

      <div className={styles.columns}>
        <div className={styles.main}>
          <section className={styles.section} aria-labelledby="order-items">
            <h2 id="order-items" className={styles.sectionTitle}>
              Items
            </h2>
            <ul className={styles.lines}>
              {order.orderItems.map((item) => (
                <li key={`${item.productId}-${item.variantId}`} className={styles.line}>
                  <Link to={paths.product({ id: item.productId, readableUrl: null })} className={styles.cover} tabIndex={-1} aria-hidden="true">
                    <CoverImage images={item.thumbnailUrl ? [{ url: item.thumbnailUrl, width: 250, height: 313 }] : []} alt="" ratio={POSTER_RATIO} sizes="4.5rem" />
                  </Link>
                  <div className={styles.lineText}>
                    <Link to={paths.product({ id: item.productId, readableUrl: null })} className={styles.lineTitle}>
                      {item.name}
                    </Link>
                    <span className={styles.lineMeta}>
                      {item.distributionType}
                      {' · '}Qty {item.quantity}
                      {item.quantity > 1 ? ` × ${formatMoney(item.price, item.currency)}` : ''}
                    </span>
                    {readable && item.distributionType === 'Digital' && (
                      <Link className={styles.read} to={paths.reader(item.productId)} aria-label={`Read now: ${item.name}`}>
                        Read now
                      </Link>
                    )}
                  </div>
                  <span className={styles.linePrice}>{formatMoney(item.price * item.quantity, item.currency)}</span>
                </li>
              ))}
            </ul>
            <dl className={styles.totals}>
              <div>
                <dt>Subtotal</dt>
                <dd>{formatMoney(details.netPrice, currency)}</dd>
              </div>
              {details.couponSaveAmount > 0 && (
                <div className={styles.saving}>
                  <dt>Coupon savings</dt>
                  <dd>−{formatAmount(details.couponSaveAmount, currency)}</dd>
                </div>
              )}
              {order.shippingMethod && (
                <div>
                  <dt>Shipping ({order.shippingMethod.mailService})</dt>
                  <dd>{formatAmount(details.shippingCost, currency)}</dd>
                </div>
              )}
              <div>
                <dt>Tax</dt>
                <dd>{formatAmount(details.taxes, currency)}</dd>
              </div>
              <div className={styles.total}>
                <dt>Total</dt>
                <dd>{formatAmount(order.totalPrice, currency)}</dd>
              </div>
              {order.orderRefund && (
                <div className={styles.saving}>
                  <dt>Refunded</dt>
                  <dd>−{formatAmount(order.orderRefund.amount, currency)}</dd>
                </div>
              )}
            </dl>
          </section>
        </div>

        <div className={styles.side}>
          {(estimate || order.shipments.length > 0) && (
            <section className={styles.section} aria-labelledby="order-delivery">
              <h2 id="order-delivery" className={styles.sectionTitle}>
                Delivery
              </h2>
              {estimate && (
                <p className={styles.estimate}>
                  <strong>{estimate.headline}</strong>
                  <span className={styles.muted}>{estimate.detail}</span>
                </p>
              )}
              {order.shipments.length > 0 ? (
                <ul className={styles.parcels} aria-label="Tracking">
                  {order.shipments.map((shipment) => {
                    const url = safeTrackingUrl(shipment.trackingUrl);
                    return (
                      <li key={`${shipment.carrier}-${shipment.trackingNumber}`} className={styles.parcel}>
                        <span className={styles.muted}>
                          {shipment.deliveredAt ? `Delivered ${formatDate(shipment.deliveredAt)}` : `Shipped ${formatDate(shipment.shippedAt)}`} with {shipment.carrier}
                        </span>
                        <span className={styles.tracking}>Tracking number {shipment.trackingNumber}</span>
                        {url && (
                          <a className={styles.trackLink} href={url} target="_blank" rel="noreferrer noopener">
                            Track your parcel<span className="visually-hidden"> with {shipment.carrier} (opens in a new tab)</span>
                          </a>
                        )}
                      </li>
                    );
                  })}
                </ul>
              ) : (
                estimate && <p className={styles.muted}>Tracking shows here once your parcel ships.</p>
              )}
            </section>
          )}

          {address && (
            <section className={styles.section} aria-labelledby="order-address">
              <h2 id="order-address" className={styles.sectionTitle}>
                Shipping address
              </h2>
              <address className={styles.address}>
                {address.firstName} {address.surName}
                <br />
                {address.companyName ? (
                  <>
                    {address.companyName}
                    <br />
                  </>
                ) : null}
                {address.address}
                <br />
                {address.locality}, {address.administrativeArea} {address.postalCode}
                <br />
                {address.country}
              </address>
            </section>
          )}

          <section className={styles.section} aria-labelledby="order-timeline">
            <h2 id="order-timeline" className={styles.sectionTitle}>
              Order history
            </h2>
            <ol className={styles.timeline}>
              {timeline.map((entry, index) => (
                <li key={entry.key} className={styles.step} aria-current={index === timeline.length - 1 ? 'step' : undefined}>
                  <span className={styles.stepLabel}>{entry.label}</span>
                  <time className={styles.muted} dateTime={entry.at}>
                    {formatDateTime(entry.at)}
                  </time>
                  {entry.detail && <span className={styles.muted}>{entry.detail}</span>}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </div>
  );
}

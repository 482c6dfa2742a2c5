import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ArrowRightIcon } from '@inkwell/ui-kit/icons';
import { formatCount, formatMoney } from '@/lib/format';
import { errorMessage } from '@/lib/staff-api';
import { orderMetricsQuery, pageViewsQuery, signupsQuery } from '../api/analytics';
import { formatPeriod } from '../range';
import { learnReportingZone, useReportingZone } from '../reporting-zone';
import styles from './analytics.module.css';

/** The Overview's today: orders, revenue, signups and page views of today in the store's reporting zone. */
export function TodayCard() {
  const { timeZone, now } = useReportingZone();
  const day = { start: now.toString(), end: now.toString() };
  const metrics = useQuery(orderMetricsQuery(day));
  const signups = useQuery(signupsQuery(day));
  const views = useQuery(pageViewsQuery(day));
  // The answers say which zone "today" is counted in; a different one moves today to that zone's.
  useEffect(() => learnReportingZone(signups.data?.timeZone ?? views.data?.timeZone), [signups.data?.timeZone, views.data?.timeZone]);
  const figures = [
    { label: 'Orders', value: metrics.data && formatCount(metrics.data.totalOrders) },
    { label: 'Revenue', value: metrics.data && formatMoney(metrics.data.totalRevenueCents, metrics.data.currency) },
    { label: 'Signups', value: signups.data && formatCount(signups.data.total) },
    { label: 'Page views', value: views.data && formatCount(views.data.totals.pageViews) },
  ];
  const failed = [metrics, signups, views].find((query) => query.isError);
  return (
    <section className={styles.today} aria-labelledby="today-title">
      <div className={styles.cardHeader}>
        <div>
          <h2 id="today-title" className={styles.cardTitle}>
            Today
          </h2>
          <p className={styles.cardText}>
            {formatPeriod(day.start)}, in the store&apos;s time zone ({timeZone}).
          </p>
        </div>
        <Link to="/analytics" className={styles.todayLink}>
          Open Analytics <ArrowRightIcon size={16} aria-hidden="true" />
        </Link>
      </div>
      {failed ? (
        <p className={styles.notice} role="alert">
          Today&apos;s figures did not load: {errorMessage(failed.error)}
        </p>
      ) : (
        <dl className={styles.todayFigures}>
          {figures.map((figure) => (
            <div key={figure.label}>
              <dt>{figure.label}</dt>
              <dd>
                {figure.value ?? (
                  <>
                    <span className={styles.skeleton} aria-hidden="true" />
                    <span className="visually-hidden">Loading</span>
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

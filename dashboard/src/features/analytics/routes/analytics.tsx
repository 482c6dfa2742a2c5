import { useEffect, useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { TOP_SELLING_LIMIT, type CartData, type TopSellingProducts } from '@inkwell/contracts/dashboard-analytics';
import { SimpleTable, type SimpleColumn } from '@/components/data-table/simple-table';
import { SelectField } from '@/components/form/select-field';
import { PageHeader } from '@/components/layout/page-header';
import { formatCount, formatMoney } from '@/lib/format';
import { ApiError, errorMessage } from '@/lib/staff-api';
import {
  cartDataQuery,
  eventMetricsQuery,
  orderDataQuery,
  orderMetricsQuery,
  pageMetricsQuery,
  pageViewsQuery,
  signupsQuery,
  storeLinksByTimespanQuery,
  storeLinksQuery,
  topSellingQuery,
  uniqueCustomersQuery,
} from '../api/analytics';
import { ChartCard, type ChartRow, type ChartSeries } from '../components/chart-card';
import { KpiCard } from '../components/kpi-card';
import { RangeToolbar } from '../components/range-toolbar';
import { formatRange, previousPeriod, rangeFromParams, rangeProblem, rangeToParams, type RangeState } from '../range';
import { learnReportingZone, useReportingZone } from '../reporting-zone';
import styles from '../components/analytics.module.css';

type TopSeller = TopSellingProducts['items'][number];

const MAX_ITEMS = [10, 25, 50, 100, 250, TOP_SELLING_LIMIT] as const;
const STEP_LABELS: Record<CartData['funnel'][number]['step'], string> = {
  viewProduct: 'Viewed a product',
  addToCart: 'Added to cart',
  checkout: 'Started checkout',
  paid: 'Paid',
};
const PALETTE = ['#2e63e6', '#107f56', '#6e56f5', '#b42323', '#151936', '#8a5a00'];
const DASHES = [undefined, '6 3', '2 2', '8 3 2 3', '1 3', '10 4'];
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** The message of a refused range (a 400 naming the field), else undefined. */
function rangeRefusal(...queries: UseQueryResult<unknown>[]): string | undefined {
  for (const query of queries) {
    if (query.error instanceof ApiError && query.error.httpStatus >= 400 && query.error.httpStatus < 500) return query.error.message;
  }
  return undefined;
}

function QueryProblem({ query, what }: { query: UseQueryResult<unknown>; what: string }) {
  if (!query.isError) return null;
  return (
    <div className={styles.notice} role="alert">
      <p>
        {what} did not load: {errorMessage(query.error)}
      </p>
      <button type="button" className={styles.linkButton} onClick={() => void query.refetch()}>
        Try again
      </button>
    </div>
  );
}

export default function AnalyticsRoute() {
  const [params, setParams] = useSearchParams();
  const { timeZone, now } = useReportingZone();
  const state = rangeFromParams(params, now);
  const update = (next: Partial<RangeState>) => setParams(rangeToParams({ ...state, ...next }), { replace: true, preventScrollReset: true });
  const valid = rangeProblem(state) === undefined;
  const range = { start: state.start, end: state.end, timespan: state.timespan };
  const before = { ...previousPeriod(state), timespan: state.timespan };
  const [maxItems, setMaxItems] = useState<number>(25);

  const on = { enabled: valid };
  const onCompare = { enabled: valid && state.compare };
  const orders = useQuery({ ...orderDataQuery(range), ...on });
  const metrics = useQuery({ ...orderMetricsQuery(range), ...on });
  const signups = useQuery({ ...signupsQuery(range), ...on });
  const customers = useQuery({ ...uniqueCustomersQuery(range), ...on });
  const views = useQuery({ ...pageViewsQuery(range), ...on });
  const carts = useQuery({ ...cartDataQuery(range), ...on });
  const links = useQuery({ ...storeLinksByTimespanQuery(range), ...on });
  const linkTotals = useQuery({ ...storeLinksQuery(range), select: (data) => data.items, ...on });
  const pages = useQuery({ ...pageMetricsQuery(range), select: (data) => data.items.slice(0, 20), ...on });
  const events = useQuery({ ...eventMetricsQuery(range), select: (data) => data.items, ...on });
  const top = useQuery({ ...topSellingQuery(range, maxItems), select: (data) => data.items, ...on });
  const prevMetrics = useQuery({ ...orderMetricsQuery(before), ...onCompare });
  const prevSignups = useQuery({ ...signupsQuery(before), ...onCompare });
  const prevCustomers = useQuery({ ...uniqueCustomersQuery(before), ...onCompare });
  const prevViews = useQuery({ ...pageViewsQuery(before), ...onCompare });
  const prevCarts = useQuery({ ...cartDataQuery(before), ...onCompare });

  useEffect(() => learnReportingZone(orders.data?.timeZone ?? views.data?.timeZone), [orders.data?.timeZone, views.data?.timeZone]);

  const currency = metrics.data?.currency ?? orders.data?.currency ?? 'USD';
  const money = (cents: number) => formatMoney(cents, currency);
  const count = (value: number) => formatCount(value);
  const serverError = rangeRefusal(metrics, orders, views, carts, signups);
  const m = metrics.data;
  const p = state.compare ? prevMetrics.data : undefined;

  const orderRows: ChartRow[] | undefined = orders.data?.points.map((point) => ({ period: point.period, revenueCents: point.revenueCents, orders: point.orders }));
  const viewRows: ChartRow[] | undefined = views.data?.points.map((point) => ({ period: point.period, pageViews: point.pageViews, uniqueVisitors: point.uniqueVisitors }));
  const signupRows: ChartRow[] | undefined = signups.data?.points.map((point) => ({ period: point.period, signups: point.signups }));
  const stores = [...new Set(links.data?.points.map((point) => point.store) ?? [])].sort();
  const linkRows: ChartRow[] | undefined = links.data
    ? Object.values(
        links.data.points.reduce<Record<string, ChartRow>>((byPeriod, point) => {
          const row = (byPeriod[point.period] ??= { period: point.period });
          row[point.store] = Number(row[point.store] ?? 0) + point.clicks;
          return byPeriod;
        }, {}),
      ).sort((a, b) => a.period.localeCompare(b.period))
    : undefined;
  const linkSeries: ChartSeries[] = stores.map((store, index) => ({ key: store, label: store, color: PALETTE[index % PALETTE.length]!, dash: DASHES[index % DASHES.length], format: count }));

  const topColumns: SimpleColumn<TopSeller>[] = [
    { id: 'rank', header: 'Rank', cell: (row) => row.rank, align: 'end' },
    { id: 'product', header: 'Product', isPrimary: true, cell: (row) => <Link to={`/products/${encodeURIComponent(row.productId)}`}>{row.name}</Link> },
    { id: 'series', header: 'Series', cell: (row) => (row.seriesId ? <Link to={`/series/${encodeURIComponent(row.seriesId)}`}>{row.seriesTitle ?? row.seriesId}</Link> : '—') },
    { id: 'digital', header: 'Digital units', align: 'end', cell: (row) => formatCount(row.digitalUnits) },
    { id: 'print', header: 'Print units', align: 'end', cell: (row) => formatCount(row.printUnits) },
    { id: 'units', header: 'Units', align: 'end', cell: (row) => formatCount(row.unitsSold) },
    { id: 'revenue', header: 'Revenue', align: 'end', cell: (row) => money(row.revenueCents) },
  ];

  const funnel = carts.data?.funnel ?? [];
  const totals = carts.data?.totals;

  return (
    <>
      <PageHeader title="Analytics" summary={`Sales and traffic for ${formatRange(state)}, in the store's time zone (${timeZone}).`} />
      <RangeToolbar
        range={state}
        onRange={(next) => update(next)}
        now={now}
        timeZone={timeZone}
        serverError={serverError}
        timespan={state.timespan}
        onTimespan={(timespan) => update({ timespan })}
        compare={state.compare}
        onCompare={(compare) => update({ compare })}
      />

      {valid && !serverError && (
        <div className={styles.stack}>
          <section aria-labelledby="kpi-title">
            <h2 id="kpi-title" className={styles.sectionTitle}>
              Key figures{state.compare && <span className={styles.sectionNote}> · compared with {formatRange(before)}</span>}
            </h2>
            <QueryProblem query={metrics} what="The order figures" />
            <ul className={styles.kpis} aria-labelledby="kpi-title">
              <KpiCard label="Revenue" value={m && money(m.totalRevenueCents)} current={p && m?.totalRevenueCents} previous={p?.totalRevenueCents} hint={m && m.refundedCents !== 0 ? `${money(m.refundedCents)} refunded · ${money(m.netRevenueCents)} net` : undefined} />
              <KpiCard label="Orders" value={m && count(m.totalOrders)} current={p && m?.totalOrders} previous={p?.totalOrders} />
              <KpiCard label="Average order value" value={m && money(m.averageOrderValueCents)} current={p && m?.averageOrderValueCents} previous={p?.averageOrderValueCents} />
              <KpiCard label="Items per order" value={m && decimal.format(m.averageItemsPerOrder)} current={p && m?.averageItemsPerOrder} previous={p?.averageItemsPerOrder} />
              <KpiCard label="New signups" value={signups.data && count(signups.data.total)} current={state.compare ? prevSignups.data && signups.data?.total : undefined} previous={prevSignups.data?.total} />
              <KpiCard
                label="Unique signed-in customers"
                value={customers.data && count(customers.data.total)}
                current={state.compare ? prevCustomers.data && customers.data?.total : undefined}
                previous={prevCustomers.data?.total}
              />
              <KpiCard label="Page views" value={views.data && count(views.data.totals.pageViews)} current={state.compare ? prevViews.data && views.data?.totals.pageViews : undefined} previous={prevViews.data?.totals.pageViews} />
              <KpiCard
                label="Unique visitors"
                value={views.data && count(views.data.totals.uniqueVisitors)}
                current={state.compare ? prevViews.data && views.data?.totals.uniqueVisitors : undefined}
                previous={prevViews.data?.totals.uniqueVisitors}
              />
              <KpiCard
                label="Cart abandonment"
                value={carts.data && percent.format(carts.data.abandonmentRate)}
                current={state.compare ? prevCarts.data && carts.data?.abandonmentRate : undefined}
                previous={prevCarts.data?.abandonmentRate}
                lowerIsBetter
              />
            </ul>
          </section>

          <section aria-labelledby="trends-title" className={styles.stack}>
            <h2 id="trends-title" className={styles.sectionTitle}>
              Over time
            </h2>
            <div className={styles.charts}>
              <ChartCard
                title="Revenue and orders"
                description={`Revenue (before refunds) and orders placed per ${state.timespan === 'daily' ? 'day' : 'month'}.`}
                series={[
                  { key: 'orders', label: 'Orders', color: '#2e63e6', format: count },
                  { key: 'revenueCents', label: 'Revenue', color: '#b42323', dash: '6 3', format: money },
                ]}
                rightAxisKeys={['revenueCents']}
                rows={orderRows}
                isPending={orders.isPending}
                error={orders.error}
                onRetry={() => void orders.refetch()}
                emptyTitle="No orders in this range"
              />
              <ChartCard
                title="Page views and visitors"
                description={`Page views and unique visitors per ${state.timespan === 'daily' ? 'day' : 'month'} (bots left out).`}
                series={[
                  { key: 'pageViews', label: 'Page views', color: '#2e63e6', format: count },
                  { key: 'uniqueVisitors', label: 'Unique visitors', color: '#107f56', dash: '6 3', format: count },
                ]}
                rows={viewRows}
                isPending={views.isPending}
                error={views.error}
                onRetry={() => void views.refetch()}
                emptyTitle="No page views in this range"
              />
              <ChartCard
                title="Signups"
                description={`New accounts per ${state.timespan === 'daily' ? 'day' : 'month'}.`}
                kind="bar"
                series={[{ key: 'signups', label: 'Signups', color: '#107f56', format: count }]}
                rows={signupRows}
                isPending={signups.isPending}
                error={signups.error}
                onRetry={() => void signups.refetch()}
                emptyTitle="No signups in this range"
              />
              <ChartCard
                title="Store-link clicks"
                description="Clicks on products' links to other stores, per store."
                kind="bar"
                series={linkSeries}
                rows={linkRows && linkSeries.length > 0 ? linkRows : linkRows && []}
                isPending={links.isPending}
                error={links.error}
                onRetry={() => void links.refetch()}
                emptyTitle="No store-link clicks in this range"
              />
            </div>
          </section>

          <section aria-labelledby="top-title" className={styles.card}>
            <div className={styles.cardHeader}>
              <div>
                <h2 id="top-title" className={styles.cardTitle}>
                  Top sellers
                </h2>
                <p className={styles.cardText}>By units sold, then revenue. Open a product to edit it.</p>
              </div>
              <SelectField<number>
                label="Show"
                options={MAX_ITEMS.map((id) => ({ id, label: `Top ${id}` }))}
                value={maxItems}
                onChange={(value) => value && setMaxItems(value)}
                className={styles.maxItems}
              />
            </div>
            <SimpleTable caption="Top sellers" columns={topColumns} query={top} getRowId={(row) => row.productId} empty={{ title: 'No orders in this range', text: 'Products sold in the range appear here.' }} />
          </section>

          <div className={styles.charts}>
            <section aria-labelledby="funnel-title" className={styles.card}>
              <h2 id="funnel-title" className={styles.cardTitle}>
                Shopping funnel
              </h2>
              <p className={styles.cardText}>How many reached each step, and how many of the step before went on to it.</p>
              <QueryProblem query={carts} what="The funnel" />
              {carts.isPending ? (
                <div className={styles.chartSkeleton} aria-hidden="true" />
              ) : (
                <ol className={styles.funnel}>
                  {funnel.map((step, index) => {
                    const widest = Math.max(0, ...funnel.map((item) => item.count));
                    const previous = index > 0 ? (funnel[index - 1]?.count ?? 0) : undefined;
                    return (
                      <li key={step.step} className={styles.funnelStep}>
                        <span className={styles.funnelLabel}>{STEP_LABELS[step.step]}</span>
                        <span className={styles.funnelBar} aria-hidden="true">
                          <span style={{ width: `${widest > 0 ? Math.max(step.count > 0 ? 2 : 0, (step.count / widest) * 100) : 0}%` }} />
                        </span>
                        <span className={styles.funnelCount}>{formatCount(step.count)}</span>
                        <span className={styles.funnelRate}>
                          {previous === undefined ? 'Start' : previous > 0 ? `${percent.format(step.count / previous)} of the step before` : '—'}
                        </span>
                      </li>
                    );
                  })}
                </ol>
              )}
            </section>
            <section aria-labelledby="abandon-title" className={styles.card}>
              <h2 id="abandon-title" className={styles.cardTitle}>
                Cart abandonment
              </h2>
              <p className={styles.cardText}>Carts with items left 24 hours without an order.</p>
              {totals ? (
                <dl className={styles.facts}>
                  <div>
                    <dt>Carts started</dt>
                    <dd>{formatCount(totals.cartsCreated)}</dd>
                  </div>
                  <div>
                    <dt>Abandoned carts</dt>
                    <dd>{formatCount(totals.abandonedCarts)}</dd>
                  </div>
                  <div>
                    <dt>Abandonment rate</dt>
                    <dd>{percent.format(carts.data?.abandonmentRate ?? 0)}</dd>
                  </div>
                  <div>
                    <dt>Value left in abandoned carts</dt>
                    <dd>{money(totals.abandonedValueCents)}</dd>
                  </div>
                  <div>
                    <dt>Removed from carts</dt>
                    <dd>{formatCount(totals.removeFromCart)}</dd>
                  </div>
                </dl>
              ) : (
                carts.isPending && <div className={styles.chartSkeleton} aria-hidden="true" />
              )}
            </section>
          </div>

          <div className={styles.charts}>
            <section aria-labelledby="pages-title" className={styles.card}>
              <h2 id="pages-title" className={styles.cardTitle}>
                Top pages
              </h2>
              <SimpleTable
                caption="Top pages"
                query={pages}
                getRowId={(row) => row.path}
                empty={{ title: 'No page views in this range' }}
                columns={[
                  { id: 'path', header: 'Page', isPrimary: true, cell: (row) => <span className={styles.code}>{row.path}</span> },
                  { id: 'views', header: 'Views', align: 'end', cell: (row) => formatCount(row.pageViews) },
                  { id: 'visitors', header: 'Visitors', align: 'end', cell: (row) => formatCount(row.uniqueVisitors) },
                  { id: 'landings', header: 'Landings', align: 'end', cell: (row) => formatCount(row.landings) },
                ]}
              />
            </section>
            <section aria-labelledby="events-title" className={styles.card}>
              <h2 id="events-title" className={styles.cardTitle}>
                Events
              </h2>
              <SimpleTable
                caption="Events"
                query={events}
                getRowId={(row) => `${row.channel}:${row.eventName}`}
                empty={{ title: 'No events in this range' }}
                columns={[
                  { id: 'event', header: 'Event', isPrimary: true, cell: (row) => <span className={styles.code}>{row.eventName}</span> },
                  { id: 'channel', header: 'Channel', cell: (row) => row.channel },
                  { id: 'count', header: 'Count', align: 'end', cell: (row) => formatCount(row.count) },
                  { id: 'visitors', header: 'Visitors', align: 'end', cell: (row) => formatCount(row.uniqueVisitors) },
                ]}
              />
            </section>
          </div>

          <section aria-labelledby="links-title" className={styles.card}>
            <h2 id="links-title" className={styles.cardTitle}>
              Store links
            </h2>
            <p className={styles.cardText}>Clicks on products&apos; links to other stores over the range.</p>
            <SimpleTable
              caption="Store links"
              query={linkTotals}
              getRowId={(row) => row.store}
              empty={{ title: 'No store-link clicks in this range' }}
              columns={[
                { id: 'store', header: 'Store', isPrimary: true, cell: (row) => row.store },
                { id: 'clicks', header: 'Clicks', align: 'end', cell: (row) => formatCount(row.clicks) },
                { id: 'visitors', header: 'Visitors', align: 'end', cell: (row) => formatCount(row.uniqueVisitors) },
                { id: 'products', header: 'Products', align: 'end', cell: (row) => formatCount(row.products) },
              ]}
            />
          </section>
        </div>
      )}
    </>
  );
}

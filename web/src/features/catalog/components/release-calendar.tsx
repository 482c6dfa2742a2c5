import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon, CalendarIcon, RefreshIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { CoverImage } from '@/components/ui/cover-image';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDate, formatWeekday, pluralize, todayIsoDate } from '@/lib/format';
import { useReleaseCalendar } from '../api/get-release-calendar';
import { priceSummary, productBadges, productCardTitle, productSubtitle, seriesColor } from '../catalog-details';
import { splitReleaseDays } from '../release-days';
import type { ProductCardView, ReleaseDayView } from '../types';
import { PriceLine } from './item-card';
import styles from './release-calendar.module.css';

/** A release as a compact row: small cover, series, volume, price and badges. */
function Release({ product }: { product: ProductCardView }) {
  const badges = productBadges(product);
  return (
    <Link to={paths.product(product)} className={styles.release}>
      <span className={styles.releaseCover}>
        <CoverImage images={product.thumbnails} alt="" ratio={POSTER_RATIO.product} sizes="80px" color={seriesColor(product.series?.color) ?? undefined} />
      </span>
      <span className={styles.releaseText}>
        <span className={styles.releaseTitle}>{productCardTitle(product)}</span>
        <span className={styles.releaseSubtitle}>{productSubtitle(product)}</span>
        <span className={styles.releasePrice}>
          <PriceLine summary={priceSummary(product)} />
        </span>
        {badges.length > 0 && (
          <span className={styles.releaseBadges}>
            {badges.map((badge) => (
              <Badge key={badge.label} tone={badge.tone}>
                {badge.label}
              </Badge>
            ))}
          </span>
        )}
      </span>
    </Link>
  );
}

function Day({ day, today }: { day: ReleaseDayView; today: string }) {
  const id = `release-${day.date.slice(0, 10)}`;
  const isToday = day.date.slice(0, 10) === today;
  return (
    <section className={styles.day} aria-labelledby={id}>
      <h3 id={id} className={styles.dayHeading}>
        <span className={styles.weekday}>{isToday ? 'Today' : formatWeekday(day.date)}</span>
        <span className={styles.date}>{formatDate(day.date)}</span>
        <span className={styles.dayCount}>{pluralize(day.products.length, 'release')}</span>
      </h3>
      <ul className={styles.releases}>
        {day.products.map((product) => (
          <li key={product.id}>
            <Release product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The Release Calendar (`GET /product/ReleaseCalendar`): what comes out when, by day. */
export function ReleaseCalendar() {
  const calendar = useReleaseCalendar();
  const today = todayIsoDate();

  let content;
  if (calendar.isPending) {
    content = (
      <div role="status">
        <span className="visually-hidden">Loading the release calendar…</span>
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className={styles.day}>
            <Skeleton className={styles.headingSkeleton} />
            <div className={styles.releases}>
              {Array.from({ length: 2 }, (_, item) => (
                <Skeleton key={item} className={styles.releaseSkeleton} />
              ))}
            </div>
          </div>
        ))}
      </div>
    );
  } else if (calendar.isError) {
    content = (
      <EmptyState
        tone="error"
        icon={<AlertIcon />}
        title="We couldn't load the release calendar"
        actions={
          <Button onClick={() => calendar.refetch()} disabled={calendar.isFetching}>
            <RefreshIcon size={18} />
            {calendar.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
        }
      >
        <p>{calendar.error.message}</p>
      </EmptyState>
    );
  } else {
    const { upcoming, recent } = splitReleaseDays(calendar.data, today);
    content = (
      <>
        <section aria-labelledby="upcoming-title" className={styles.group}>
          <h2 id="upcoming-title" className={styles.groupTitle}>
            Coming soon
          </h2>
          {upcoming.length > 0 ? (
            upcoming.map((day) => <Day key={day.date} day={day} today={today} />)
          ) : (
            <EmptyState icon={<CalendarIcon />} headingLevel="h3" title="No upcoming releases" actions={<ButtonLink to={paths.newReleases}>See New Releases</ButtonLink>}>
              <p>Release dates appear here as soon as new volumes are scheduled.</p>
            </EmptyState>
          )}
        </section>
        {recent.length > 0 && (
          <section aria-labelledby="recent-title" className={styles.group}>
            <h2 id="recent-title" className={styles.groupTitle}>
              Recently released
            </h2>
            {recent.map((day) => (
              <Day key={day.date} day={day} today={today} />
            ))}
          </section>
        )}
      </>
    );
  }

  return (
    <Page title="Release Calendar" intro={<p>Upcoming print and digital releases by date. Pre-order volumes before they come out.</p>}>
      {content}
    </Page>
  );
}

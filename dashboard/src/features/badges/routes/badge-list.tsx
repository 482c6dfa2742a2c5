import { useQuery } from '@tanstack/react-query';
import type { BadgeStock } from '@inkwell/contracts/badges';
import { SimpleTable } from '@/components/data-table/simple-table';
import { PageHeader } from '@/components/layout/page-header';
import { formatCount } from '@/lib/format';
import { getBadgesQueryOptions } from '../api/badges';
import { GiftCodeUpload } from '../components/gift-code-upload';
import styles from '../components/badges.module.css';

function couponText(badge: BadgeStock): string {
  return badge.coupon.kind === 'Percent' ? `${badge.coupon.value}% off` : `${(badge.coupon.value / 100).toFixed(2)} ${badge.coupon.currency} off`;
}

/** `badges`: each badge's gift codes (total, handed out, left) and loading more codes (beyond the spec; docs/badges.md). */
export default function BadgeListRoute() {
  const badges = useQuery(getBadgesQueryOptions());
  return (
    <>
      <PageHeader title="Badges and gift codes" summary="Each badge hands one gift code to every Reader account that claims it: a coupon only that account can use, once." />
      <SimpleTable
        caption="Badges"
        query={badges}
        getRowId={(badge) => String(badge.id)}
        empty={{ title: 'No badges', text: 'Badges appear here with their gift codes.' }}
        columns={[
          { id: 'id', header: 'Id', cell: (badge) => badge.id },
          { id: 'name', header: 'Badge', isPrimary: true, cell: (badge) => badge.name },
          { id: 'coupon', header: 'Each code gives', cell: couponText },
          { id: 'total', header: 'Codes', align: 'end', cell: (badge) => <span className={styles.count}>{formatCount(badge.codes.total)}</span> },
          { id: 'handed', header: 'Handed out', align: 'end', cell: (badge) => <span className={styles.count}>{formatCount(badge.codes.handedOut)}</span> },
          {
            id: 'left',
            header: 'Left',
            align: 'end',
            cell: (badge) => <span className={[styles.count, badge.codes.left === 0 ? styles.low : ''].join(' ')}>{formatCount(badge.codes.left)}</span>,
          },
        ]}
      />
      {badges.data && badges.data.length > 0 && <GiftCodeUpload badges={badges.data} />}
    </>
  );
}

import { Link } from 'react-router-dom';
import { ArrowRightIcon } from '@inkwell/ui-kit/icons';
import { AREA_GROUPS } from '@/config/areas';
import { useStaff } from '@/features/auth/staff-context';
import { PageHeader } from '@/components/layout/page-header';
import { TodayCard } from '@/features/analytics/components/today-card';
import styles from './overview.module.css';

export default function OverviewRoute() {
  const { account } = useStaff();
  return (
    <>
      <PageHeader title="Overview" summary={`Signed in as ${account.email}. Pick an area to get started.`} />
      <TodayCard />
      <div className={styles.groups}>
        {AREA_GROUPS.map((group) => (
          <section key={group.label} className={styles.group} aria-labelledby={`group-${group.label}`}>
            <h2 id={`group-${group.label}`} className={styles.groupLabel}>
              {group.label}
            </h2>
            <ul className={styles.cards}>
              {group.areas.map((area) => (
                <li key={area.path}>
                  <Link to={area.path} className={styles.card}>
                    <span className={styles.cardTitle}>
                      {area.label}
                      <ArrowRightIcon size={18} className={styles.arrow} />
                    </span>
                    <span className={styles.cardText}>{area.summary}</span>
                    {area.status === 'coming' && <span className={styles.soon}>Coming in a later release</span>}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}

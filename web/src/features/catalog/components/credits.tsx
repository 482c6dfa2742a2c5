import { groupCredits } from '../catalog-details';
import type { CreatorCreditView } from '../types';
import styles from './credits.module.css';

/** Who made it, grouped by role in the publisher's order: "Story & Art Aiko Tanabe". */
export function Credits({ credits, tone = 'light' }: { credits: readonly CreatorCreditView[]; tone?: 'light' | 'dark' }) {
  const groups = groupCredits(credits);
  if (groups.length === 0) return null;
  return (
    <dl className={[styles.credits, tone === 'dark' && styles.dark].filter(Boolean).join(' ')}>
      {groups.map((group) => (
        <div key={group.title} className={styles.credit}>
          <dt>{group.title}</dt>
          <dd>{group.names.join(', ')}</dd>
        </div>
      ))}
    </dl>
  );
}

import { NavLink } from 'react-router-dom';
import { Logo } from '@inkwell/ui-kit/logo';
import { AREA_GROUPS } from '@/config/areas';
import styles from './sidebar.module.css';

export function Sidebar({ id, open, onNavigate }: { id: string; open: boolean; onNavigate: () => void }) {
  return (
    <aside id={id} className={[styles.sidebar, open && styles.open, 'on-dark'].filter(Boolean).join(' ')}>
      {/* Named by what it shows plus where it goes: an aria-label would hide the logo's own words (WCAG 2.5.3). */}
      <NavLink to="/" end className={styles.brand} onClick={onNavigate}>
        <Logo tag="staff" size="compact" />
        <span className="visually-hidden">overview</span>
      </NavLink>
      <nav aria-label="Dashboard areas" className={styles.nav}>
        {AREA_GROUPS.map((group) => (
          <div key={group.label} className={styles.group}>
            <h2 className={styles.groupLabel}>{group.label}</h2>
            <ul className={styles.list}>
              {group.areas.map((area) => (
                <li key={area.path}>
                  <NavLink
                    to={area.path}
                    onClick={onNavigate}
                    className={({ isActive }) => [styles.link, isActive && styles.active].filter(Boolean).join(' ')}
                  >
                    {area.label}
                    {area.status === 'coming' && <span className={styles.soon}>Soon</span>}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </aside>
  );
}

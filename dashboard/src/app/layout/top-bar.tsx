import { ButtonAnchor, Button } from '@inkwell/ui-kit/button';
import { CloseIcon, MenuIcon, StoreIcon } from '@inkwell/ui-kit/icons';
import { STOREFRONT_URL } from '@/config/areas';
import { useStaff } from '@/features/auth/staff-context';
import styles from './top-bar.module.css';

interface TopBarProps {
  sidebarId: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function TopBar({ sidebarId, sidebarOpen, onToggleSidebar }: TopBarProps) {
  const { account, signOut } = useStaff();
  return (
    <header className={styles.bar}>
      <button
        type="button"
        className={styles.menuButton}
        aria-label="Dashboard areas"
        aria-expanded={sidebarOpen}
        aria-controls={sidebarId}
        onClick={onToggleSidebar}
      >
        {sidebarOpen ? <CloseIcon size={20} /> : <MenuIcon size={20} />}
      </button>
      <p className={styles.title}>Staff dashboard</p>
      <div className={styles.tools}>
        <span className={styles.email} title={account.email}>
          {account.email}
        </span>
        {/* On a phone only the icon shows; the name stays "View store" either way (WCAG 2.5.3). */}
        <ButtonAnchor href={STOREFRONT_URL} variant="ghost" size="sm" aria-label="View store">
          <StoreIcon size={18} />
          <span className={styles.hideNarrow}>View store</span>
        </ButtonAnchor>
        <Button variant="secondary" size="sm" onClick={signOut}>
          Sign out
        </Button>
      </div>
    </header>
  );
}

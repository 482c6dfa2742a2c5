import { useCallback, useEffect, useId, useState } from 'react';
import { Outlet, useHref, useLocation, useNavigate } from 'react-router-dom';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { NavigationProgress } from '@inkwell/ui-kit/navigation-progress';
import { SkipLink } from '@inkwell/ui-kit/skip-link';
import { StaffGate } from '@/features/auth/components/staff-gate';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import styles from './dashboard-layout.module.css';

const MAIN_ID = 'main';

export function DashboardLayout() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);
  const sidebarId = useId();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    if (!sidebarOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeSidebar();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [sidebarOpen, closeSidebar]);

  return (
    <StaffGate>
      {/* React Aria links and menu items navigate inside the dashboard's router. */}
      <AriaRouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
        <SkipLink targetId={MAIN_ID} />
        <NavigationProgress />
        <Sidebar id={sidebarId} open={sidebarOpen} onNavigate={closeSidebar} />
        {sidebarOpen && <div className={styles.backdrop} onClick={closeSidebar} aria-hidden="true" />}
        <div className={styles.content}>
          <TopBar sidebarId={sidebarId} sidebarOpen={sidebarOpen} onToggleSidebar={() => setSidebarOpen((open) => !open)} />
          <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
            <Outlet />
          </main>
        </div>
      </AriaRouterProvider>
    </StaffGate>
  );
}

import type { ReactNode } from 'react';
import { NavigationProgress } from '@inkwell/ui-kit/navigation-progress';
import { SkipLink } from '@inkwell/ui-kit/skip-link';
import { VerificationBanner } from '@/features/auth/components/verification-banner';
import { CookieBanner } from '@/features/cookie-consent/components/cookie-banner';
import { Footer, TOP_ANCHOR_ID } from './footer';
import { Navbar } from './navbar';
import styles from './app-layout.module.css';

export const MAIN_ID = 'main';

/** The storefront chrome around every page. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <div id={TOP_ANCHOR_ID} tabIndex={-1} className={styles.top}>
        <SkipLink targetId={MAIN_ID} />
      </div>
      <NavigationProgress />
      <Navbar />
      <VerificationBanner />
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer />
      <CookieBanner />
    </>
  );
}

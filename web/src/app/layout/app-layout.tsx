import type { ReactNode } from 'react';
import { NavigationProgress } from '@inkwell/ui-kit/navigation-progress';
import { SkipLink } from '@inkwell/ui-kit/skip-link';
import { useLocation } from 'react-router-dom';
import { VerificationBanner } from '@/features/auth/components/verification-banner';
import { paymentProviderWanted } from '@/features/checkout/payment-provider';
import { usePaymentProvider } from '@/features/checkout/use-payment-provider';
import { CookieBanner } from '@/features/cookie-consent/components/cookie-banner';
import { LoginStatus, useAuth } from '@/lib/auth';
import { IS_DESKTOP } from '@/lib/desktop';
import { Footer, TOP_ANCHOR_ID } from './footer';
import { Navbar } from './navbar';
import styles from './app-layout.module.css';

export const MAIN_ID = 'main';

/** Loads the payment provider once a signed-in reader or /confirm may pay (the overlays load it themselves). */
function PaymentProviderPreload() {
  const { status } = useAuth();
  const { pathname } = useLocation();
  usePaymentProvider(paymentProviderWanted({ loggedIn: status === LoginStatus.LoggedIn, pathname, overlayOpen: false, userAgent: navigator.userAgent }));
  return null;
}

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
      {/* Storefront spec §2: no footer on the desktop-platform build. */}
      {!IS_DESKTOP && <Footer />}
      <CookieBanner />
      <PaymentProviderPreload />
    </>
  );
}

import { SITE_NAME } from '@/components/layout/page';
import { ReaderAccountPromo } from '@/features/auth/components/reader-account-promo';
import { HomeCarousels, HomeSpotlightSection } from '@/features/catalog/components/home-showcase';
import { HomeHero } from '@/features/home/components/home-hero';
import { HomeHighlights } from '@/features/home/components/home-highlights';
import { HomeMessaging } from '@/features/catalog/components/home-wheel';
import { LoginStatus, useAuth } from '@/lib/auth';
import styles from './home.module.css';

export default function HomeRoute() {
  const { status } = useAuth();
  return (
    <>
      <title>{`${SITE_NAME} · Comics and manga, in print and digital`}</title>
      <HomeMessaging />
      <HomeSpotlightSection fallback={<HomeHero />} />
      <HomeHighlights />
      <div className={styles.body}>
        <HomeCarousels />
        {status === LoginStatus.LoggedOut && <ReaderAccountPromo />}
      </div>
    </>
  );
}

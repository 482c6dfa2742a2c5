import { BADGE_IDS } from '@inkwell/contracts/badges';
import { Button } from '@inkwell/ui-kit/button';
import { paths } from '@/config/paths';
import { LoginStatus, useAuth } from '@/lib/auth';
import { useClaimAnimeExpoBadge, useHasAnimeExpoBadge } from '../api/anime-expo';
import { useBadges } from '../api/badges';
import { SPOTLIGHT_SERIES } from '../constants';
import { ReadOrSignUp } from './read-or-sign-up';
import { ShowcaseCard } from './showcase-card';
import styles from './campaigns.module.css';

/** `/ax23-signup`: the Anime Expo 2023 sign-up page; a Reader account claims the AX badge and its gift code. */
export function AnimeExpoPage() {
  const { status, account, openLogin } = useAuth();
  const loggedIn = status === LoginStatus.LoggedIn;
  const has = useHasAnimeExpoBadge(loggedIn ? account?.userid : undefined);
  const badges = useBadges(loggedIn && has.data === true);
  const claim = useClaimAnimeExpoBadge();
  const code = claim.data?.gift?.code ?? badges.data?.find((held) => held.badge.id === BADGE_IDS.animeExpo)?.gift?.code;
  return (
    <div className={styles.campaign}>
      <title>Anime Expo 2023 · Inkwell</title>
      <header className={[styles.hero, styles.heroExpo].join(' ')}>
        <p className={styles.eyebrow}>Anime Expo 2023</p>
        <h1 className={styles.heroTitle}>Welcome, Anime Expo readers!</h1>
        <p className={styles.heroLead}>Sign up for a free Reader account and claim your Anime Expo gift: one discount code for the store, and free chapters to start reading now.</p>
      </header>
      <div className={styles.body}>
        <section className={[styles.section, styles.giftSteps].join(' ')} aria-labelledby="ax-gift-title">
          <h2 id="ax-gift-title" className={styles.sectionTitle}>
            Your Anime Expo gift
          </h2>
          {!loggedIn && (
            <Button onClick={() => openLogin()} disabled={status === LoginStatus.Unknown}>
              Log in or sign up
            </Button>
          )}
          {loggedIn && code && (
            <div>
              <p className={styles.code}>{code}</p>
              <p className={styles.stepText}>Enter this code at checkout. It works once, for this Reader account only.</p>
            </div>
          )}
          {loggedIn && !code && (
            <Button onClick={() => claim.mutate()} disabled={claim.isPending || has.isPending}>
              Claim discount code
            </Button>
          )}
          <div role="status" className={styles.notEnough}>
            {claim.isError ? claim.error.message : ''}
          </div>
        </section>
        <section className={styles.section} aria-labelledby="ax-read-title">
          <h2 id="ax-read-title" className={styles.sectionTitle}>
            Start reading
          </h2>
          <div className={styles.grid}>
            {SPOTLIGHT_SERIES.slice(0, 3).map((item) => (
              <ShowcaseCard key={item.readableUrl} kind="series" readableUrl={item.readableUrl} name={item.name} author={item.author} genres={item.genres} color={item.color} href={paths.series({ id: 0, readableUrl: item.readableUrl })}>
                <ReadOrSignUp item={item} label="Read Chapter 1" />
              </ShowcaseCard>
            ))}
          </div>
        </section>
      </div>
    </div>
  );
}

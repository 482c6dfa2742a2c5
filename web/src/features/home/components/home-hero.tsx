import { ButtonLink } from '@inkwell/ui-kit/button';
import { ArrowRightIcon } from '@inkwell/ui-kit/icons';
import { paths } from '@/config/paths';
import { CoverStack } from './cover-stack';
import styles from './home-hero.module.css';

export function HomeHero() {
  return (
    <section className={`${styles.hero} on-dark`} aria-labelledby="home-hero-title">
      <div className={styles.inner}>
        <div className={styles.copy}>
          <p className={styles.kicker}>Print &amp; digital · Comics &amp; manga</p>
          <h1 id="home-hero-title" className={styles.title}>
            Your next favourite series starts <span className={styles.highlight}>here.</span>
          </h1>
          <p className={styles.lede}>
            Buy print and digital editions straight from the publisher, read free chapters in your browser, and keep
            every volume in one library that syncs across your devices.
          </p>
          <div className={styles.actions}>
            <ButtonLink to={paths.browse} variant="accent" size="lg">
              Browse comics
              <ArrowRightIcon size={20} />
            </ButtonLink>
            <ButtonLink to={paths.newReleases} variant="secondary" size="lg">
              New Releases
            </ButtonLink>
          </div>
        </div>
        <CoverStack className={styles.art} />
      </div>
    </section>
  );
}

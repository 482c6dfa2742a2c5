import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { BOOTH_NUMBER, SAMPLERS, SPOTLIGHT_NOTE, SPOTLIGHT_SERIES } from '../constants';
import { ReadOrSignUp } from './read-or-sign-up';
import { ShowcaseCard } from './showcase-card';
import styles from './campaigns.module.css';

/** `/sdcc23-signup` (spec §2): the comic-convention booth page of 2023. */
export function ConventionPage() {
  return (
    <div className={styles.campaign}>
      <title>Comic-Con 2023 · Inkwell</title>
      <header className={[styles.hero, styles.heroConvention].join(' ')}>
        <p className={styles.eyebrow}>San Diego Comic-Con 2023 · Booth {BOOTH_NUMBER}</p>
        <h1 className={styles.heroTitle}>Thank you for visiting our booth!</h1>
        <p className={styles.heroLead}>
          It was great to meet so many readers in San Diego. Here is everything that came with signing up for a free Reader account at the show.
        </p>
      </header>
      <div className={styles.body}>
        <section className={styles.section} aria-labelledby="exclusives-title">
          <h2 id="exclusives-title" className={styles.sectionTitle}>
            Convention exclusives
          </h2>
          <ul className={styles.exclusives}>
            <li>
              <h3>Event gifts</h3>
              <p>Newly created accounts received event gifts, including a discount code for the store.</p>
            </li>
            <li>
              <h3>Spotlight access</h3>
              <p>Early access to our spotlight series, free to read for a limited time.</p>
            </li>
            <li>
              <h3>Digital samplers</h3>
              <p>Six genre samplers to read in the browser, on any device.</p>
            </li>
            <li>
              <h3>Booth freebies</h3>
              <p>Posters, stickers and printed samplers at the booth, while supplies last.</p>
            </li>
          </ul>
        </section>
        <section className={styles.section} aria-labelledby="samplers-title">
          <h2 id="samplers-title" className={styles.sectionTitle}>
            Genre samplers
          </h2>
          <div className={styles.grid}>
            {SAMPLERS.map((item) => (
              <ShowcaseCard key={item.name} kind="series" readableUrl={item.readableUrl} name={item.name} author={item.author} genres={item.genres} color={item.color} href={paths.series({ id: 0, readableUrl: item.readableUrl })}>
                <ReadOrSignUp item={item} label="Read" />
              </ShowcaseCard>
            ))}
          </div>
        </section>
        <section className={styles.section} aria-labelledby="spotlight-title">
          <h2 id="spotlight-title" className={styles.sectionTitle}>
            Spotlight series
          </h2>
          <p className={styles.note}>{SPOTLIGHT_NOTE}</p>
          <div className={styles.grid}>
            {SPOTLIGHT_SERIES.map((item) => (
              <ShowcaseCard key={item.readableUrl} kind="series" readableUrl={item.readableUrl} name={item.name} author={item.author} genres={item.genres} color={item.color} href={paths.series({ id: 0, readableUrl: item.readableUrl })}>
                <ReadOrSignUp item={item} label="Read Chapter 1" />
              </ShowcaseCard>
            ))}
          </div>
        </section>
        <section className={[styles.section, styles.booth].join(' ')} aria-labelledby="booth-title">
          <h2 id="booth-title" className={styles.sectionTitle}>
            Booth {BOOTH_NUMBER}
          </h2>
          <p>Signings, panels and the full schedule of our weekend in San Diego.</p>
          <Link className={styles.action} to={paths.sdcc23}>
            Details
          </Link>
        </section>
      </div>
    </div>
  );
}

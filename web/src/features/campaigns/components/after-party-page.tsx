import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AFTER_PARTY_MODE, AFTER_PARTY_TEXT, BOX_SETS, DisplayMode, SPINOFFS } from '../constants';
import { GiftSteps } from './gift-steps';
import { ShowcaseCard } from './showcase-card';
import { Slider } from './slider';
import styles from './campaigns.module.css';

/**
 * `/aot-worldwide-after-party` (spec §2, §4): hero, gift steps, the event explainer, box sets and
 * spinoffs. The display mode is fixed to AfterParty in this build: the hero says the party is over.
 */
export function AfterPartyPage() {
  const mode = AFTER_PARTY_MODE;
  return (
    <div className={styles.campaign}>
      <title>{`${AFTER_PARTY_TEXT.title} · Inkwell`}</title>
      <header className={[styles.hero, styles.heroParty].join(' ')}>
        <p className={styles.eyebrow}>Anime finale · {AFTER_PARTY_TEXT.dates}</p>
        <h1 className={styles.heroTitle}>{AFTER_PARTY_TEXT.title}</h1>
        {mode === DisplayMode.AfterParty && (
          <div className={styles.heroNotice}>
            <p className={styles.heroLead}>{AFTER_PARTY_TEXT.over}</p>
            <p>{AFTER_PARTY_TEXT.overBody}</p>
          </div>
        )}
        {mode === DisplayMode.NoCodes && <p className={styles.heroLead}>{AFTER_PARTY_TEXT.noCodes}</p>}
        {mode === DisplayMode.Normal && <p className={styles.heroLead}>Celebrate the finale with a discount code for every Reader account.</p>}
      </header>
      <div className={styles.body}>
        <GiftSteps joinHref={paths.series({ id: 0, readableUrl: 'eleven-lies' })} />
        <section className={styles.section} aria-labelledby="explainer-title">
          <h2 id="explainer-title" className={styles.sectionTitle}>
            What was the after party?
          </h2>
          <div className={styles.explainer}>
            <p>
              For four days after the anime&apos;s final episode, readers everywhere celebrated together: one discount code for every Reader account, to use on
              the box sets and spinoffs below. Each code works once, for the account that claimed it.
            </p>
            <p>
              New to the story? Start with the series that inspired the anime, or pick up a spinoff — the first chapters are free to read with a Reader
              account.
            </p>
          </div>
        </section>
        <section className={styles.section} aria-labelledby="box-sets-title">
          <h2 id="box-sets-title" className={styles.sectionTitle}>
            Box sets
          </h2>
          <Slider label="box sets">
            {BOX_SETS.map((set) => (
              <ShowcaseCard key={set.productUrl} kind="product" readableUrl={set.productUrl} name={set.name} href={paths.product({ id: 0, readableUrl: set.productUrl })}>
                <Link className={styles.action} to={paths.product({ id: 0, readableUrl: set.productUrl })} aria-label={`Find retailer: ${set.name}`}>
                  Find retailer
                </Link>
                <Link className={styles.actionQuiet} to={paths.series({ id: 0, readableUrl: set.seriesUrl })} aria-label={`View more: ${set.name}`}>
                  View more
                </Link>
              </ShowcaseCard>
            ))}
          </Slider>
        </section>
        <section className={styles.section} aria-labelledby="spinoffs-title">
          <h2 id="spinoffs-title" className={styles.sectionTitle}>
            Spinoffs
          </h2>
          <Slider label="spinoffs">
            {SPINOFFS.map((item) => (
              <ShowcaseCard
                key={item.readableUrl}
                kind="series"
                readableUrl={item.readableUrl}
                name={item.name}
                author={item.author}
                genres={item.genres}
                color={item.color}
                href={paths.series({ id: 0, readableUrl: item.readableUrl })}
              >
                {item.reader !== -1 && (
                  <Link className={styles.action} to={paths.readerVolume({ id: 0, readableUrl: item.readableUrl }, item.reader)} aria-label={`Read chapter 1: ${item.name}`}>
                    Read chapter 1
                  </Link>
                )}
              </ShowcaseCard>
            ))}
          </Slider>
        </section>
      </div>
    </div>
  );
}

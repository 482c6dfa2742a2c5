import { useEffect, useRef, useState } from 'react';
import type { HomepageMessaging } from '@inkwell/contracts/dashboard-merchandising';
import { Button } from '@inkwell/ui-kit/button';
import { itemLabel, type DraftGroup, type DraftItem } from '../wheel-draft';
import styles from './home-page.module.css';

const WIDTHS = [
  { name: 'Phone', width: 390, height: 640 },
  { name: 'Desktop', width: 1280, height: 620 },
] as const;

/** The slides a visitor who may see every rating would get: the enabled items, in order. */
function slidesOf(group: DraftGroup | undefined): DraftItem[] {
  return group ? group.items.filter((item) => item.enabled) : [];
}

function Slide({ item, group }: { item: DraftItem; group: DraftGroup }) {
  const title = item.seriesName ?? item.productName ?? itemLabel(item, group.type);
  const video = group.type === 'Thumbnail' && item.type === 'Video';
  const tagline = video ? item.tagline : group.type === 'Thumbnail' ? item.subtitle : '';
  const button = video ? item.buttonText || 'Watch' : group.type === 'Banner' ? 'View series' : 'Read';
  return (
    <div className={styles.heroSlide}>
      {item.thumbnail ? <img className={styles.heroArt} src={item.thumbnail.url} alt="" /> : <div className={styles.heroArt} />}
      <div className={styles.heroShade} />
      <div className={styles.heroCopy}>
        <p className={styles.heroKicker}>
          <span>{group.type === 'Banner' ? 'Featured' : video ? 'Watch' : 'Spotlight'}</span>
          {item.displayUpToAgeRating && <span className={styles.heroRating}>up to {item.displayUpToAgeRating.toUpperCase()}</span>}
        </p>
        <p className={styles.heroTitle}>{title}</p>
        {tagline && <p className={styles.heroTagline}>{tagline}</p>}
        <span className={styles.heroButton}>{button}</span>
      </div>
    </div>
  );
}

/** One device's frame: the page drawn at the device's width, scaled down to the space there is. */
function Frame({ name, width, height, group, index, messaging }: { name: string; width: number; height: number; group: DraftGroup; index: number; messaging: HomepageMessaging }) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.3);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setScale(Math.min(1, entry.contentRect.width / width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  const slides = slidesOf(group);
  const current = slides[index % Math.max(slides.length, 1)];
  return (
    <figure className={styles.frame}>
      <figcaption className={styles.frameCaption}>
        {name} · {width} px
      </figcaption>
      <div ref={box} className={styles.frameBox} style={{ height: Math.round(height * scale) }}>
        <div className={styles.framePage} style={{ width, height, transform: `scale(${scale})` }} aria-hidden="true" data-preview-width={width}>
          {messaging.enabled && messaging.text.trim() && (
            <div className={styles.messageBar}>
              {messaging.text} {messaging.linkText && <u>{messaging.linkText}</u>}
            </div>
          )}
          <div className={styles.fakeNav}>Inkwell</div>
          {current ? <Slide item={current} group={group} /> : <div className={styles.heroEmpty}>No enabled items: this group shows nothing.</div>}
          {slides.length > 1 && (
            <div className={styles.heroDots}>
              {slides.map((slide, dot) => (
                <span key={slide.key} className={dot === index % slides.length ? styles.heroDotOn : styles.heroDot} />
              ))}
            </div>
          )}
        </div>
      </div>
    </figure>
  );
}

/**
 * The storefront's hero as the chosen group would show it, drawn from the editor's unsaved state
 * at a phone's and a desktop's width, each scaled to fit.
 */
export function HeroPreview({ group, messaging }: { group: DraftGroup | undefined; messaging: HomepageMessaging }) {
  const [index, setIndex] = useState(0);
  const slides = slidesOf(group);
  const shown = slides.length === 0 ? 0 : index % slides.length;
  return (
    <section className={styles.card} aria-labelledby="hero-preview-title">
      <div className={styles.cardHeader}>
        <h2 id="hero-preview-title" className={styles.cardTitle}>
          Preview{group ? `: ${group.name.trim() || 'unnamed group'}` : ''}
        </h2>
        {slides.length > 1 && (
          <div className={styles.inline}>
            <Button variant="ghost" size="sm" onClick={() => setIndex(shown - 1 + slides.length)}>
              Previous slide
            </Button>
            <span aria-live="polite">
              Slide {shown + 1} of {slides.length}
            </span>
            <Button variant="ghost" size="sm" onClick={() => setIndex(shown + 1)}>
              Next slide
            </Button>
          </div>
        )}
      </div>
      {group ? (
        <>
          <p className={styles.muted}>Unsaved changes included. What the storefront's hero shows a visitor who may see every rating.</p>
          <div className={styles.frames}>
            {WIDTHS.map((frame) => (
              <Frame key={frame.name} {...frame} group={group} index={shown} messaging={messaging} />
            ))}
          </div>
        </>
      ) : (
        <p className={styles.muted}>Open a group to preview it.</p>
      )}
    </section>
  );
}

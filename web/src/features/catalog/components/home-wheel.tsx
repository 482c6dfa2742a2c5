import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { ArrowRightIcon, ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '@inkwell/ui-kit/icons';
import { CoverImage } from '@/components/ui/cover-image';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { Shelf } from '@/components/ui/shelf';
import { AgeRating } from './age-rating';
import { useSlider } from './use-slider';
import spotlight from './home-spotlight.module.css';
import { useHome } from '../api/get-home';
import type { HomeView, WheelSlideView, WheelView } from '../types';
import styles from './home-wheel.module.css';

/** Banner art is a third as tall as wide (storefront spec §9: hero image ratio 33). */
const HERO_RATIO = 33;
const FALLBACK_COLOR = '#6e56f5';
/** A thumbnail without a size of its own is drawn as a series poster. */
const DEFAULT_THUMBNAIL_RATIO = POSTER_RATIO.series;

const imagesOf = (slide: WheelSlideView) => (slide.image ? [slide.image] : []);
const isExternal = (href: string) => /^https?:\/\//i.test(href);
const videoUrl = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

/** The message bar staff set above the home page (dashboard homepage/messaging). */
export function HomeMessagingBar({ messaging }: { messaging: HomeView['messaging'] }) {
  if (!messaging) return null;
  const link = messaging.linkUrl && messaging.linkText ? messaging.linkUrl : null;
  return (
    <aside className={styles.messaging} aria-label="Announcement">
      <p className={styles.messagingInner}>
        <span>{messaging.text}</span>
        {link &&
          (isExternal(link) ? (
            <a href={link} className={styles.messagingLink} rel="noopener noreferrer">
              {messaging.linkText}
              <ArrowRightIcon size={16} />
            </a>
          ) : (
            <Link to={link} className={styles.messagingLink}>
              {messaging.linkText}
              <ArrowRightIcon size={16} />
            </Link>
          ))}
      </p>
    </aside>
  );
}

function BannerSlide({ slide, group, index, count, active }: { slide: WheelSlideView; group: WheelView; index: number; count: number; active: boolean }) {
  const color = slide.image?.color ?? FALLBACK_COLOR;
  const title = slide.title ?? group.name;
  return (
    <div
      className={spotlight.slide}
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}: ${title}`}
      inert={!active}
      style={{ '--slide-color': color } as CSSProperties}
    >
      <CoverImage images={imagesOf(slide)} alt="" ratio={HERO_RATIO} fill eager={index === 0} sizes="100vw" className={spotlight.art} color={color} />
      <div className={spotlight.shade} />
      <div className={spotlight.inner}>
        <div className={spotlight.copy}>
          <p className={spotlight.kicker}>
            <span className={spotlight.kickerLabel}>{group.name}</span>
          </p>
          <h2 className={spotlight.title}>
            <Link to={slide.href} className={spotlight.titleLink} tabIndex={-1}>
              {title}
            </Link>
          </h2>
          {slide.tagline && <p className={spotlight.tagline}>{slide.tagline}</p>}
          {slide.ageRating && (
            <p className={spotlight.meta}>
              <AgeRating rating={slide.ageRating} tone="dark" />
            </p>
          )}
          <div className={spotlight.actions}>
            <ButtonLink to={slide.href} variant="accent" size="lg">
              {slide.buttonText || 'Take a look'}
              <span className="visually-hidden">: {title}</span>
            </ButtonLink>
            {slide.type === 'Video' && slide.videoId && (
              <a href={videoUrl(slide.videoId)} className={styles.videoLink} target="_blank" rel="noopener noreferrer">
                <PlayIcon size={18} />
                Watch the video
                <span className="visually-hidden"> about {title} (opens a new tab)</span>
              </a>
            )}
          </div>
        </div>
        {slide.cover && slide.cover.length > 0 && (
          <Link to={slide.href} className={spotlight.poster} tabIndex={-1} aria-hidden="true">
            <CoverImage images={slide.cover} alt="" ratio={POSTER_RATIO.series} eager={index === 0} sizes="(min-width: 992px) 260px, 45vw" color={color} />
          </Link>
        )}
      </div>
    </div>
  );
}

/**
 * The hero wheel of Banner slides: one at a time, moved with the arrow buttons, the dots, the arrow
 * keys while focus is inside, and swipes. It turns by itself until the visitor points at it, focuses
 * it or steers it (never under reduced motion), and the pause button stops it.
 */
export function WheelBanner({ group }: { group: WheelView }) {
  const slides = group.slides;
  const count = slides.length;
  const { index, playing, setPlaying, trackId, steer, sectionProps, viewportProps, trackProps } = useSlider(count);

  if (count === 0) return null;

  return (
    <section
      className={`${spotlight.spotlight} on-dark`}
      aria-roledescription="carousel"
      aria-label={group.name}
      data-wheel-group={group.id}
      {...sectionProps}
    >
      <div
        className={spotlight.viewport}
        {...viewportProps}
      >
        <div
          {...trackProps}
          className={spotlight.track}
        >
          {slides.map((slide, slideIndex) => (
            <BannerSlide key={slide.id} slide={slide} group={group} index={slideIndex} count={count} active={slideIndex === index} />
          ))}
        </div>
      </div>

      {count > 1 && (
        <div className={spotlight.controls}>
          <div className={spotlight.controlsInner}>
            <button type="button" className={spotlight.control} aria-controls={trackId} aria-label="Previous slide" onClick={() => steer(index - 1)}>
              <ChevronLeftIcon size={20} />
            </button>
            <div className={spotlight.dots}>
              {slides.map((slide, dotIndex) => (
                <button
                  key={slide.id}
                  type="button"
                  className={spotlight.dot}
                  aria-controls={trackId}
                  aria-label={`Show ${slide.title ?? `slide ${dotIndex + 1}`}`}
                  aria-current={dotIndex === index ? 'true' : undefined}
                  onClick={() => steer(dotIndex)}
                />
              ))}
            </div>
            <button type="button" className={spotlight.control} aria-controls={trackId} aria-label="Next slide" onClick={() => steer(index + 1)}>
              <ChevronRightIcon size={20} />
            </button>
            <button type="button" className={spotlight.control} aria-label={playing ? 'Stop turning the slides' : 'Turn the slides automatically'} onClick={() => setPlaying((value) => !value)}>
              {playing ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/** A Thumbnail group: a row of picture cards that scrolls sideways (the shelf's controls). */
export function WheelThumbnails({ group, hero = false }: { group: WheelView; hero?: boolean }) {
  // One frame shape for the whole row (the tallest picture's), so the titles line up; pictures are cropped to it.
  const ratio = Math.max(...group.slides.map((slide) => (slide.image && slide.image.width > 0 ? Math.round((slide.image.height / slide.image.width) * 100) : 0)), 0) || DEFAULT_THUMBNAIL_RATIO;
  const row = (
    <Shelf title={group.name}>
      {group.slides.map((slide) => {
        const image = slide.image;
        return (
          <article className={styles.thumbnail} key={slide.id}>
            <Link to={slide.href} className={styles.thumbnailLink}>
              <CoverImage images={imagesOf(slide)} alt="" ratio={ratio} sizes="(min-width: 768px) 200px, 40vw" color={image?.color} />
              <h3 className={styles.thumbnailTitle}>{slide.title ?? group.name}</h3>
            </Link>
            {slide.tagline && <p className={styles.thumbnailTagline}>{slide.tagline}</p>}
            {slide.type === 'Video' && slide.videoId && (
              <a href={videoUrl(slide.videoId)} className={styles.thumbnailVideo} target="_blank" rel="noopener noreferrer">
                <PlayIcon size={16} />
                {slide.buttonText || 'Watch'}
                <span className="visually-hidden"> (video about {slide.title ?? group.name}, opens a new tab)</span>
              </a>
            )}
          </article>
        );
      })}
    </Shelf>
  );
  if (!hero) return <div data-wheel-group={group.id}>{row}</div>;
  return (
    <section className={styles.thumbnailHero} aria-label={group.name} data-wheel-group={group.id}>
      <div className={styles.thumbnailHeroInner}>{row}</div>
    </section>
  );
}

/** The group that leads the page: the first of the top type staff chose, else the first group. */
export function heroGroupOf(home: HomeView): WheelView | undefined {
  const wheel = home.wheel ?? [];
  return wheel.find((group) => group.type === (home.topType ?? 'Banner')) ?? wheel[0];
}

/** A wheel group in the page's body (not the hero): banners as a wheel, thumbnails as a row. */
export function WheelGroup({ group }: { group: WheelView }) {
  return group.type === 'Banner' ? (
    <div className={styles.bodyBanner}>
      <WheelBanner group={group} />
    </div>
  ) : (
    <WheelThumbnails group={group} />
  );
}

/** HTML components staff wrote (sanitised by the catalog when saved), each in a styled block. */
export function HomeHtmlComponents({ components }: { components: NonNullable<HomeView['htmlComponents']> }) {
  if (components.length === 0) return null;
  return (
    <>
      {components.map((component) => (
        <section key={component.id} className={`${styles.html} ${styles[`html${component.style}`] ?? ''}`} aria-label={component.name} data-html-component={component.id}>
          {/* The catalog sanitises this HTML with an allow-list when staff save it (no script, handler or foreign frame survives). */}
          <div className={styles.htmlContent} dangerouslySetInnerHTML={{ __html: component.content }} />
        </section>
      ))}
    </>
  );
}

/** The message bar, once the home page has loaded (nothing while it loads or when it failed). */
export function HomeMessaging() {
  const home = useHome();
  return home.data ? <HomeMessagingBar messaging={home.data.messaging ?? null} /> : null;
}

/** What staff curated below the hero: the other wheel groups with slides, and the HTML components. */
export function curatedBelowHero(home: HomeView): { groups: WheelView[]; components: NonNullable<HomeView['htmlComponents']> } {
  const hero = heroGroupOf(home);
  return { groups: (home.wheel ?? []).filter((group) => group !== hero && group.slides.length > 0), components: home.htmlComponents ?? [] };
}

/** The rest of the wheel below the hero, then the HTML components: what staff curated above the carousels. */
export function HomeCurated({ home }: { home: HomeView }) {
  const { groups, components } = curatedBelowHero(home);
  if (groups.length === 0 && components.length === 0) return null;
  return (
    <>
      {groups.map((group) => (
        <WheelGroup key={group.id} group={group} />
      ))}
      <HomeHtmlComponents components={components} />
    </>
  );
}

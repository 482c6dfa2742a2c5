import { useRef, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@inkwell/ui-kit/icons';
import styles from './campaigns.module.css';

interface SliderProps {
  /** The slider's name for assistive technology (its section's heading). */
  label: string;
  children: ReactNode[];
}

/**
 * A row of cards that scrolls sideways (spec §9 slider: 2 per view, 2.2 from 576 px, 3.2 from 768,
 * 4 from 1278; 15 px apart), by swipe, scroll or the previous / next buttons, which move a group.
 */
export function Slider({ label, children }: SliderProps) {
  const track = useRef<HTMLUListElement>(null);
  const move = (direction: 1 | -1) => {
    const element = track.current;
    if (!element) return;
    element.scrollBy({ left: direction * element.clientWidth, behavior: 'smooth' });
  };
  return (
    <div className={styles.slider}>
      <ul ref={track} className={styles.track} aria-label={label}>
        {children.map((child, index) => (
          <li key={index} className={styles.slide}>
            {child}
          </li>
        ))}
      </ul>
      <div className={styles.sliderButtons}>
        <button type="button" className={styles.sliderButton} onClick={() => move(-1)} aria-label={`Previous ${label}`}>
          <ChevronLeftIcon size={20} />
        </button>
        <button type="button" className={styles.sliderButton} onClick={() => move(1)} aria-label={`Next ${label}`}>
          <ChevronRightIcon size={20} />
        </button>
      </div>
    </div>
  );
}

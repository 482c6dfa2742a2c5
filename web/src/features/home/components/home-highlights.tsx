import { BookIcon, CartIcon, LibraryIcon } from '@inkwell/ui-kit/icons';
import styles from './home-highlights.module.css';

const HIGHLIGHTS = [
  {
    icon: BookIcon,
    title: 'Start reading for free',
    text: 'Many series have free chapters you can read right in your browser, no download needed.',
  },
  {
    icon: CartIcon,
    title: 'Print and digital',
    text: 'Order print editions to your door, or open digital editions the moment you buy them.',
  },
  {
    icon: LibraryIcon,
    title: 'Your library, everywhere',
    text: 'My Comics remembers where you stopped reading, on your phone, tablet and computer.',
  },
] as const;

/** What the store offers, under the hero. */
export function HomeHighlights() {
  return (
    <section className={styles.band} aria-label="Why read with Inkwell">
      <ul className={styles.list}>
        {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className={styles.item}>
            <span className={styles.icon}>
              <Icon />
            </span>
            <div>
              <h2 className={styles.title}>{title}</h2>
              <p className={styles.text}>{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

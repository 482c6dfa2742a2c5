import { BookIcon, CartIcon, LibraryIcon, StarIcon } from '@inkwell/ui-kit/icons';
import styles from './reader-benefits.module.css';

/** The four benefits of a free Reader account (storefront spec §1). */
export const READER_BENEFITS = [
  {
    icon: BookIcon,
    title: 'Extra free chapters',
    text: 'Read more free chapters across the whole catalogue.',
  },
  {
    icon: StarIcon,
    title: 'Spotlight previews',
    text: 'Preview spotlight series before anyone else, with special pricing.',
  },
  {
    icon: LibraryIcon,
    title: 'My Comics library',
    text: 'Keep every comic in one library, with your reading progress synced across devices.',
  },
  {
    icon: CartIcon,
    title: 'Easier purchasing',
    text: 'Check out faster, and find your order history and badges in one place.',
  },
] as const;

/** As cards on a page, or as a compact list on a dark panel (the login overlay). */
export function ReaderBenefits({ headingLevel: Heading = 'h2', variant = 'cards' }: { headingLevel?: 'h2' | 'h3'; variant?: 'cards' | 'compact' }) {
  if (variant === 'compact') {
    return (
      <ul className={styles.compact}>
        {READER_BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title} className={styles.compactItem}>
            <span className={styles.compactIcon}>
              <Icon size={20} />
            </span>
            <span>
              <strong className={styles.compactTitle}>{title}</strong>
              <span className={styles.compactText}>{text}</span>
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={styles.grid}>
      {READER_BENEFITS.map(({ icon: Icon, title, text }) => (
        <li key={title} className={styles.card}>
          <span className={styles.icon}>
            <Icon />
          </span>
          <Heading className={styles.title}>{title}</Heading>
          <p className={styles.text}>{text}</p>
        </li>
      ))}
    </ul>
  );
}

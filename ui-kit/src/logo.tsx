import styles from './logo.module.css';

/** The word beside the wordmark that says which Inkwell this is: the storefront's, the staff's. */
const TAG_LABELS = {
  beta: 'Beta',
  staff: 'Staff',
} as const;

export type LogoTag = keyof typeof TAG_LABELS;

interface LogoProps {
  /** Put on the outermost element: the mark, or the mark and its tag. */
  className?: string | undefined;
  tag?: LogoTag | undefined;
  /** `outline` (the default) reads on dark bars; `solid` on light cards. */
  tagStyle?: 'outline' | 'solid';
  /** `compact` for the dashboard's sidebar (28px high instead of 32px, smaller tag). */
  size?: 'regular' | 'compact';
}

/**
 * "Inkwell" wordmark beside a pen-nib mark on a yellow tile, optionally followed by a tag (BETA on
 * the storefront, STAFF on the dashboard). The word takes `currentColor`.
 */
export function Logo({ className, tag, tagStyle = 'outline', size = 'regular' }: LogoProps) {
  const mark = (
    <svg
      className={[styles.logo, size === 'compact' && styles.compactMark, !tag && className].filter(Boolean).join(' ')}
      viewBox="0 0 132 32"
      role="img"
      aria-label="Inkwell"
      focusable="false"
    >
      <rect width="32" height="32" rx="9" className={styles.tile} />
      <path className={styles.nib} d="M16 4.5c4.2 3.6 7.6 8 7.6 12.6L16 28 8.4 17.1C8.4 12.5 11.8 8.1 16 4.5Z" />
      <path className={styles.slit} d="M16 27.2V18.6" />
      <circle className={styles.hole} cx="16" cy="15.6" r="2.4" />
      {/* textLength pins the word to the space the mark leaves, whatever font the visitor has. */}
      <text x="40" y="24.5" textLength="90" lengthAdjust="spacingAndGlyphs" className={styles.word}>
        Inkwell
      </text>
    </svg>
  );
  if (!tag) return mark;
  return (
    <span className={[styles.lockup, className].filter(Boolean).join(' ')}>
      {mark}
      <span className={[styles.tag, styles[tagStyle], size === 'compact' && styles.compactTag].filter(Boolean).join(' ')}>{TAG_LABELS[tag]}</span>
    </span>
  );
}

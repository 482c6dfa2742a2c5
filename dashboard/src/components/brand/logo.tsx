import styles from './logo.module.css';

/** "Inkwell" wordmark beside a pen-nib mark on a yellow tile; the word takes `currentColor`. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg
      className={[styles.logo, className].filter(Boolean).join(' ')}
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
}

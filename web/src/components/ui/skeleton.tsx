import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

/** A shimmering block standing in for content that is loading; hidden from assistive technology. */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return <span aria-hidden="true" className={[styles.skeleton, className].filter(Boolean).join(' ')} style={style} />;
}

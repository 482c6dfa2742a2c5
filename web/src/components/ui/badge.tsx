import type { ReactNode } from 'react';
import styles from './badge.module.css';

export type BadgeTone = 'sale' | 'preorder' | 'free' | 'neutral' | 'dark';

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  title?: string;
  className?: string;
}

/** A short label on a cover or beside a title: Sale, Pre-order, Free, an age rating. */
export function Badge({ tone = 'neutral', children, title, className }: BadgeProps) {
  return (
    <span className={[styles.badge, styles[tone], className].filter(Boolean).join(' ')} title={title}>
      {children}
    </span>
  );
}

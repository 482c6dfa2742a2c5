import type { ReactNode } from 'react';
import { AlertIcon, CheckIcon, MailIcon } from '@inkwell/ui-kit/icons';
import styles from './form-alert.module.css';

const ICONS = { error: AlertIcon, success: CheckIcon, info: MailIcon } as const;

/**
 * The outcome of a form, under or above it: an error to act on, a success, or news such as "check
 * your inbox". Errors are announced at once; the others politely.
 */
export function FormAlert({ tone, title, children }: { tone: keyof typeof ICONS; title?: string; children?: ReactNode }) {
  const Icon = ICONS[tone];
  return (
    <div className={[styles.alert, styles[tone]].join(' ')} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon size={20} className={styles.icon} />
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        {children}
      </div>
    </div>
  );
}

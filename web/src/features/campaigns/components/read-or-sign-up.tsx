import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LoginStatus, useAuth } from '@/lib/auth';
import type { ShowcaseItem } from '../constants';
import styles from './campaigns.module.css';

/** Spec §2: a sampler or spotlight series offers Read to a signed-in reader, 'Sign up to read' (the login overlay) to others. */
export function ReadOrSignUp({ item, label }: { item: ShowcaseItem; label: string }) {
  const { status, openLogin } = useAuth();
  if (item.reader === -1) return null;
  if (status === LoginStatus.LoggedIn) {
    return (
      <Link className={styles.action} to={paths.readerVolume({ id: 0, readableUrl: item.readableUrl }, item.reader)} aria-label={`${label}: ${item.name}`}>
        {label}
      </Link>
    );
  }
  return (
    <button type="button" className={styles.action} onClick={() => openLogin()} disabled={status === LoginStatus.Unknown} aria-label={`Sign up to read: ${item.name}`}>
      Sign up to read
    </button>
  );
}

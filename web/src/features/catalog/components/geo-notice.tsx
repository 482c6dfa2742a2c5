import { GlobeIcon } from '@inkwell/ui-kit/icons';
import { GeoRestriction } from '../geo-restriction';
import styles from './geo-notice.module.css';

const NOTICES: Partial<Record<GeoRestriction, string>> = {
  [GeoRestriction.RestrictedWithData]: "Not available in your region. You can look, but it can't be bought or read from where you are.",
  [GeoRestriction.RestrictedButOwned]: "Not sold in your region. You own it, so you can keep reading it.",
  [GeoRestriction.RestrictedButAdmin]: 'Restricted in your region. You see it because you are signed in as staff.',
};

/** Says why a restricted series or product still shows, and what that means for the visitor. */
export function GeoNotice({ restriction }: { restriction: GeoRestriction }) {
  const text = NOTICES[restriction];
  if (!text) return null;
  return (
    <p className={styles.notice} role="note">
      <GlobeIcon size={20} />
      <span>{text}</span>
    </p>
  );
}

import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoginStatus, useAuth } from '@/lib/auth';
import { useClaimBadge } from '../api/badges';
import styles from './campaigns.module.css';

/** Where the claim route goes: the given path with a leading slash added if missing (spec §2). */
export function claimRedirectTarget(redirectUrl: string): string {
  return `/${redirectUrl.replace(/^\/+/, '')}`;
}

/**
 * `/claim-badge/{badgeId}/{redirectUrl}` (spec §2): shows 'Claiming badge...', opens the login
 * overlay for a logged-out visitor, claims the badge once logged in, then replaces itself with the
 * given path. A failed claim is not handled (spec §8): the visitor goes on all the same.
 */
export function ClaimBadgePage({ badgeId, redirectUrl }: { badgeId: number; redirectUrl: string }) {
  const { status, openLogin } = useAuth();
  const navigate = useNavigate();
  const claim = useClaimBadge();
  const started = useRef(false);
  useEffect(() => {
    if (status === LoginStatus.LoggedOut) openLogin();
    if (status !== LoginStatus.LoggedIn || started.current) return;
    started.current = true;
    const go = () => navigate(claimRedirectTarget(redirectUrl), { replace: true });
    if (Number.isInteger(badgeId) && badgeId > 0) claim.mutate(badgeId, { onSettled: go });
    else go();
  }, [status, openLogin, badgeId, redirectUrl, claim, navigate]);
  return (
    <div className={styles.claiming}>
      <title>Claiming badge... · Inkwell</title>
      <h1 className={styles.claimingTitle} role="status">
        Claiming badge...
      </h1>
      {status === LoginStatus.LoggedOut && <p>Log in or create a Reader account to claim your badge.</p>}
    </div>
  );
}

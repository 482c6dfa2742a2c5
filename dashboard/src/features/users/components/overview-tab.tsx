import type { UserDetail } from '@inkwell/contracts/dashboard-customers';
import { Button } from '@inkwell/ui-kit/button';
import { Badge } from '@/components/feedback/status-badge';
import { toast, toastError } from '@/components/feedback/toast';
import { formatDateTime, formatRelative } from '@/lib/format';
import { useUnsubscribe, useVerification } from '../api/users';
import { AGE_RATING_LABELS, roleLabel } from './labels';
import styles from './users.module.css';

function When({ at, never = 'Never' }: { at: string | null; never?: string }) {
  if (!at) return <>{never}</>;
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatDateTime(at)} ({formatRelative(at)})
    </time>
  );
}

/** The customer page's Overview: account, verification, newsletter, sign-ins, addresses and badges. */
export function OverviewTab({ user }: { user: UserDetail }) {
  const verification = useVerification(user.id);
  const unsubscribe = useUnsubscribe(user.id);

  const verify = (action: 'resend' | 'verify') =>
    verification.mutate(action, {
      onSuccess: () => toast.success(action === 'resend' ? `Verification email sent to ${user.email}` : 'Email marked verified'),
      onError: (error) => toastError(action === 'resend' ? 'The verification email was not sent' : 'The email was not marked verified', error),
    });
  const optOut = (pending: boolean) =>
    unsubscribe.mutate(pending, {
      onSuccess: () => toast.success(pending ? 'Unsubscribe pending confirmation' : 'Unsubscribed from the newsletter'),
      onError: (error) => toastError('The user was not unsubscribed', error),
    });

  return (
    <div className={styles.grid}>
      <section className={styles.card} aria-labelledby="user-account">
        <h2 id="user-account" className={styles.cardTitle}>
          Account
        </h2>
        <dl className={styles.facts}>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Name</dt>
          <dd>{user.name || <span className={styles.muted}>None</span>}</dd>
          <dt>User id</dt>
          <dd className={styles.code}>{user.id}</dd>
          <dt>Roles</dt>
          <dd>{user.roles.length === 0 ? 'Reader' : user.roles.map(roleLabel).join(', ')}</dd>
          <dt>Age ratings</dt>
          <dd>{user.maxShownRating ? `Up to ${AGE_RATING_LABELS[user.maxShownRating]}` : 'No limit'}</dd>
          <dt>Joined</dt>
          <dd>
            <When at={user.createdAt} />
          </dd>
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="user-verification">
        <div className={styles.cardHeader}>
          <h2 id="user-verification" className={styles.cardTitle}>
            Email verification
          </h2>
          {user.verified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}
        </div>
        {!user.verified && (
          <>
            <p className={styles.text}>
              Last verification email: <When at={user.verificationSentAt} never="none sent" />
            </p>
            <div className={styles.actions}>
              <Button size="sm" variant="secondary" disabled={verification.isPending} onClick={() => verify('resend')}>
                Resend verification email
              </Button>
              <Button size="sm" variant="secondary" disabled={verification.isPending} onClick={() => verify('verify')}>
                Mark verified
              </Button>
            </div>
          </>
        )}
        {user.verified && <p className={styles.text}>The reader confirmed this address, or staff marked it verified.</p>}
      </section>

      <section className={styles.card} aria-labelledby="user-newsletter">
        <div className={styles.cardHeader}>
          <h2 id="user-newsletter" className={styles.cardTitle}>
            Newsletter
          </h2>
          {user.newsletter.pending ? (
            <Badge tone="info">Unsubscribe pending</Badge>
          ) : user.newsletter.subscribed ? (
            <Badge tone="success">Subscribed</Badge>
          ) : (
            <Badge tone="muted">Unsubscribed</Badge>
          )}
        </div>
        {user.newsletter.subscribed && (
          <div className={styles.actions}>
            <Button size="sm" variant="secondary" disabled={unsubscribe.isPending} onClick={() => optOut(false)}>
              Unsubscribe
            </Button>
            {!user.newsletter.pending && (
              <Button size="sm" variant="ghost" disabled={unsubscribe.isPending} onClick={() => optOut(true)}>
                Mark unsubscribe pending
              </Button>
            )}
          </div>
        )}
      </section>

      <section className={styles.card} aria-labelledby="user-sign-ins">
        <h2 id="user-sign-ins" className={styles.cardTitle}>
          Sign-ins
        </h2>
        <dl className={styles.facts}>
          <dt>Last sign-in</dt>
          <dd>
            <When at={user.lastLoginAt} />
          </dd>
          <dt>Sign-ins</dt>
          <dd>{user.loginCount}</dd>
          <dt>Active sessions</dt>
          <dd>{user.activeSessions}</dd>
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="user-addresses">
        <h2 id="user-addresses" className={styles.cardTitle}>
          Addresses
        </h2>
        {!user.addressesAvailable && (
          <p className={styles.notice} role="status">
            The order service did not answer, so the addresses used in orders cannot be shown now. Reload the page to try again.
          </p>
        )}
        {user.addressesAvailable && user.addresses.length === 0 && <p className={styles.muted}>No address used in an order yet.</p>}
        {user.addresses.length > 0 && (
          <ul className={styles.list}>
            {user.addresses.map((address, index) => (
              <li key={index}>
                <address className={styles.address}>
                  {address.firstName} {address.surName}
                  {address.companyName && (
                    <>
                      <br />
                      {address.companyName}
                    </>
                  )}
                  <br />
                  {address.address}
                  <br />
                  {address.postalCode} {address.locality} {address.administrativeArea}
                  <br />
                  {address.country} · {address.phoneNumber}
                </address>
                <span className={styles.muted}>Last used {formatRelative(address.lastUsedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.card} aria-labelledby="user-badges">
        <h2 id="user-badges" className={styles.cardTitle}>
          Badges
        </h2>
        {user.badges.length === 0 ? (
          <p className={styles.muted}>No badges claimed.</p>
        ) : (
          <ul className={styles.picked}>
            {user.badges.map((badge) => (
              <li key={badge.id} className={styles.chip} title={`Claimed ${formatDateTime(badge.claimedAt)}`}>
                {badge.name}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

import type { ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH } from '@inkwell/contracts/account-rules';
import type { Account } from '@inkwell/ui-kit/account';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { CheckIcon, MailIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { MaxRatingForm, type RatingLabels } from './max-rating-form';
import styles from './account-settings.module.css';

const SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'password', label: 'Password' },
  { id: 'email', label: 'Email' },
  { id: 'content', label: 'Content rating' },
] as const;

const ORDERS_SECTION = { id: 'orders', label: 'Orders' } as const;
const NEWSLETTERS_SECTION = { id: 'newsletters', label: 'Newsletters' } as const;

interface AccountSettingsProps {
  account: Account;
  onLogout: () => void;
  /** Human names of the age ratings, as the catalog writes them. */
  ratingLabels: RatingLabels;
  /** The reader's orders (the checkout feature's list), as the last section. */
  orders?: ReactNode;
  /** The newsletter preferences (the newsletter feature's form), before the orders. */
  newsletters?: ReactNode;
}

/** /account for a logged-in reader: who they are, and the password, email and content-rating settings. */
export function AccountSettings({ account, onLogout, ratingLabels, orders, newsletters }: AccountSettingsProps) {
  const sections = [...SECTIONS, ...(newsletters ? [NEWSLETTERS_SECTION] : []), ...(orders ? [ORDERS_SECTION] : [])];
  return (
    <Page title="Your account" documentTitle="Account" eyebrow="Account">
      <div className={styles.layout}>
        <nav className={styles.sideNav} aria-label="Account settings">
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.label}</a>
              </li>
            ))}
          </ul>
        </nav>

        <div className={styles.sections}>
          <section id="profile" className={styles.card} aria-labelledby="profile-title">
            <h2 id="profile-title" className={styles.cardTitle}>
              Profile
            </h2>
            <dl className={styles.details}>
              <div>
                <dt>Email</dt>
                <dd className={styles.email}>{account.email}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>
                  {account.verified ? (
                    <span className={`${styles.state} ${styles.verified}`}>
                      <CheckIcon size={16} /> Verified
                    </span>
                  ) : (
                    <span className={`${styles.state} ${styles.unverified}`}>
                      <MailIcon size={16} /> Not verified yet
                    </span>
                  )}
                </dd>
              </div>
            </dl>
            <div className={styles.cardActions}>
              <ButtonLink to={paths.library} variant="secondary" size="sm">
                Go to My Comics
              </ButtonLink>
              <Button variant="secondary" size="sm" onClick={onLogout}>
                Log Out
              </Button>
            </div>
          </section>

          <section id="password" className={styles.card} aria-labelledby="password-title">
            <h2 id="password-title" className={styles.cardTitle}>
              Change password
            </h2>
            <p className={styles.cardIntro}>Use at least {PASSWORD_MIN_LENGTH} characters. You stay logged in on this device.</p>
            <ChangePasswordForm email={account.email} />
          </section>

          <section id="email" className={styles.card} aria-labelledby="email-title">
            <h2 id="email-title" className={styles.cardTitle}>
              Change email
            </h2>
            <p className={styles.cardIntro}>We'll send a link to the new address. Your email stays the same until you open it.</p>
            <ChangeEmailForm currentEmail={account.email} />
          </section>

          <section id="content" className={styles.card} aria-labelledby="content-title">
            <h2 id="content-title" className={styles.cardTitle}>
              Content rating
            </h2>
            <p className={styles.cardIntro}>Hide comics rated above the age you choose, everywhere in the store. M shows everything.</p>
            <MaxRatingForm current={account.settings?.maxshownratingkey ?? null} labels={ratingLabels} />
          </section>

          {newsletters && (
            <section id={NEWSLETTERS_SECTION.id} className={styles.card} aria-labelledby="newsletters-title">
              <h2 id="newsletters-title" className={styles.cardTitle}>
                Newsletters
              </h2>
              <p className={styles.cardIntro}>Pick what we may email you. New subscriptions start once you confirm them from your inbox.</p>
              {newsletters}
            </section>
          )}

          {orders && (
            <section id={ORDERS_SECTION.id} className={styles.card} aria-labelledby="orders-title">
              <h2 id="orders-title" className={styles.cardTitle}>
                Orders
              </h2>
              {orders}
            </section>
          )}
        </div>
      </div>
    </Page>
  );
}

import { DIGITAL_PURCHASES_UNAVAILABLE_MESSAGE } from '@inkwell/contracts/catalog-rules';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { LoginStatus, useAuth } from '@/lib/auth';
import { ReaderBenefits } from './reader-benefits';
import styles from './account-benefits.module.css';

/**
 * Benefits of a Reader account; /email-verified shows the same screen after a verification link
 * (`verifiedEmail` names the address when the link said which).
 */
export function AccountBenefits({ verified = false, verifiedEmail }: { verified?: boolean; verifiedEmail?: string }) {
  const { status, openLogin } = useAuth();

  return (
    <Page
      eyebrow={verified ? 'Reader account' : undefined}
      title={verified ? 'Your email is verified' : 'Reader account benefits'}
      documentTitle={verified ? 'Email verified' : 'Account benefits'}
      intro={
        <p>
          {verified
            ? `Thanks for confirming ${verifiedEmail ?? 'your email address'}. Your free Reader account is ready, with everything below.`
            : 'A free Reader account gets you more out of every comic on Inkwell.'}
        </p>
      }
    >
      <ReaderBenefits />
      <section className={`${styles.more} on-dark`} aria-labelledby="and-more-title">
        <h2 id="and-more-title" className={styles.moreTitle}>
          And More!
        </h2>
        <p>Digital manga and comics can be read anywhere: on your phone, tablet or computer.</p>
        <p className={styles.notice}>{DIGITAL_PURCHASES_UNAVAILABLE_MESSAGE}</p>
        {status === LoginStatus.LoggedOut && (
          <Button variant="accent" size="lg" className={styles.cta} aria-haspopup="dialog" onClick={() => openLogin()}>
            {verified ? 'Log In' : 'Create Account'}
          </Button>
        )}
        {verified && status === LoginStatus.LoggedIn && (
          <ButtonLink to={paths.browse} variant="accent" size="lg" className={styles.cta}>
            Start reading
          </ButtonLink>
        )}
      </section>
    </Page>
  );
}

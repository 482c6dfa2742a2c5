import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import styles from './reader-account-promo.module.css';

/** Invitation to create a free Reader account, for logged-out visitors. */
export function ReaderAccountPromo() {
  const { openLogin } = useAuth();
  return (
    <section className={`${styles.promo} on-dark`} aria-labelledby="reader-promo-title">
      <div>
        <h2 id="reader-promo-title" className={styles.title}>
          Get more with a free Reader account
        </h2>
        <p className={styles.text}>
          Extra free chapters across the catalogue, spotlight previews with special pricing, a library that syncs your
          progress, and faster checkout.
        </p>
      </div>
      <div className={styles.actions}>
        <Button variant="accent" aria-haspopup="dialog" onClick={() => openLogin()}>
          Create a free account
        </Button>
        <ButtonLink to={paths.accountBenefits} variant="secondary">
          See all benefits
        </ButtonLink>
      </div>
    </section>
  );
}

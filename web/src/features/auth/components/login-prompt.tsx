import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { LOGIN_TITLES } from '../login-titles';
import { ReaderBenefits } from './reader-benefits';
import styles from './login-prompt.module.css';

/** What /account shows a logged-out visitor: the overlay's invitation, as a page. */
export function LoginPrompt() {
  const { openLogin } = useAuth();
  return (
    <Page title={LOGIN_TITLES.default} documentTitle="Account" intro={<p>Log in to see your account, or create a free Reader account in a minute.</p>}>
      <div className={styles.actions}>
        <Button size="lg" aria-haspopup="dialog" onClick={() => openLogin()}>
          Log in or sign up
        </Button>
        <ButtonLink to={paths.accountBenefits} variant="secondary" size="lg">
          More about Reader accounts
        </ButtonLink>
      </div>
      <ReaderBenefits />
    </Page>
  );
}

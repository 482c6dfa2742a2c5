import { ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { CartIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';

/** After a guest purchase or a purchase split into several orders. */
export default function GuestCheckoutSuccessRoute() {
  return (
    <Page title="Thank you for your purchase" width="narrow">
      <EmptyState
        icon={<CartIcon />}
        title="Check your email"
        actions={
          <>
            <ButtonLink to={paths.accountBenefits}>Create a free Reader account</ButtonLink>
            <ButtonLink to={paths.browse} variant="secondary">
              Keep browsing
            </ButtonLink>
          </>
        }
      >
        <p>Your receipt and order details go to the email address you entered at checkout.</p>
        <p>With a free Reader account, your digital comics and order history stay together in one place.</p>
      </EmptyState>
    </Page>
  );
}

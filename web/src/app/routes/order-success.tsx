import { ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { CartIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';

export default function OrderSuccessRoute() {
  return (
    <Page title="Your order" width="narrow">
      <EmptyState
        icon={<CartIcon />}
        title="Order details aren't available here"
        actions={
          <>
            <ButtonLink to={paths.account}>Go to your account</ButtonLink>
            <ButtonLink to={paths.supportCenter} variant="secondary">
              Support Center
            </ButtonLink>
          </>
        }
      >
        <p>Your order confirmation is sent by email. Signed-in readers also find their orders in their account.</p>
      </EmptyState>
    </Page>
  );
}

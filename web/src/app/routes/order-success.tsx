import { Page } from '@/components/layout/page';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CartIcon } from '@/components/ui/icons';
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

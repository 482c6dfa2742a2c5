import { ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { CartIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';

export default function CheckoutRoute() {
  return (
    <Page title="Checkout" width="narrow">
      <EmptyState
        icon={<CartIcon />}
        title="No items in cart"
        actions={<ButtonLink to={paths.browse}>Browse comics</ButtonLink>}
      >
        <p>Add print or digital comics to your cart and they'll be waiting for you here.</p>
      </EmptyState>
    </Page>
  );
}

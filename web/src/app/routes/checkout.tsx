import { Page } from '@/components/layout/page';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CartIcon } from '@/components/ui/icons';
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

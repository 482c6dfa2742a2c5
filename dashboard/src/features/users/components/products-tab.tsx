import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { UserDetail, UserProduct } from '@inkwell/contracts/dashboard-customers';
import { Button } from '@inkwell/ui-kit/button';
import { SimpleTable } from '@/components/data-table/simple-table';
import { useConfirm } from '@/components/dialog/confirm-dialog';
import { Badge } from '@/components/feedback/status-badge';
import { toast } from '@/components/feedback/toast';
import { formatDate } from '@/lib/format';
import { useRemoveProduct, userProductsQueryOptions } from '../api/users';
import { GrantDialog } from './grant-dialog';
import { ReasonDialog } from './reason-dialog';
import styles from './users.module.css';

/** The customer page's Products: what they own (bought or granted), grant more, remove one with a reason. */
export function ProductsTab({ user }: { user: UserDetail }) {
  const products = useQuery(userProductsQueryOptions(user.id));
  const [granting, setGranting] = useState(false);
  const removal = useConfirm<UserProduct>();
  const remove = useRemoveProduct(user.id);

  return (
    <>
      <div className={styles.toolbar}>
        <p className={styles.muted}>{products.data ? `${products.data.length} ${products.data.length === 1 ? 'product' : 'products'} owned` : 'Products owned'}</p>
        <Button size="sm" onClick={() => setGranting(true)}>
          Grant products
        </Button>
      </div>
      <SimpleTable
        caption="Products owned"
        query={products}
        getRowId={(product) => product.id}
        empty={{ title: 'Owns no products', text: 'Products bought or granted appear here.' }}
        columns={[
          { id: 'name', header: 'Product', isPrimary: true, cell: (product) => product.name },
          {
            id: 'source',
            header: 'How',
            cell: (product) => (product.source === 'grant' ? <Badge tone="info">Granted</Badge> : <Badge tone="success">Bought</Badge>),
          },
          { id: 'acquired', header: 'Since', cell: (product) => formatDate(product.acquiredAt) },
          {
            id: 'why',
            header: 'Reason',
            cell: (product) =>
              product.source === 'grant' ? (
                <span className={styles.breakable}>
                  {product.reason ?? '—'}
                  {(product.grantedByEmail ?? product.grantedById) && <span className={styles.muted}> · by {product.grantedByEmail ?? product.grantedById}</span>}
                </span>
              ) : product.orderId ? (
                <Link to={`/orders/${product.orderId}`}>Open the order</Link>
              ) : (
                '—'
              ),
          },
          {
            id: 'actions',
            header: 'Actions',
            align: 'end',
            cell: (product) => (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${product.name}`}
                onClick={() => removal.ask(product)}
              >
                Remove
              </Button>
            ),
          },
        ]}
      />

      {granting && <GrantDialog user={user} onClose={() => setGranting(false)} />}

      <ReasonDialog
        isOpen={removal.isOpen}
        onOpenChange={removal.onOpenChange}
        title={`Remove ${removal.item?.name ?? 'this product'} from ${user.email}?`}
        confirmLabel="Remove product"
        missingReason="Say why the product is removed."
        onConfirm={async (reason) => {
          if (!removal.item) return;
          await remove.mutateAsync({ id: removal.item.id, reason });
          toast.success(`“${removal.item.name}” removed from ${user.email}`);
        }}
      >
        <p>The reader loses access to it in their library at once. The removal is recorded with the reason and your name.</p>
      </ReasonDialog>
    </>
  );
}

import { useParams } from 'react-router-dom';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon } from '@inkwell/ui-kit/icons';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { errorMessage } from '@/lib/staff-api';
import { useProduct } from '../api/get-product';
import { ProductEditor } from '../components/product-editor';

/** `products/new` and `products/:id`. */
export default function ProductEditorRoute() {
  const { id: param } = useParams();
  const id = param === undefined || param === 'new' ? undefined : Number(param);
  const valid = id === undefined || (Number.isSafeInteger(id) && id > 0);
  const product = useProduct(valid ? id : undefined);

  if (!valid) return <NotFound />;
  if (id === undefined) return <ProductEditor key="new" product={undefined} />;
  if (product.isPending) return <p role="status">Loading the product…</p>;
  if (product.isError) {
    return (
      <EmptyState
        icon={<AlertIcon size={20} />}
        tone="error"
        headingLevel="h1"
        title="The product did not load"
        actions={<ButtonLink to="/products" variant="secondary">Back to products</ButtonLink>}
      >
        <p>{errorMessage(product.error)}</p>
      </EmptyState>
    );
  }
  return <ProductEditor key={id} product={product.data} />;
}

function NotFound() {
  return (
    <EmptyState headingLevel="h1" title="No such product" actions={<ButtonLink to="/products">Back to products</ButtonLink>}>
      <p>Product addresses end in the product’s number.</p>
    </EmptyState>
  );
}

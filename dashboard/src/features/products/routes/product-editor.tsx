import { EditorRoute } from '@/components/editor/editor-route';
import { useProduct } from '../api/get-product';
import { ProductEditor } from '../components/product-editor';

/** `products/new` and `products/:id`. */
export default function ProductEditorRoute() {
  return (
    <EditorRoute noun={{ one: 'product', many: 'products', owner: 'product’s' }} listPath="/products" useItem={useProduct}>
      {(product, key) => <ProductEditor key={key} product={product} />}
    </EditorRoute>
  );
}

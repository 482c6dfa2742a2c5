import { EditorRoute } from '@/components/editor/editor-route';
import { useProduct } from '@/lib/api/get-product';
import { ProductEditor } from '../components/product-editor';
import type { ComicFileSlot } from '../components/media-section';

/** `products/new` and `products/:id`; the comic file's section comes from the ingest feature, by way of the app. */
export function ProductEditorRoute({ comicFile }: { comicFile: ComicFileSlot }) {
  return (
    <EditorRoute noun={{ one: 'product', many: 'products', owner: 'product’s' }} listPath="/products" useItem={useProduct}>
      {(product, key) => <ProductEditor key={key} product={product} comicFile={comicFile} />}
    </EditorRoute>
  );
}

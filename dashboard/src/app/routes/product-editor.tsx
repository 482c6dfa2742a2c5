import { ComicFileSection } from '@/features/ingest/components/comic-file-section';
import { ProductEditorRoute } from '@/features/products/routes/product-editor';

/** The product editor with the ingest feature's comic file section: features meet here, not in each other. */
export default function ProductEditorPage() {
  return <ProductEditorRoute comicFile={ComicFileSection} />;
}

import type { ServiceContext } from '@inkwell/platform';
import type { CatalogPublications } from '../catalog/publication';
import type { PageStore } from '../pages/page-store';

/** What the reader's routes are given: the service context, the catalog and the page store. */
export interface ReaderDeps {
  context: ServiceContext;
  catalog: CatalogPublications;
  pages: PageStore;
  /** Signs page-image links (MEDIA_URL_SECRET). */
  mediaSecret: string;
}

import type { ServiceContext } from '@inkwell/platform';
import type { CatalogPublications } from '../peers/publication';
import type { PageStore } from '../store/page-store';

/** What the reader's routes are given: the service context, the catalog and the page store. */
export interface ReaderDeps {
  context: ServiceContext;
  catalog: CatalogPublications;
  pages: PageStore;
  /** Signs page-image links (MEDIA_URL_SECRET). */
  mediaSecret: string;
}

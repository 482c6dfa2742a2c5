import type { Database } from '@inkwell/platform';
import type { CatalogPublications, Publication } from '../peers/publication';
import { byLastRead, compareShelfEntries, DEFAULT_SHELF_SORT, isCompleted, isOutForReading, matchesShelfSearch, resumeAt, type ShelfSort } from '../domain';
import type { PageStore } from '../store/page-store';
import type { LibraryItem } from '@inkwell/contracts/library';
import { awaitingItems } from '../store/awaiting';
import { shelfRows, type ShelfRow } from '../store/shelf';

export type { LibraryItem };

export interface ShelfQuery {
  /** Absent: newest on the shelf first, or last read first when only comics with progress are asked. */
  sort: ShelfSort | undefined;
  search: string | undefined;
  offset: number;
  count: number;
  onlyPurchased: boolean;
  /** Only comics the reader has started. */
  withReadingProgress: boolean;
}

export interface LibraryDeps {
  db: Database;
  catalog: CatalogPublications;
  pages: PageStore;
}

function libraryItem(row: ShelfRow, publication: Publication, pageCount: number): LibraryItem {
  const readingProgress = resumeAt(row.page ?? undefined, pageCount);
  return {
    productId: publication.id,
    name: publication.name,
    readableUrl: publication.readableUrl,
    seriesId: publication.seriesId,
    seriesTitle: publication.seriesTitle,
    volumeNumber: publication.volumeNumber,
    chapterNumber: publication.chapterNumber,
    thumbnailUrl: publication.thumbnailUrl,
    isOwned: row.owned,
    addedAt: row.addedAt,
    publishDate: publication.publishDate,
    pageCount,
    readingProgress,
    completed: row.page !== null && isCompleted(readingProgress, pageCount),
    lastReadAt: row.lastReadAt,
  };
}

/**
 * The reader's shelf with the catalog's facts; comics the catalog no longer has, or no longer shows
 * to someone who does not own them, are left out until they come back, and so are digital goods
 * that are not comics (an order grants every digital item it holds).
 */
export async function libraryItems({ db, catalog, pages }: LibraryDeps, userId: string, productIds?: readonly string[], now = new Date()): Promise<LibraryItem[]> {
  const rows = await shelfRows(db, userId, productIds);
  const ids = rows.map((row) => row.productId);
  const [publications, storedCounts] = await Promise.all([catalog.findMany(ids), pages.pageCounts(ids)]);
  return rows.flatMap((row) => {
    const publication = publications.get(row.productId);
    if (!publication || publication.category !== 'Publication' || !isOutForReading(publication, row.owned, now)) return [];
    return [libraryItem(row, publication, storedCounts.get(row.productId) ?? publication.pageCount)];
  });
}

/**
 * Storefront spec §7 `/mycomics/processing`: what the reader has bought that cannot be read yet —
 * a pre-order before its release day, an order whose payment is still being confirmed, or a comic
 * the catalog has not put out yet. Each shows on the shelf (`libraryItems`) the moment it can be
 * read, and leaves this list then. Soonest release first.
 */
export async function processingItems({ db, catalog, pages }: LibraryDeps, userId: string, now = new Date()): Promise<LibraryItem[]> {
  const [rows, awaiting] = await Promise.all([shelfRows(db, userId).then((all) => all.filter((row) => row.owned)), awaitingItems(db, userId)]);
  const ids = [...new Set([...rows.map((row) => row.productId), ...awaiting.map((item) => item.productId)])];
  const [publications, storedCounts] = await Promise.all([catalog.findMany(ids), pages.pageCounts(ids)]);
  const waiting = new Map<string, LibraryItem>();
  for (const row of rows) {
    const publication = publications.get(row.productId);
    if (!publication || publication.category !== 'Publication' || isOutForReading(publication, true, now)) continue;
    waiting.set(row.productId, { ...libraryItem(row, publication, storedCounts.get(row.productId) ?? publication.pageCount), releaseDate: publication.publishDate });
  }
  const owned = new Set(rows.map((row) => row.productId));
  for (const item of awaiting) {
    const publication = publications.get(item.productId);
    // Owned through another order (listed above when not out yet), or not a comic: nothing to add.
    if (!publication || publication.category !== 'Publication' || owned.has(item.productId)) continue;
    const row = { productId: item.productId, variantId: item.variantId, addedAt: item.placedAt, owned: false, page: null, lastReadAt: null };
    waiting.set(item.productId, { ...libraryItem(row, publication, storedCounts.get(item.productId) ?? publication.pageCount), releaseDate: item.releaseDate ?? publication.publishDate });
  }
  const releasedAt = (item: LibraryItem) => (item.releaseDate ? Date.parse(item.releaseDate) : Number.POSITIVE_INFINITY);
  return [...waiting.values()].sort((a, b) => releasedAt(a) - releasedAt(b) || a.name.localeCompare(b.name));
}

/** Filters, sorts and cuts one page out of the shelf; `fullCount` is every comic that matched. */
export function shelfPage(items: readonly LibraryItem[], query: ShelfQuery): { items: LibraryItem[]; fullCount: number } {
  const matching = items.filter(
    (item) =>
      (!query.onlyPurchased || item.isOwned) &&
      (!query.withReadingProgress || item.lastReadAt !== null) &&
      (!query.search || matchesShelfSearch(item, query.search)),
  );
  const order = query.sort === undefined && query.withReadingProgress ? byLastRead : compareShelfEntries(query.sort ?? DEFAULT_SHELF_SORT);
  return { items: [...matching].sort(order).slice(query.offset, query.offset + query.count), fullCount: matching.length };
}

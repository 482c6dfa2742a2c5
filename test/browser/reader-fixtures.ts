/**
 * A small catalogue for the reader and library browser tests, in a running test stack: series with
 * free and paid chapters, a right-to-left manga, and enough series of one genre for the end card's
 * suggestions; covers drawn by the demo art, pages drawn by the demo page art and stored through
 * the reader's own ingest.
 */
import { pageSvg, renderDemoArt } from '@inkwell/demo';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { DEMO_ART } from '../support/browser';
import type { TestStack } from '../support/stack';

/** Pages are drawn at this size: large enough for two stored widths, quick to encode. */
const PAGE_SIZE = { width: 800, height: 1200 };

export interface ReaderCatalogue {
  harbor: { readableUrl: string; title: string; chapter1: number; chapter2: number; chapter3: number; volume1: number };
  lanterns: { readableUrl: string; title: string; chapter1: number; chapter2: number };
  /** Every series, for the shelf. */
  productIds: number[];
}

export async function createReaderCatalogue(stack: TestStack): Promise<ReaderCatalogue> {
  const catalog = stack.service('catalog').context;
  const pages = stack.service('reader').exposed.pages;
  const db = catalog.db;
  const free = [{ priceType: 'Free' as const, priceCents: 0 }];
  const paid = [{ priceType: 'Paid' as const, priceCents: 299 }];

  const harborSeries = await createSeries(db, { title: 'Harbor Lights', readableUrl: 'harbor-lights', genres: ['Drama'], description: 'A lighthouse keeper’s daughter and the storm season.' });
  const harbor = {
    readableUrl: 'harbor-lights',
    title: 'Harbor Lights',
    chapter1: await createProduct(db, { name: 'Harbor Lights, Chapter 1', readableUrl: 'harbor-lights-chapter-1', seriesId: harborSeries, type: 'Chapter', chapterNumber: 1, variants: free }),
    chapter2: await createProduct(db, { name: 'Harbor Lights, Chapter 2', readableUrl: 'harbor-lights-chapter-2', seriesId: harborSeries, type: 'Chapter', chapterNumber: 2, variants: free }),
    chapter3: await createProduct(db, { name: 'Harbor Lights, Chapter 3', readableUrl: 'harbor-lights-chapter-3', seriesId: harborSeries, type: 'Chapter', chapterNumber: 3, variants: paid }),
    volume1: await createProduct(db, { name: 'Harbor Lights, Vol. 1', readableUrl: 'harbor-lights-volume-1', seriesId: harborSeries, volumeNumber: 1, variants: free }),
  };

  const lanternsSeries = await createSeries(db, { title: 'Paper Lanterns', readableUrl: 'paper-lanterns', genres: ['Drama'], description: 'A night market, a missing brother.' });
  const lanterns = {
    readableUrl: 'paper-lanterns',
    title: 'Paper Lanterns',
    chapter1: await createProduct(db, { name: 'Paper Lanterns, Chapter 1', readableUrl: 'paper-lanterns-chapter-1', seriesId: lanternsSeries, type: 'Chapter', chapterNumber: 1, variants: free }),
    chapter2: await createProduct(db, { name: 'Paper Lanterns, Chapter 2', readableUrl: 'paper-lanterns-chapter-2', seriesId: lanternsSeries, type: 'Chapter', chapterNumber: 2, variants: free }),
  };
  // Manga: read right to left.
  await db.query('UPDATE series SET right_to_left = true WHERE id = $1', [lanternsSeries]);
  await db.query('UPDATE products SET reverse_read_order = true WHERE series_id = $1', [lanternsSeries]);

  // Other series of the same genre, for 'You might also like'.
  const others: number[] = [];
  for (const title of ['Tidewater', 'Salt and Ink', 'North Pier']) {
    const series = await createSeries(db, { title, readableUrl: title.toLowerCase().replace(/ /g, '-'), genres: ['Drama'] });
    others.push(await createProduct(db, { name: `${title}, Vol. 1`, seriesId: series, volumeNumber: 1, variants: paid }));
  }

  await renderDemoArt(catalog, DEMO_ART);
  await stack.eventsDelivered();

  const pageSets: Array<[id: number, title: string, count: number, rightToLeft: boolean]> = [
    [harbor.chapter1, harbor.title, 8, false],
    [harbor.chapter2, harbor.title, 6, false],
    [harbor.chapter3, harbor.title, 4, false],
    [harbor.volume1, harbor.title, 5, false],
    [lanterns.chapter1, lanterns.title, 6, true],
    [lanterns.chapter2, lanterns.title, 4, true],
  ];
  for (const [id, seriesTitle, count, rightToLeft] of pageSets) {
    const svgs = Array.from({ length: count }, (_, index) =>
      Buffer.from(pageSvg({ seriesTitle, pageNumber: index + 1, pageCount: count, seed: id, rightToLeft, ...PAGE_SIZE })),
    );
    await pages.ingest(String(id), svgs);
  }

  return { harbor, lanterns, productIds: [...Object.values(harbor).filter((value): value is number => typeof value === 'number'), lanterns.chapter1, lanterns.chapter2, ...others] };
}

/** What a drawn page is drawn from: the publication's catalog facts. */
export interface DrawnPublication {
  productId: string;
  seriesTitle: string;
  rightToLeft: boolean;
  pageCount: number;
}

/**
 * The page-source port: draws the pages of a publication that has no ingested page set. A store
 * whose pages are all uploaded has no source (such a publication has no pages to read); the demo
 * workspace's drawn comic pages are one, given to the reader at composition and used when
 * DEMO_DATA is on.
 */
export interface PageSource {
  /** Every page it draws has this size. */
  readonly pageSize: { width: number; height: number };
  /** One page, as an image sharp reads (SVG, PNG, ...). */
  draw(publication: DrawnPublication, pageNumber: number): Promise<Buffer>;
}

import { pageSvg } from './art-page';

/**
 * The demo's comic pages as a page source for the reader (its PageSource port, matched by shape):
 * drawn at the reader's largest stored width, two wide by three high like a printed comic page.
 */
export const demoPageSource = {
  pageSize: { width: 1200, height: 1800 },
  async draw(publication: { productId: string; seriesTitle: string; rightToLeft: boolean; pageCount: number }, pageNumber: number): Promise<Buffer> {
    const { width, height } = demoPageSource.pageSize;
    return Buffer.from(pageSvg({ ...publication, pageNumber, seed: Number(publication.productId), width, height }));
  },
};

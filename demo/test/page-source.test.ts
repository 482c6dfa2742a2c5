import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import sharp from 'sharp';
import { demoPageSource } from '../src';

describe('the demo page source (the reader draws demo pages with it)', () => {
  const publication = { productId: '41', seriesTitle: 'The Reservoir Below', rightToLeft: false, pageCount: 24 };

  it('draws every page at its declared size', async () => {
    const image = await sharp(await demoPageSource.draw(publication, 3)).metadata();
    assert.deepEqual([image.width, image.height], [demoPageSource.pageSize.width, demoPageSource.pageSize.height]);
  });

  it('draws the same page the same way, and another page differently', async () => {
    const page = (number: number) => demoPageSource.draw(publication, number).then((svg) => svg.toString());
    assert.equal(await page(3), await page(3));
    assert.notEqual(await page(3), await page(4));
  });
});

import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import sharp from 'sharp';
import { coverSvg, pageSvg, renderImage, renderWidths, renderWidthsCached, seriesHeroSvg } from '../src';
import { fitText, measure } from '../src/art-text';

const isWebp = (image: Buffer): boolean => image.subarray(0, 4).toString('ascii') === 'RIFF' && image.subarray(8, 12).toString('ascii') === 'WEBP';
const isJpeg = (image: Buffer): boolean => image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff;

/** Height sharp should produce for `width` at `ratio` (height / width), allowing a pixel of rounding. */
function assertRatio(width: number, height: number, ratio: number): void {
  assert.ok(Math.abs(height - width * ratio) <= 1, `${width}×${height} is not 1:${ratio}`);
}

describe('cover art', () => {
  const cover = (seed: number, subtitle?: string) =>
    coverSvg({ title: 'The Midnight Noodle Cart', ...(subtitle ? { subtitle } : {}), seriesColor: 'orange', seed, width: 500, height: 625 });

  it('is the same SVG for the same inputs and differs by seed', () => {
    assert.equal(cover(3, 'Volume 2'), cover(3, 'Volume 2'));
    assert.notEqual(cover(3, 'Volume 2'), cover(4, 'Volume 2'));
    assert.match(cover(3), /^<svg [^>]*width="500" height="625"/);
  });

  it('keeps renderings in a cache folder and reads them back by drawing and widths', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-art-cache-'));
    try {
      const first = await renderWidthsCached(cover(3, 'Volume 2'), [250, 500], dir);
      assert.deepEqual(first, await renderWidths(cover(3, 'Volume 2'), [250, 500]));
      const files = (await readdir(dir)).sort();
      assert.equal(files.length, 5, files.join(', '));
      assert.ok(!files.some((file) => file.endsWith('.tmp')), 'no temporary file left');
      // What the cache holds is what comes back: a marked file proves it was read, not drawn again.
      const webp250 = files.find((file) => file.endsWith('-250.webp'))!;
      await writeFile(path.join(dir, webp250), 'marked');
      const again = await renderWidthsCached(cover(3, 'Volume 2'), [250, 500], dir);
      assert.equal(again[0]!.webp.toString(), 'marked');
      assert.deepEqual(again[1], first[1]);
      assert.deepEqual(again.map((image) => [image.width, image.height]), [[250, 313], [500, 625]]);
      // Another drawing, or the same at other widths, is another rendering.
      assert.deepEqual((await renderWidthsCached(cover(3, 'Volume 2'), [500], dir)).map((image) => image.webp), [first[1]!.webp]);
      assert.notDeepEqual((await renderWidthsCached(cover(4, 'Volume 2'), [250, 500], dir))[0]!.webp.toString(), 'marked');
      assert.equal((await readdir(dir)).length, 5 + 3 + 5);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('renders a product cover at the comic list widths as WebP and JPEG with a 1:1.25 ratio', async () => {
    const images = await renderWidths(cover(3, 'Volume 2'));
    assert.deepEqual(images.map((i) => i.width), [250, 500]);
    for (const image of images) {
      assertRatio(image.width, image.height, 1.25);
      assert.ok(isWebp(image.webp), 'WebP signature');
      assert.ok(isJpeg(image.jpeg), 'JPEG signature');
      const webp = await sharp(image.webp).metadata();
      const jpeg = await sharp(image.jpeg).metadata();
      assert.equal(webp.format, 'webp');
      assert.equal(jpeg.format, 'jpeg');
      for (const meta of [webp, jpeg]) {
        assert.equal(meta.width, image.width);
        assert.equal(meta.height, image.height);
      }
    }
  });

  it('renders a series poster with a 1:1.4 ratio', async () => {
    const svg = coverSvg({ title: 'Salt & Smoke', seriesColor: 'pink', seed: 9, width: 500, height: 700 });
    for (const width of [250, 500]) {
      const meta = await sharp(await renderImage(svg, { width, format: 'webp', quality: 80 })).metadata();
      assert.equal(meta.width, width);
      assertRatio(width, meta.height!, 1.4);
    }
  });

  it('draws something, not a blank canvas', async () => {
    const stats = await sharp(await renderImage(cover(5, 'Chapter 12'), { width: 250, format: 'jpeg' })).stats();
    assert.ok(stats.channels.some((c) => c.stdev > 20), 'the cover has contrast');
  });

  it('escapes markup in titles and copes with any colour name', async () => {
    for (const seriesColor of ['none', 'grayscale', 'teal']) {
      const svg = coverSvg({ title: 'Café <Noir> & "Friends": Side Stories', subtitle: 'Box Set', seriesColor, seed: 1, width: 500, height: 700 });
      assert.doesNotMatch(svg, /<Noir>|"Friends"/i, 'markup in the title is escaped');
      assert.match(svg, /&lt;NOIR&gt;|&lt;Noir&gt;/);
      const meta = await sharp(await renderImage(svg, { width: 250, format: 'jpeg', quality: 70 })).metadata();
      assert.equal(meta.width, 250);
    }
  });
});

describe('title layout', () => {
  it('wraps long titles onto balanced lines that fit the box', () => {
    const box = { width: 860, height: 420, maxSize: 170, maxLines: 4, lineHeight: 1 };
    for (const title of ['SECOND HELPINGS AT THE MARIGOLD', 'THE SUSPICIOUSLY CALM LIFE OF THE DEMON LORD', 'SPIKE!']) {
      const fitted = fitText(title, box, 'sansCondensed');
      assert.equal(fitted.lines.join(' '), title, 'no words lost');
      assert.ok(fitted.lines.length <= 4);
      for (const line of fitted.lines) assert.ok(measure(line, 'sansCondensed') * fitted.fontSize <= box.width + 0.001, `"${line}" fits`);
      assert.ok(fitted.lines.length * fitted.fontSize * box.lineHeight <= box.height + 0.001, 'lines fit the height');
    }
    assert.equal(fitText('SPIKE!', box, 'sansCondensed').lines.length, 1, 'short titles stay on one line');
  });
});

describe('series banner art', () => {
  it('renders a wide 3:1 banner', async () => {
    const svg = seriesHeroSvg({ title: 'Children of the Last Colony: Academy Days', tagline: 'Same faces, same rivalries, far more homework.', seriesColor: 'purple', seed: 2, width: 1200, height: 400 });
    const [image] = await renderWidths(svg, [600]);
    assert.ok(image);
    assert.equal(image.width, 600);
    assertRatio(image.width, image.height, 1 / 3);
    assert.ok(isWebp(image.webp) && isJpeg(image.jpeg));
  });
});

describe('comic page art', () => {
  const page = (pageNumber: number, rightToLeft = false) =>
    pageSvg({ seriesTitle: 'The Reservoir Below', pageNumber, pageCount: 32, seed: 41, width: 800, height: 1200, rightToLeft });
  /** Panel borders: unfilled outlines, one per panel. */
  const panels = (svg: string): number => (svg.match(/<polygon [^>]*fill="none"/g) ?? []).length;

  it('lays out three to six panels, differently on each page of a chapter', () => {
    const pages = [2, 3, 4, 5, 6, 7, 8].map((n) => page(n));
    for (const svg of pages) assert.ok(panels(svg) >= 3 && panels(svg) <= 6, `${panels(svg)} panels`);
    assert.equal(new Set(pages).size, pages.length, 'every page differs');
    assert.equal(page(4), page(4), 'a page is the same every time');
  });

  it('puts speech balloons and the page number on the page', () => {
    const svg = [2, 3, 4, 5].map((n) => page(n)).join('');
    assert.match(svg, /<ellipse /, 'speech balloons');
    assert.match(page(5), />5</, 'page number');
  });

  it('mirrors the panel order for right-to-left reading', () => {
    assert.notEqual(page(3, true), page(3, false));
  });

  it('renders at the requested size', async () => {
    const meta = await sharp(await renderImage(page(1, true), { width: 400, format: 'webp' })).metadata();
    assert.equal(meta.width, 400);
    assertRatio(400, meta.height!, 1.5);
  });
});

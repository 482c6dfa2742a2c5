import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { createRandom, hashString, type Random } from './random';
import { luminance, paletteFor, type ArtPalette } from './art-palette';
import { drawScene, sceneColors, SCENES, type Box, type SceneName, type Scheme } from './art-scenes';
import { fitText, measure, TYPE_ATTRIBUTES, wrapText, type TypeStyle } from './art-text';
import { n, SvgCanvas } from './art-svg';
import { escapeMarkup } from './text';

export { pageSvg, type PageArtOptions } from './art-page';

/**
 * Original art for the demo catalogue, as SVG: series posters and product covers, wide series
 * banners and comic pages, plus rasterising them with sharp. Only generic font families are used,
 * which this machine renders with DejaVu.
 *
 * A series' look (scheme, type, layout, the scenes it draws from) follows from its title, so every
 * volume of a series belongs together; the seed varies each cover's composition.
 */
export interface CoverArtOptions {
  title: string;
  /** "Volume 3", "Chapter 12", or any short label. */
  subtitle?: string;
  /** Spec brand colour name; unknown names get a neutral palette. */
  seriesColor: string;
  seed: number;
  width: number;
  height: number;
}

export interface HeroArtOptions {
  title: string;
  tagline?: string;
  seriesColor: string;
  seed: number;
  width: number;
  height: number;
}

type Layout = 'top' | 'bottom' | 'band' | 'frame';

interface SeriesLook {
  scheme: Scheme;
  scenes: SceneName[];
  layout: Layout;
  type: TypeStyle;
}

/** Drawing units across; heights follow the requested aspect ratio. */
const COVER_UNITS = 1000;
const HERO_UNITS = 1500;

function seriesLook(title: string): SeriesLook {
  const rng = createRandom(hashString(`look:${title}`));
  return {
    scheme: rng.chance(0.7) ? 'dark' : 'bright',
    scenes: rng.sample(SCENES, 2),
    layout: rng.pick<Layout>(['top', 'bottom', 'band', 'frame']),
    type: rng.pick<TypeStyle>(['sansCondensed', 'sansCondensed', 'serifBold', 'sansBold']),
  };
}

/** Splits "Main Title: Spin-off" so the part after the colon can be set smaller. */
function splitTitle(title: string): { main: string; kicker?: string } {
  const at = title.indexOf(': ');
  return at > 0 ? { main: title.slice(0, at), kicker: title.slice(at + 2) } : { main: title };
}

const upper = (style: TypeStyle): boolean => style === 'sansCondensed' || style === 'sansBold';
/** Cap height and line spacing as shares of the font size. */
const CAP_HEIGHT = 0.73;
const LINE_HEIGHT: Record<TypeStyle, number> = { sansCondensed: 0.98, sansBold: 1.02, serifBold: 1.1, serifItalic: 1.15 };
const TRACKING: Record<TypeStyle, number> = { sansCondensed: 0.01, sansBold: 0.02, serifBold: 0, serifItalic: 0 };
/**
 * Horizontal scale of title type. The only condensed face available (DejaVu Sans Condensed) is still
 * wide for a poster, so it is squeezed a little further.
 */
const SQUEEZE: Record<TypeStyle, number> = { sansCondensed: 0.84, sansBold: 1, serifBold: 1, serifItalic: 1 };

interface TitleBlockOptions {
  box: Box;
  style: TypeStyle;
  align: 'start' | 'middle';
  anchor: 'top' | 'bottom' | 'center';
  color: string;
  kickerColor: string;
  shadow?: string;
  maxSize: number;
  maxLines: number;
}

/** The title set as large as its box allows, wrapped and balanced, with any kicker below. */
function titleBlock(title: string, o: TitleBlockOptions): string {
  const { main, kicker } = splitTitle(title);
  const mainText = upper(o.style) ? main.toUpperCase() : main;
  const lineHeight = LINE_HEIGHT[o.style];
  const squeeze = SQUEEZE[o.style];
  const kickerShare = kicker ? 0.2 : 0;
  const fitted = fitText(
    mainText,
    { width: o.box.w / squeeze, height: o.box.h * (1 - kickerShare), maxSize: o.maxSize, maxLines: o.maxLines, lineHeight },
    o.style,
    TRACKING[o.style],
  );
  const size = fitted.fontSize;
  const kickerText = kicker?.toUpperCase();
  const kickerSize = kickerText ? Math.min(size * 0.42, o.box.h * 0.12, o.box.w / measure(kickerText, 'sansBold', 0.12)) : 0;
  const blockHeight = size * (CAP_HEIGHT + lineHeight * (fitted.lines.length - 1)) + (kickerText ? kickerSize * (0.55 + CAP_HEIGHT) : 0);
  const top =
    o.anchor === 'top' ? o.box.y : o.anchor === 'bottom' ? o.box.y + o.box.h - blockHeight : o.box.y + (o.box.h - blockHeight) / 2;
  const x = o.align === 'start' ? o.box.x : o.box.x + o.box.w / 2;
  const text = (content: string, y: number, fontSize: number, style: TypeStyle, tracking: number, fill: string, dx = 0): string =>
    `<text transform="translate(${n(x + dx)},${n(y)}) scale(${n(SQUEEZE[style])},1)" font-size="${n(fontSize)}" ${TYPE_ATTRIBUTES[style]} text-anchor="${o.align}"` +
    `${tracking ? ` letter-spacing="${n(tracking * fontSize)}"` : ''} fill="${fill}">${escapeMarkup(content)}</text>`;
  const out: string[] = [];
  fitted.lines.forEach((line, i) => {
    const y = top + size * (CAP_HEIGHT + lineHeight * i);
    if (o.shadow) out.push(text(line, y + size * 0.035, size, o.style, TRACKING[o.style], o.shadow, size * 0.03));
    out.push(text(line, y, size, o.style, TRACKING[o.style], o.color));
  });
  if (kickerText) {
    const y = top + size * (CAP_HEIGHT + lineHeight * (fitted.lines.length - 1)) + kickerSize * (0.55 + CAP_HEIGHT);
    out.push(text(kickerText, y, kickerSize, 'sansBold', 0.12, o.kickerColor));
  }
  return out.join('');
}

/** Type colour for the scheme, and the shade laid under it so it reads over any scene. */
function typeTones(p: ArtPalette, scheme: Scheme): { text: string; shade: string } {
  return scheme === 'dark' ? { text: p.pale, shade: p.deep } : { text: p.deep, shade: p.pale };
}

/** The accent where it stands out from the scheme's background, otherwise a quieter tone of the palette. */
function kickerColor(p: ArtPalette, scheme: Scheme): string {
  const accentIsLight = luminance(p.accent) > 0.35;
  if (scheme === 'dark') return accentIsLight ? p.accent : p.light;
  return accentIsLight ? p.dark : p.accent;
}

/** The volume or chapter mark: a disc with the number, or a tag for other labels. */
function badge(subtitle: string, cx: number, cy: number, r: number, p: ArtPalette): string {
  const match = /^(vol(?:ume)?\.?|chapter|ch\.?|episode|ep\.?)\s*(\d+)$/i.exec(subtitle.trim());
  if (!match) {
    const label = subtitle.toUpperCase();
    const size = r * 0.42;
    const w = measure(label, 'sansBold', 0.1) * size + size * 1.4;
    return (
      `<rect x="${n(cx - w / 2)}" y="${n(cy - size)}" width="${n(w)}" height="${n(size * 2)}" rx="${n(size)}" fill="${p.accent}"/>` +
      `<text x="${n(cx)}" y="${n(cy + size * 0.36)}" font-size="${n(size)}" ${TYPE_ATTRIBUTES.sansBold} letter-spacing="${n(size * 0.1)}" text-anchor="middle" fill="${p.accentInk}">${escapeMarkup(label)}</text>`
    );
  }
  const kind = /^c/i.test(match[1]!) ? 'CHAPTER' : /^e/i.test(match[1]!) ? 'EPISODE' : 'VOLUME';
  const number = match[2]!;
  const labelSize = r * 0.21;
  const numberSize = Math.min(r * 1.05, (r * 1.3) / measure(number, 'sansCondensed'));
  return (
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${p.accent}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.86)}" fill="none" stroke="${p.accentInk}" stroke-width="${n(r * 0.025)}" opacity="0.4"/>` +
    `<text x="${n(cx)}" y="${n(cy - r * 0.38)}" font-size="${n(labelSize)}" ${TYPE_ATTRIBUTES.sansBold} letter-spacing="${n(labelSize * 0.12)}" text-anchor="middle" fill="${p.accentInk}">${kind}</text>` +
    `<text x="${n(cx)}" y="${n(cy + numberSize * 0.36 + r * 0.12)}" font-size="${n(numberSize)}" ${TYPE_ATTRIBUTES.sansCondensed} text-anchor="middle" fill="${p.accentInk}">${number}</text>`
  );
}

/** Halftone dots fading out from one corner, and a soft vignette: the printed feel. */
function finish(c: SvgCanvas, rng: Random, box: Box, ink: string, scheme: Scheme): string {
  const corner = rng.pick([[0, 0], [1, 0], [0, 1], [1, 1]] as const);
  const fade = c.mask(
    `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}" fill="${c.radial([[0, '#ffffff', 0.9], [1, '#ffffff', 0]], corner[0], corner[1], 0.6)}"/>`,
  );
  const dots = `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}" fill="${c.dots(ink, box.w * 0.016, box.w * 0.0045)}" mask="${fade}" opacity="0.3"/>`;
  const vignette =
    scheme === 'dark'
      ? `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}" fill="${c.radial([[0.55, '#000000', 0], [1, '#000000', 0.45]], 0.5, 0.5, 0.75)}"/>`
      : '';
  return dots + vignette;
}

/** A portrait poster: 1:1.25 product covers and 1:1.4 series posters alike. */
export function coverSvg(options: CoverArtOptions): string {
  const look = seriesLook(options.title);
  const rng = createRandom(hashString(`cover:${options.title}:${options.seed}`));
  const p = paletteFor(options.seriesColor);
  const W = COVER_UNITS;
  const H = (COVER_UNITS * options.height) / options.width;
  const c = new SvgCanvas(`c${hashString(`${options.title}:${options.seed}`).toString(36)}`);
  const colors = sceneColors(p, look.scheme);
  const { text: textColor, shade } = typeTones(p, look.scheme);
  const margin = W * 0.07;
  const scene = rng.pick(look.scenes);
  const band = look.layout === 'band' ? H * 0.32 : 0;
  const sceneBox: Box = { x: 0, y: 0, w: W, h: H - band };
  const titleOnTop = look.layout === 'top' || look.layout === 'frame';
  const body: string[] = [
    drawScene(scene, c, rng, sceneBox, colors, {
      horizon: titleOnTop ? rng.float(0.55, 0.68) : rng.float(0.4, 0.55),
      focus: rng.float(0.3, 0.7),
      figure: rng.chance(0.75),
      clearTop: titleOnTop ? 0.38 : look.layout === 'band' ? 0 : 0.06,
      clearBottom: look.layout === 'bottom' ? 0.4 : 0,
    }),
    finish(c, rng, sceneBox, textColor, look.scheme),
  ];

  const titleBox: Box = { x: margin, y: margin, w: W - margin * 2, h: H * 0.3 };
  let align: 'start' | 'middle' = 'start';
  let anchor: 'top' | 'bottom' = 'top';
  let badgeAt = { cx: W - margin - W * 0.09, cy: H - margin - W * 0.09 };
  if (look.layout === 'top' || look.layout === 'frame') {
    body.push(`<rect width="${W}" height="${n(H * 0.5)}" fill="${c.linear([[0, shade, 0.85], [0.6, shade, 0.35], [1, shade, 0]])}"/>`);
  }
  if (look.layout === 'bottom') {
    titleBox.y = H - margin - H * 0.3;
    anchor = 'bottom';
    body.push(`<rect y="${n(H * 0.45)}" width="${W}" height="${n(H * 0.55)}" fill="${c.linear([[0, shade, 0], [0.5, shade, 0.55], [1, shade, 0.92]])}"/>`);
    badgeAt = { cx: W - margin - W * 0.09, cy: margin + W * 0.09 };
  }
  if (look.layout === 'band') {
    body.push(`<rect y="${n(H - band)}" width="${W}" height="${n(band)}" fill="${shade}"/>`);
    body.push(`<rect y="${n(H - band)}" width="${W}" height="${n(H * 0.012)}" fill="${p.accent}"/>`);
    Object.assign(titleBox, { y: H - band + band * 0.13, h: band * 0.74 });
    anchor = 'bottom';
    badgeAt = { cx: margin + W * 0.09, cy: margin + W * 0.09 };
  }
  if (look.layout === 'frame') {
    const inset = W * 0.035;
    body.push(`<rect x="${n(inset)}" y="${n(inset)}" width="${n(W - inset * 2)}" height="${n(H - inset * 2)}" fill="none" stroke="${textColor}" stroke-width="${n(W * 0.006)}" opacity="0.8"/>`);
    align = 'middle';
    badgeAt = { cx: W / 2, cy: H - margin - W * 0.1 };
  }
  body.push(
    titleBlock(options.title, {
      box: titleBox,
      style: look.type,
      align,
      anchor,
      color: textColor,
      kickerColor: kickerColor(p, look.scheme),
      ...(look.scheme === 'dark' ? { shadow: p.deep } : {}),
      maxSize: W * 0.17,
      maxLines: 4,
    }),
  );
  if (options.subtitle) body.push(badge(options.subtitle, badgeAt.cx, badgeAt.cy, W * 0.1, p));
  return c.render(options.width, options.height, W, H, body.join(''));
}

/** A wide 3:1 series banner: the scene on the right, the title over a fade on the left. */
export function seriesHeroSvg(options: HeroArtOptions): string {
  const look = seriesLook(options.title);
  const rng = createRandom(hashString(`hero:${options.title}:${options.seed}`));
  const p = paletteFor(options.seriesColor);
  const W = HERO_UNITS;
  const H = (HERO_UNITS * options.height) / options.width;
  const c = new SvgCanvas(`h${hashString(`${options.title}:${options.seed}`).toString(36)}`);
  const colors = sceneColors(p, look.scheme);
  const box: Box = { x: 0, y: 0, w: W, h: H };
  // Scenes built for portraits (profile, leaves, geometric tiles) stretch badly; banners use landscapes.
  const landscapes: SceneName[] = ['ridges', 'city', 'forest', 'sea', 'burst'];
  const scene = look.scenes.find((s) => landscapes.includes(s)) ?? rng.pick(landscapes);
  const { text: textColor, shade } = typeTones(p, look.scheme);
  const margin = H * 0.14;
  const body = [
    drawScene(scene, c, rng, box, colors, { horizon: rng.float(0.55, 0.7), focus: rng.float(0.68, 0.85), figure: true }),
    finish(c, rng, box, textColor, look.scheme),
    `<rect width="${W}" height="${n(H)}" fill="${c.linear([[0, shade, 0.95], [0.35, shade, 0.75], [0.62, shade, 0]], 0, 0, 1, 0)}"/>`,
    `<rect x="${n(margin)}" y="${n(margin)}" width="${n(W * 0.05)}" height="${n(H * 0.018)}" fill="${p.accent}"/>`,
  ];
  const titleBox: Box = { x: margin, y: margin * 1.6, w: W * 0.46, h: H - margin * (options.tagline ? 3.4 : 2.6) };
  body.push(
    titleBlock(options.title, {
      box: titleBox,
      style: look.type,
      align: 'start',
      anchor: 'center',
      color: textColor,
      kickerColor: kickerColor(p, look.scheme),
      maxSize: H * 0.24,
      maxLines: 3,
    }),
  );
  if (options.tagline) {
    const size = H * 0.05;
    const lines = wrapText(options.tagline, W * 0.46, size, 'serifItalic');
    const shown = lines.length > 2 ? [lines[0]!, `${lines[1]!.replace(/[,.;:]?$/, '')}…`] : lines;
    shown.forEach((line, i) => {
      const y = H - margin * 0.9 - (shown.length - 1 - i) * size * 1.3;
      body.push(`<text x="${n(margin)}" y="${n(y)}" font-size="${n(size)}" ${TYPE_ATTRIBUTES.serifItalic} fill="${textColor}" opacity="0.85">${escapeMarkup(line)}</text>`);
    });
  }
  return c.render(options.width, options.height, W, H, body.join(''));
}

export interface RenderOptions {
  width: number;
  format: 'webp' | 'jpeg';
  quality?: number;
}

export interface RenderedImage {
  width: number;
  height: number;
  webp: Buffer;
  jpeg: Buffer;
}

const DEFAULT_QUALITY = { webp: 80, jpeg: 82 };
/**
 * libwebp effort 2 instead of the default 4: on this flat artwork files grow about 10% while
 * encoding takes about half the time, which dominates rendering a whole catalogue.
 */
const WEBP_EFFORT = 2;

/** Density that makes librsvg draw the SVG at `width` pixels, so nothing is upscaled from a small bitmap. */
function densityFor(svg: string, width: number): number {
  const declared = Number(/<svg[^>]*?\swidth="([\d.]+)"/.exec(svg)?.[1] ?? width);
  return Math.min(2400, Math.max(1, (72 * width) / declared));
}

function rasterise(svg: string, width: number): sharp.Sharp {
  return sharp(Buffer.from(svg), { density: densityFor(svg, width) }).resize({ width });
}

function encode(image: sharp.Sharp, format: 'webp' | 'jpeg', quality?: number): Promise<Buffer> {
  return format === 'webp'
    ? image.webp({ quality: quality ?? DEFAULT_QUALITY.webp, effort: WEBP_EFFORT }).toBuffer()
    : image.flatten({ background: '#ffffff' }).jpeg({ quality: quality ?? DEFAULT_QUALITY.jpeg }).toBuffer();
}

/** One SVG as one WebP or JPEG image `width` pixels wide, keeping its aspect ratio. */
export function renderImage(svg: string, options: RenderOptions): Promise<Buffer> {
  return encode(rasterise(svg, options.width), options.format, options.quality);
}

/**
 * One SVG at several widths (storefront spec §9 comic list widths 250,500 by default), each as WebP
 * and JPEG. The SVG is drawn once at the largest width and scaled down for the others.
 */
export async function renderWidths(svg: string, widths: number[] = [250, 500]): Promise<RenderedImage[]> {
  const largest = Math.max(...widths);
  const { data, info } = await rasterise(svg, largest).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  return Promise.all(
    widths.map(async (width) => {
      const scaled = () => sharp(data, raw).resize({ width });
      const [webp, jpeg] = await Promise.all([encode(scaled(), 'webp'), encode(scaled(), 'jpeg')]);
      return { width, height: Math.round((width * info.height) / info.width), webp, jpeg };
    }),
  );
}

/**
 * `renderWidths` through a folder of earlier renderings: the same drawing at the same widths with
 * the same encoder settings and libvips is read back instead of drawn again (each test's fresh
 * stack draws the whole demo catalogue, about a minute on two cores). A rendering is written under
 * temporary names and renamed, its manifest last, so processes sharing the folder never read half of one.
 */
export async function renderWidthsCached(svg: string, widths: number[], cacheDir: string): Promise<RenderedImage[]> {
  const key = createHash('sha256')
    .update(JSON.stringify({ svg, widths, quality: DEFAULT_QUALITY, effort: WEBP_EFFORT, vips: sharp.versions.vips }))
    .digest('hex');
  const file = (suffix: string) => path.join(cacheDir, `${key}${suffix}`);
  const manifest = await readFile(file('.json'), 'utf8').then(
    (text) => JSON.parse(text) as Array<{ width: number; height: number }>,
    () => undefined,
  );
  if (manifest) {
    return Promise.all(
      manifest.map(async ({ width, height }) => ({ width, height, webp: await readFile(file(`-${width}.webp`)), jpeg: await readFile(file(`-${width}.jpg`)) })),
    );
  }
  const images = await renderWidths(svg, widths);
  await mkdir(cacheDir, { recursive: true });
  const put = async (suffix: string, content: Buffer | string) => {
    const temporary = file(`${suffix}.${randomBytes(4).toString('hex')}.tmp`);
    await writeFile(temporary, content);
    await rename(temporary, file(suffix));
  };
  for (const image of images) {
    await put(`-${image.width}.webp`, image.webp);
    await put(`-${image.width}.jpg`, image.jpeg);
  }
  await put('.json', JSON.stringify(images.map(({ width, height }) => ({ width, height }))));
  return images;
}

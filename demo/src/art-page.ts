import { createRandom, hashString, type Random } from './random';
import { drawScene, figure, MONO_COLORS, type Box, type FigureKind, type SceneName } from './art-scenes';
import { measure, TYPE_ATTRIBUTES, wrapText } from './art-text';
import { n, SvgCanvas } from './art-svg';
import { escapeMarkup } from './text';

/**
 * Black-and-white comic pages for the reader: a grid of three to six panels with gutters, simple
 * scenes, speech balloons and a page number. Each page of a chapter has its own layout; right-to-left
 * pages mirror the panel order.
 */
export interface PageArtOptions {
  seriesTitle: string;
  pageNumber: number;
  pageCount: number;
  seed: number;
  width: number;
  height: number;
  rightToLeft?: boolean;
}

const LINES = [
  'We are late.', 'Did you hear that?', 'Keep the lantern low.', 'Not one more step.', 'It smells like rain.',
  'The ferry is gone.', 'One more bowl?', 'That is not a map.', 'Hold on!', 'Who sent you?', 'Look up.',
  'You kept it all this time?', 'Run!', 'I remember this street.', 'Say that again.', 'It is only the wind.',
  'Then we go tonight.', 'Trust me.', 'Since when do you cook?', 'The door was open.', 'Almost there.',
  'You owe me a coat.', 'Quiet. Listen.', 'How long was I asleep?', 'That was the last train.', 'Not bad, rookie.',
  'Is it always this cold?', 'Second door on the left.', 'We should not be here.', 'Happy birthday, idiot.',
];
const CAPTIONS = ['Three days later…', 'Meanwhile…', 'That night.', 'The old harbour.', 'Years ago.', 'Dawn.', 'Somewhere below the city.', 'The next morning.'];
const SOUNDS = ['KRAK!', 'FWOOSH', 'THOOM', 'SKREE', 'BLAM!', 'WHUMP'];

type Point = [number, number];
interface Panel {
  points: [Point, Point, Point, Point];
}

type PanelKind = 'establishing' | 'talk' | 'closeup' | 'action' | 'quiet';

/** Every way to deal `panels` into rows of one to three, two to four rows. */
function rowPlans(panels: number): number[][] {
  const plans: number[][] = [];
  const build = (left: number, rows: number[]): void => {
    if (left === 0) {
      if (rows.length >= 2 && rows.length <= 4) plans.push(rows);
      return;
    }
    for (let take = 1; take <= Math.min(3, left); take++) build(left - take, [...rows, take]);
  };
  build(panels, []);
  return plans;
}

function weights(rng: Random, count: number, spread: number): number[] {
  const raw = Array.from({ length: count }, () => rng.float(1 - spread, 1 + spread));
  const total = raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => w / total);
}

/** Panels as quadrilaterals, so a split between two panels can lean. */
function layoutPanels(rng: Random, area: Box, panelCount: number, gutter: number): Panel[] {
  const rows = rng.pick(rowPlans(panelCount));
  const heights = weights(rng, rows.length, 0.35);
  const panels: Panel[] = [];
  let y = area.y;
  rows.forEach((cols, r) => {
    const h = (area.h - gutter * (rows.length - 1)) * heights[r]!;
    const widths = weights(rng, cols, 0.3);
    let x = area.x;
    let lean = 0;
    widths.forEach((share, i) => {
      const w = (area.w - gutter * (cols - 1)) * share;
      const last = i === cols - 1;
      const nextLean = last ? 0 : rng.chance(0.4) ? rng.float(-0.12, 0.12) * w : 0;
      const right = x + w;
      panels.push({
        points: [
          [x + lean, y],
          [right + nextLean, y],
          [right - nextLean, y + h],
          [x - lean, y + h],
        ],
      });
      x = right + gutter;
      lean = nextLean;
    });
    y += h + gutter;
  });
  return panels;
}

function mirror(panel: Panel, area: Box): Panel {
  const flip = ([x, y]: Point): Point => [area.x * 2 + area.w - x, y];
  const [a, b, c, d] = panel.points;
  return { points: [flip(b), flip(a), flip(d), flip(c)] };
}

function bounds(panel: Panel): Box {
  const xs = panel.points.map((p) => p[0]);
  const ys = panel.points.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

function polygon(panel: Panel): string {
  return panel.points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
}

/** A speech balloon sized to its words, hanging from `top`, its tail pointing at the speaker. */
function balloon(text: string, cx: number, top: number, maxWidth: number, size: number, tailTo: Point): string {
  const words = text.toUpperCase();
  const lines = wrapText(words, maxWidth, size, 'sansBold');
  const textWidth = Math.max(...lines.map((l) => measure(l, 'sansBold') * size));
  const rx = textWidth / 2 + size * 1.1;
  const ry = (lines.length * size * 1.15) / 2 + size * 0.9;
  const cy = top + ry;
  const angle = Math.atan2(tailTo[1] - cy, tailTo[0] - cx);
  const baseA: Point = [cx + Math.cos(angle - 0.25) * rx * 0.8, cy + Math.sin(angle - 0.25) * ry * 0.8];
  const baseB: Point = [cx + Math.cos(angle + 0.25) * rx * 0.8, cy + Math.sin(angle + 0.25) * ry * 0.8];
  // The tail points at the speaker but stops short, however far away the speaker stands.
  const reach = Math.min(Math.hypot(tailTo[0] - cx, tailTo[1] - cy) * 0.75, ry + size * 2.5);
  const tip: Point = [cx + Math.cos(angle) * reach, cy + Math.sin(angle) * reach];
  const stroke = `stroke="#141414" stroke-width="${n(size * 0.14)}"`;
  const tail = `M${n(baseA[0])},${n(baseA[1])} L${n(tip[0])},${n(tip[1])} L${n(baseB[0])},${n(baseB[1])} Z`;
  const textLines = lines
    .map((line, i) => `<text x="${n(cx)}" y="${n(cy - ((lines.length - 1) * size * 1.15) / 2 + i * size * 1.15 + size * 0.36)}">${escapeMarkup(line)}</text>`)
    .join('');
  return (
    `<path d="${tail}" fill="#ffffff" ${stroke}/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="#ffffff" ${stroke}/>` +
    `<path d="${tail}" fill="#ffffff"/>` +
    `<g font-size="${n(size)}" ${TYPE_ATTRIBUTES.sansBold} text-anchor="middle" fill="#141414">${textLines}</g>`
  );
}

function caption(text: string, box: Box, size: number, atRight: boolean): string {
  const w = measure(text, 'serifItalic') * size + size * 1.2;
  const x = atRight ? box.x + box.w - w - size * 0.5 : box.x + size * 0.5;
  return (
    `<rect x="${n(x)}" y="${n(box.y + size * 0.5)}" width="${n(w)}" height="${n(size * 1.8)}" fill="#fffbe8" stroke="#141414" stroke-width="${n(size * 0.12)}"/>` +
    `<text x="${n(x + size * 0.6)}" y="${n(box.y + size * 1.75)}" font-size="${n(size)}" ${TYPE_ATTRIBUTES.serifItalic} fill="#141414">${escapeMarkup(text)}</text>`
  );
}

/** Lines radiating from a point, for shock and close-ups. */
function focusLines(rng: Random, box: Box, cx: number, cy: number): string {
  const lines: string[] = [];
  const reach = Math.hypot(box.w, box.h);
  for (let i = 0; i < 70; i++) {
    const a = rng.float(0, Math.PI * 2);
    const inner = reach * rng.float(0.22, 0.35);
    lines.push(`M${n(cx + Math.cos(a) * inner)},${n(cy + Math.sin(a) * inner)} L${n(cx + Math.cos(a) * reach)},${n(cy + Math.sin(a) * reach)}`);
  }
  return `<path d="${lines.join(' ')}" stroke="#141414" stroke-width="${n(box.w * 0.004)}" opacity="0.7"/>`;
}

/** A head-and-shoulders silhouette, facing right when `facing` is 1. */
function bust(x: number, baseY: number, size: number, fill: string, facing: 1 | -1): string {
  const s = size / 100;
  return (
    `<g transform="translate(${n(x)},${n(baseY)}) scale(${n(s * facing)},${n(s)})" fill="${fill}">` +
    '<path d="M-48,0 C-46,-30 -30,-42 -12,-44 L-10,-52 C-22,-58 -26,-74 -22,-88 C-16,-106 10,-108 20,-94 C26,-86 27,-76 24,-68 L30,-62 L24,-58 C22,-52 16,-48 10,-48 L10,-44 C30,-42 46,-30 48,0 Z"/>' +
    '</g>'
  );
}

/** Each page draws its words from decks, so no line or caption repeats on one page. */
interface PageWords {
  line: () => string;
  caption: () => string;
  sound: () => string;
}

function panelArt(c: SvgCanvas, rng: Random, words: PageWords, kind: PanelKind, box: Box, rtl: boolean): string {
  const size = Math.max(15, Math.min(24, box.w * 0.055));
  const out: string[] = [];
  const first = rtl ? 0.7 : 0.3;
  const second = rtl ? 0.3 : 0.7;
  if (kind === 'establishing' || kind === 'quiet') {
    const scene = rng.pick<SceneName>(['ridges', 'city', 'forest', 'sea']);
    out.push(drawScene(scene, c, rng, box, MONO_COLORS, { horizon: rng.float(0.45, 0.65), focus: rng.float(0.25, 0.75), figure: kind === 'quiet' }));
    if (rng.chance(0.6)) out.push(caption(words.caption(), box, size * 0.9, rtl));
    return out.join('');
  }
  out.push(`<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}" fill="#ffffff"/>`);
  if (kind === 'talk') {
    out.push(`<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}" fill="${c.dots('#141414', box.w * 0.025, box.w * 0.004)}" opacity="0.5"/>`);
    // Speakers fill the lower half, balloons hang from the top edge in reading order.
    const bustSize = Math.min(box.h * 0.52, box.w * 0.32);
    const head = box.y + box.h - bustSize;
    out.push(bust(box.x + box.w * 0.27, box.y + box.h, bustSize, '#2b2b2b', 1));
    out.push(bust(box.x + box.w * 0.73, box.y + box.h, bustSize * rng.float(0.9, 1.05), '#6e6e6e', -1));
    const maxWidth = box.w * 0.36;
    out.push(balloon(words.line(), box.x + box.w * first, box.y + size * 0.5, maxWidth, size, [box.x + box.w * first, head]));
    if (box.h > 200) out.push(balloon(words.line(), box.x + box.w * second, box.y + size * 1.6, maxWidth, size, [box.x + box.w * second, head]));
    return out.join('');
  }
  if (kind === 'closeup') {
    const cx = box.x + box.w * rng.float(0.35, 0.65);
    out.push(focusLines(rng, box, cx, box.y + box.h * 0.55));
    out.push(bust(cx, box.y + box.h * 1.25, Math.min(box.h * 1.2, box.w * 0.9), '#1c1c1c', rng.chance(0.5) ? 1 : -1));
    out.push(balloon(words.line(), box.x + box.w * first, box.y + size * 0.5, box.w * 0.4, size, [cx, box.y + box.h * 0.5]));
    return out.join('');
  }
  // Action: speed lines, a leaping figure and a sound effect.
  const speed: string[] = [];
  for (let i = 0; i < 40; i++) {
    const y = box.y + rng.next() * box.h;
    speed.push(`M${n(box.x)},${n(y)} l${n(box.w)},${n(box.h * rng.float(-0.25, -0.1))}`);
  }
  out.push(`<path d="${speed.join(' ')}" stroke="#141414" stroke-width="${n(box.h * 0.006)}" opacity="0.55"/>`);
  out.push(figure(box.x + box.w * rng.float(0.4, 0.6), box.y + box.h * 0.95, box.h * 0.8, '#141414', rng.pick<FigureKind>(['cape', 'scarf']), '#ffffff', rtl ? -1 : 1));
  const sound = words.sound();
  const soundSize = Math.min(box.h * 0.28, (box.w * 0.45) / measure(sound, 'sansCondensed'));
  out.push(
    `<text x="${n(box.x + box.w * first)}" y="${n(box.y + box.h * 0.35)}" font-size="${n(soundSize)}" ${TYPE_ATTRIBUTES.sansCondensed} text-anchor="middle" ` +
      `fill="#ffffff" stroke="#141414" stroke-width="${n(soundSize * 0.06)}" transform="rotate(-8 ${n(box.x + box.w * first)} ${n(box.y + box.h * 0.35)})">${sound}</text>`,
  );
  return out.join('');
}

/** One page of a chapter. Pages of one chapter vary because the page number feeds the layout. */
export function pageSvg(options: PageArtOptions): string {
  const rng = createRandom(hashString(`page:${options.seriesTitle}:${options.seed}:${options.pageNumber}`));
  const W = 1000;
  const H = (1000 * options.height) / options.width;
  const rtl = options.rightToLeft ?? false;
  const c = new SvgCanvas(`p${hashString(`${options.seed}:${options.pageNumber}`).toString(36)}`);
  const margin = W * 0.055;
  const footer = W * 0.06;
  const gutter = W * 0.022;
  const area: Box = { x: margin, y: margin, w: W - margin * 2, h: H - margin * 2 - footer };
  const body: string[] = [`<rect width="${W}" height="${n(H)}" fill="#fbfaf6"/>`];

  const opening = options.pageNumber === 1;
  const panelArea = opening ? { ...area, y: area.y + area.h * 0.3 + gutter, h: area.h * 0.7 - gutter } : area;
  const count = opening ? rng.int(2, 3) : rng.int(3, 6);
  let panels = layoutPanels(rng, panelArea, count, gutter);
  if (rtl) panels = panels.map((p) => mirror(p, panelArea));
  if (opening) {
    // The chapter opens on a splash panel carrying the series title.
    const splash: Box = { x: area.x, y: area.y, w: area.w, h: area.h * 0.3 };
    const clip = c.clip(`<rect x="${n(splash.x)}" y="${n(splash.y)}" width="${n(splash.w)}" height="${n(splash.h)}"/>`);
    body.push(`<g clip-path="${clip}">${drawScene(rng.pick<SceneName>(['ridges', 'sea', 'forest']), c, rng, splash, MONO_COLORS, { horizon: 0.6, focus: rtl ? 0.3 : 0.7, figure: true })}</g>`);
    const titleSize = Math.min(splash.h * 0.22, (splash.w * 0.7) / measure(options.seriesTitle, 'serifBold'));
    const tx = rtl ? splash.x + splash.w - splash.w * 0.05 : splash.x + splash.w * 0.05;
    body.push(
      `<text x="${n(tx)}" y="${n(splash.y + splash.h * 0.2 + titleSize * 0.75)}" font-size="${n(titleSize)}" ${TYPE_ATTRIBUTES.serifBold} text-anchor="${rtl ? 'end' : 'start'}" ` +
        `fill="#141414" stroke="#fbfaf6" stroke-width="${n(titleSize * 0.08)}" paint-order="stroke">${escapeMarkup(options.seriesTitle)}</text>`,
    );
    body.push(`<rect x="${n(splash.x)}" y="${n(splash.y)}" width="${n(splash.w)}" height="${n(splash.h)}" fill="none" stroke="#141414" stroke-width="${n(W * 0.005)}"/>`);
  }
  const kinds: PanelKind[] = ['establishing', 'talk', 'talk', 'closeup', 'closeup', 'action', 'quiet'];
  const words: PageWords = { line: rng.deck(LINES), caption: rng.deck(CAPTIONS), sound: rng.deck(SOUNDS) };
  panels.forEach((panel, i) => {
    const box = bounds(panel);
    const kind = i === 0 && !opening && rng.chance(0.5) ? 'establishing' : rng.pick(kinds);
    const clip = c.clip(`<polygon points="${polygon(panel)}"/>`);
    body.push(`<g clip-path="${clip}">${panelArt(c, rng, words, kind, box, rtl)}</g>`);
    body.push(`<polygon points="${polygon(panel)}" fill="none" stroke="#141414" stroke-width="${n(W * 0.005)}" stroke-linejoin="round"/>`);
  });

  const folioY = H - margin - footer * 0.2;
  const outer = (options.pageNumber % 2 === 1) !== rtl;
  body.push(
    `<text x="${n(outer ? W - margin : margin)}" y="${n(folioY)}" font-size="${n(W * 0.024)}" ${TYPE_ATTRIBUTES.sansBold} text-anchor="${outer ? 'end' : 'start'}" fill="#141414">${options.pageNumber}</text>`,
    `<text x="${n(W / 2)}" y="${n(folioY)}" font-size="${n(W * 0.02)}" ${TYPE_ATTRIBUTES.serifItalic} text-anchor="middle" fill="#777777">${escapeMarkup(options.seriesTitle)} · ${options.pageNumber} / ${options.pageCount}</text>`,
  );
  return c.render(options.width, options.height, W, H, body.join(''));
}

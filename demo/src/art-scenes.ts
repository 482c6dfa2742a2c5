import type { Random } from './random';
import { mix, type ArtPalette } from './art-palette';
import { n, type SvgCanvas } from './art-svg';

/**
 * Scenes for covers, banners and comic panels: layered landscapes, skylines, forests, seas, bursts,
 * geometric posters, profiles and leaves, with stylised figures. Each draws inside a box and takes its
 * colours from a SceneColors set, so the same scene works in colour on a cover and in greys on a page.
 */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SceneColors {
  skyTop: string;
  skyBottom: string;
  /** Sun, moon, lamplight. */
  glow: string;
  far: string;
  middle: string;
  near: string;
  silhouette: string;
  highlight: string;
  /** Strokes: foam, rain, outlines. */
  line: string;
}

export type Scheme = 'dark' | 'bright';

export function sceneColors(p: ArtPalette, scheme: Scheme): SceneColors {
  if (scheme === 'dark') {
    return {
      skyTop: p.deep,
      skyBottom: mix(p.dark, p.mid, 0.55),
      glow: p.pale,
      far: mix(p.mid, p.dark, 0.35),
      middle: p.dark,
      near: mix(p.deep, p.dark, 0.35),
      silhouette: mix(p.deep, '#000000', 0.35),
      highlight: p.accent,
      line: p.pale,
    };
  }
  return {
    skyTop: p.mid,
    skyBottom: p.pale,
    glow: '#ffffff',
    far: mix(p.light, p.mid, 0.35),
    middle: mix(p.mid, p.dark, 0.35),
    near: p.dark,
    silhouette: p.deep,
    highlight: p.accent,
    line: p.deep,
  };
}

/** Greys for black-and-white comic pages. */
export const MONO_COLORS: SceneColors = {
  skyTop: '#cfcfcf',
  skyBottom: '#f2f2f2',
  glow: '#ffffff',
  far: '#b5b5b5',
  middle: '#7d7d7d',
  near: '#3b3b3b',
  silhouette: '#141414',
  highlight: '#ffffff',
  line: '#141414',
};

export type SceneName = 'ridges' | 'city' | 'forest' | 'sea' | 'burst' | 'geometric' | 'profile' | 'leaves';
export const SCENES: SceneName[] = ['ridges', 'city', 'forest', 'sea', 'burst', 'geometric', 'profile', 'leaves'];

export interface SceneOptions {
  /** Where the horizon sits, as a share of the box height. */
  horizon: number;
  /** Horizontal focus as a share of the box width (where the sun or figure goes). */
  focus: number;
  /** Scene may place a figure. */
  figure: boolean;
  /** Shares of the box height kept for text at the top and bottom; suns, heads and figures stay out. */
  clearTop?: number;
  clearBottom?: number;
  /** Scales suns and moons; scenes drawn inside other shapes keep them small. */
  discScale?: number;
}

/** A y for a disc of radius `r` that stays below the top text zone and near `preferred` if it can. */
function discY(box: Box, o: SceneOptions, r: number, preferred: number): number {
  const min = box.y + box.h * (o.clearTop ?? 0) + r * 1.15;
  const max = box.y + box.h * (1 - (o.clearBottom ?? 0)) - r * 1.15;
  return Math.max(min, Math.min(max, preferred));
}

// ---------- building blocks ----------

function rect(box: Box, fill: string, extra = ''): string {
  return `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}" fill="${fill}" ${extra}/>`;
}

function sky(c: SvgCanvas, box: Box, colors: SceneColors): string {
  return rect(box, c.linear([[0, colors.skyTop], [1, colors.skyBottom]]));
}

/** A sun or moon with a soft halo; `stripes` cuts retro bands through its lower half. */
function disk(c: SvgCanvas, cx: number, cy: number, r: number, colors: SceneColors, stripes: boolean): string {
  if (r <= 0) return '';
  const halo = `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 2.2)}" fill="${c.radial([[0, colors.glow, 0.35], [1, colors.glow, 0]])}"/>`;
  if (!stripes) return `${halo}<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${colors.glow}"/>`;
  const bands: string[] = [];
  for (let i = 0; i < 5; i++) {
    const y = cy + r * (0.15 + i * 0.19);
    bands.push(`<rect x="${n(cx - r)}" y="${n(y)}" width="${n(r * 2)}" height="${n(r * (0.03 + i * 0.025))}" fill="black"/>`);
  }
  const mask = c.mask(`<rect x="${n(cx - r)}" y="${n(cy - r)}" width="${n(r * 2)}" height="${n(r * 2)}" fill="white"/>${bands.join('')}`);
  const fill = c.linear([[0, colors.glow], [1, colors.highlight]]);
  return `${halo}<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}" mask="${mask}"/>`;
}

/** A mountain ridge by midpoint displacement, filled down to the bottom of the box. */
function ridgePath(rng: Random, box: Box, baseY: number, roughness: number): { d: string; heightAt: (x: number) => number } {
  const count = 33;
  const ys: number[] = new Array(count).fill(baseY);
  const displace = (lo: number, hi: number, spread: number): void => {
    if (hi - lo < 2) return;
    const mid = Math.floor((lo + hi) / 2);
    ys[mid] = (ys[lo]! + ys[hi]!) / 2 + rng.float(-spread, spread);
    displace(lo, mid, spread * 0.55);
    displace(mid, hi, spread * 0.55);
  };
  ys[0] = baseY + rng.float(-roughness, roughness) * 0.5;
  ys[count - 1] = baseY + rng.float(-roughness, roughness) * 0.5;
  displace(0, count - 1, roughness);
  const step = box.w / (count - 1);
  const points = ys.map((y, i) => `${n(box.x + i * step)},${n(y)}`);
  return {
    d: `M${n(box.x)},${n(box.y + box.h)} L${points.join(' L')} L${n(box.x + box.w)},${n(box.y + box.h)} Z`,
    heightAt: (x: number) => {
      const t = Math.min(count - 1.001, Math.max(0, (x - box.x) / step));
      const i = Math.floor(t);
      return ys[i]! + (ys[i + 1]! - ys[i]!) * (t - i);
    },
  };
}

/** Rolling hills: a few summed sines. */
function hillPath(rng: Random, box: Box, baseY: number, amplitude: number): { d: string; heightAt: (x: number) => number } {
  const waves = Array.from({ length: 3 }, (_, i) => ({ f: rng.float(1, 2.5) * (i + 1), p: rng.float(0, Math.PI * 2), a: amplitude / (i + 1) }));
  const heightAt = (x: number): number => baseY + waves.reduce((y, w) => y + Math.sin(((x - box.x) / box.w) * Math.PI * w.f + w.p) * w.a, 0);
  const points: string[] = [];
  for (let i = 0; i <= 40; i++) {
    const x = box.x + (box.w * i) / 40;
    points.push(`${n(x)},${n(heightAt(x))}`);
  }
  return { d: `M${n(box.x)},${n(box.y + box.h)} L${points.join(' L')} L${n(box.x + box.w)},${n(box.y + box.h)} Z`, heightAt };
}

export type FigureKind = 'cloak' | 'staff' | 'scarf' | 'cape' | 'hair';

/**
 * A standing figure, feet at (x, baseY), `height` tall, drawn from a 100-unit-tall outline. The
 * variants change the outline (cloak, cape, flowing hair) and what the figure carries.
 */
export function figure(x: number, baseY: number, height: number, color: string, kind: FigureKind, glow: string, facing: 1 | -1 = 1): string {
  const s = height / 100;
  // A long coat to the knee over two legs; the cloak variant is hooded and nearly floor-length.
  const coat =
    'M-3,-84 C-9,-83 -12,-80 -12.5,-75 L-14.5,-31 C-14.5,-28.5 -13,-27.5 -11,-27.5 L-7,-27.5 L-6.6,-1 L-8.5,0 L-2,0 L-1.8,-27.5 ' +
    'L1.8,-27.5 L2,0 L8.5,0 L6.6,-1 L7,-27.5 L11,-27.5 C13,-27.5 14.5,-28.5 14.5,-31 L12.5,-75 C12,-80 9,-83 3,-84 Z';
  const cloak =
    'M-4,-84 C-11,-82 -14,-78 -14.5,-72 L-18,-8 C-12,-6 -7,-6 -5,-6 L-5,0 L-1,0 L-1,-6 L1,-6 L1,0 L5,0 L5,-6 C7,-6 12,-6 18,-8 ' +
    'L14.5,-72 C14,-78 11,-82 4,-84 Z';
  const hood = 'M0,-101 C6.5,-101 9,-95 9,-89 C9,-85 7,-82 4.5,-79 L-4.5,-79 C-7,-82 -9,-85 -9,-89 C-9,-95 -6.5,-101 0,-101 Z';
  const parts = kind === 'cloak' ? [`<path d="${cloak}"/>`, `<path d="${hood}"/>`] : [`<path d="${coat}"/>`, '<circle cx="0" cy="-91" r="7.2"/>'];
  if (kind === 'hair') {
    parts.push('<path d="M-6.5,-95 C-9.5,-88 -10,-80 -8.5,-73 L-3,-75 C-4,-81 -4,-88 -2.5,-93 Z M4,-97.5 C11,-98 16,-93 24,-90.5 C18,-88.5 11,-89.5 5.5,-91.5 Z"/>');
  }
  if (kind === 'scarf') parts.push('<path d="M2,-83.5 C9,-85 15,-82 22,-80 C27,-78.6 31,-80 35,-79 C31,-76.5 26,-76 21,-77.2 C14,-78.8 8,-80 3,-80.5 Z"/>');
  if (kind === 'cape') parts.push('<path d="M-11,-77 C-20,-58 -12,-34 38,-12 C30,-32 22,-58 11,-77 Z"/>');
  const prop =
    kind === 'staff'
      ? `<rect x="17" y="-112" width="2.4" height="112"/><circle cx="18.2" cy="-114" r="4.5" fill="${glow}"/>` +
        `<circle cx="18.2" cy="-114" r="13" fill="${glow}" opacity="0.25"/>`
      : '';
  return `<g transform="translate(${n(x)},${n(baseY)}) scale(${n(s * facing)},${n(s)})" fill="${color}">${parts.join('')}${prop}</g>`;
}

/** A pine made of stacked triangles, base at (x, baseY). */
function pine(x: number, baseY: number, height: number, width: number): string {
  const tiers = 4;
  const parts: string[] = [`M${n(x - width * 0.04)},${n(baseY)} L${n(x + width * 0.04)},${n(baseY)} L${n(x + width * 0.04)},${n(baseY - height * 0.2)} L${n(x - width * 0.04)},${n(baseY - height * 0.2)} Z`];
  for (let i = 0; i < tiers; i++) {
    const bottom = baseY - height * (0.12 + i * 0.2);
    const top = bottom - height * 0.42;
    const half = (width / 2) * (1 - i * 0.2);
    parts.push(`M${n(x - half)},${n(bottom)} L${n(x)},${n(top)} L${n(x + half)},${n(bottom)} Z`);
  }
  return parts.join(' ');
}

function birds(rng: Random, box: Box, color: string, count: number): string {
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = box.x + rng.float(0.15, 0.85) * box.w;
    const y = box.y + rng.float(0.12, 0.4) * box.h;
    const s = rng.float(0.006, 0.012) * box.w;
    paths.push(`M${n(x - s)},${n(y - s * 0.4)} Q${n(x - s * 0.4)},${n(y - s * 0.6)} ${n(x)},${n(y)} Q${n(x + s * 0.4)},${n(y - s * 0.6)} ${n(x + s)},${n(y - s * 0.4)}`);
  }
  return `<path d="${paths.join(' ')}" fill="none" stroke="${color}" stroke-width="${n(box.w * 0.003)}" stroke-linecap="round"/>`;
}

function stars(rng: Random, box: Box, color: string, count: number): string {
  const dots: string[] = [];
  for (let i = 0; i < count; i++) {
    dots.push(`<circle cx="${n(box.x + rng.next() * box.w)}" cy="${n(box.y + rng.next() * box.h)}" r="${n(rng.float(0.6, 2.2) * (box.w / 1000))}"/>`);
  }
  return `<g fill="${color}" opacity="0.8">${dots.join('')}</g>`;
}

// ---------- scenes ----------

function ridges(c: SvgCanvas, rng: Random, box: Box, colors: SceneColors, o: SceneOptions): string {
  const horizon = box.y + box.h * o.horizon;
  const out = [sky(c, box, colors)];
  const r = Math.min(box.w, box.h) * rng.float(0.16, 0.26) * (o.discScale ?? 1);
  out.push(disk(c, box.x + box.w * o.focus, discY(box, o, r, horizon - r * rng.float(0.3, 1.1)), r, colors, rng.chance(0.5)));
  if (rng.chance(0.5)) out.push(birds(rng, box, colors.near, rng.int(3, 6)));
  const layers = [colors.far, mix(colors.far, colors.middle, 0.5), colors.middle, colors.near];
  let last = { d: '', heightAt: (_: number) => horizon };
  layers.forEach((fill, i) => {
    const baseY = horizon + (box.h * (1 - o.horizon) * i) / (layers.length + 0.6);
    last = i % 2 === 0 ? ridgePath(rng, box, baseY, box.h * (0.16 - i * 0.025)) : hillPath(rng, box, baseY, box.h * 0.03);
    out.push(`<path d="${last.d}" fill="${c.linear([[0, fill], [1, mix(fill, colors.near, 0.45)]])}"/>`);
  });
  if (o.figure) {
    const x = box.x + box.w * (o.focus > 0.5 ? rng.float(0.18, 0.38) : rng.float(0.62, 0.82));
    out.push(figure(x, last.heightAt(x) + box.h * 0.012, box.h * rng.float(0.1, 0.16), colors.silhouette, rng.pick<FigureKind>(['cloak', 'staff', 'scarf', 'cape', 'hair']), colors.highlight, x > box.x + box.w / 2 ? -1 : 1));
  }
  return out.join('');
}

function city(c: SvgCanvas, rng: Random, box: Box, colors: SceneColors, o: SceneOptions): string {
  const out = [sky(c, box, colors)];
  out.push(stars(rng, { ...box, h: box.h * 0.45 }, colors.glow, 40));
  const moon = Math.min(box.w, box.h) * rng.float(0.1, 0.16);
  const moonY = discY(box, o, moon, box.y + box.h * rng.float(0.18, 0.32));
  out.push(disk(c, box.x + box.w * o.focus, moonY, moon, colors, false));
  // The skyline rises in front of the moon, however far text pushed it down, and the street sits
  // far enough below for the towers to read as towers.
  const skyline = Math.max(0.3, (moonY - box.y + moon * 0.2) / box.h);
  const ground = box.y + box.h * Math.min(0.93, Math.max(o.horizon, 0.72, skyline + 0.38));
  const rows: Array<{ fill: string; top: number; windows: boolean }> = [
    { fill: colors.far, top: skyline, windows: false },
    { fill: colors.middle, top: skyline + 0.1, windows: true },
    { fill: colors.near, top: skyline + 0.2, windows: true },
  ];
  rows.forEach((row, layer) => {
    const buildings: string[] = [];
    const windows: string[] = [];
    let x = box.x - rng.float(0, box.w * 0.05);
    while (x < box.x + box.w) {
      const w = box.w * rng.float(0.07, 0.15);
      const top = Math.min(ground - box.h * 0.06, box.y + box.h * (row.top + rng.float(0, 0.15)));
      buildings.push(`M${n(x)},${n(ground)} L${n(x)},${n(top)} L${n(x + w)},${n(top)} L${n(x + w)},${n(ground)} Z`);
      if (rng.chance(0.3)) buildings.push(`M${n(x + w * 0.45)},${n(top)} L${n(x + w * 0.45)},${n(top - box.h * 0.05)} L${n(x + w * 0.5)},${n(top - box.h * 0.05)} L${n(x + w * 0.5)},${n(top)} Z`);
      if (row.windows) {
        const size = box.w * 0.012;
        for (let wy = top + size * 2; wy < ground - size * 2; wy += size * 2.6) {
          for (let wx = x + size * 1.2; wx < x + w - size * 1.5; wx += size * 2.2) {
            if (rng.chance(layer === 2 ? 0.22 : 0.12)) windows.push(`<rect x="${n(wx)}" y="${n(wy)}" width="${n(size)}" height="${n(size * 1.3)}"/>`);
          }
        }
      }
      x += w + box.w * rng.float(0, 0.015);
    }
    out.push(`<path d="${buildings.join(' ')}" fill="${row.fill}"/>`);
    out.push(`<g fill="${colors.highlight}" opacity="${layer === 2 ? 0.9 : 0.55}">${windows.join('')}</g>`);
  });
  out.push(rect({ x: box.x, y: ground, w: box.w, h: box.y + box.h - ground }, colors.silhouette));
  if (rng.chance(0.5)) {
    const rain: string[] = [];
    for (let i = 0; i < 90; i++) {
      const x = box.x + rng.next() * box.w * 1.1;
      const y = box.y + rng.next() * box.h;
      const len = box.h * rng.float(0.02, 0.05);
      rain.push(`M${n(x)},${n(y)} l${n(-len * 0.25)},${n(len)}`);
    }
    out.push(`<path d="${rain.join(' ')}" stroke="${colors.line}" stroke-width="${n(box.w * 0.0022)}" opacity="0.35"/>`);
  }
  if (o.figure) {
    const x = box.x + box.w * rng.float(0.3, 0.7);
    out.push(figure(x, box.y + box.h * 0.985, box.h * rng.float(0.18, 0.26), mix(colors.silhouette, '#000000', 0.4), rng.pick<FigureKind>(['cloak', 'scarf', 'hair']), colors.highlight));
  }
  return out.join('');
}

function forest(c: SvgCanvas, rng: Random, box: Box, colors: SceneColors, o: SceneOptions): string {
  const out = [sky(c, box, colors)];
  out.push(stars(rng, { ...box, h: box.h * 0.4 }, colors.glow, 30));
  const moon = Math.min(box.w, box.h) * rng.float(0.1, 0.17) * (o.discScale ?? 1);
  out.push(disk(c, box.x + box.w * o.focus, discY(box, o, moon, box.y + box.h * rng.float(0.16, 0.3)), moon, colors, false));
  // The far rows catch the moonlight, so the layers read apart even in dark palettes.
  const rows = [mix(colors.far, colors.glow, 0.25), colors.far, mix(colors.far, colors.near, 0.5), colors.near];
  rows.forEach((fill, i) => {
    const baseY = box.y + box.h * (o.horizon + 0.04 + i * 0.1);
    const trees: string[] = [];
    const treeHeight = box.h * (0.16 + i * 0.07);
    for (let x = box.x - box.w * 0.05; x < box.x + box.w * 1.05; x += box.w * rng.float(0.035, 0.07) * (1 + i * 0.35)) {
      trees.push(pine(x, baseY + rng.float(0, box.h * 0.02), treeHeight * rng.float(0.7, 1.15), treeHeight * 0.42));
    }
    out.push(`<path d="${trees.join(' ')}" fill="${fill}"/>`);
    out.push(rect({ x: box.x, y: baseY - box.h * 0.005, w: box.w, h: box.y + box.h - baseY + box.h * 0.005 }, fill));
    if (i < rows.length - 1) {
      out.push(rect({ x: box.x, y: baseY - box.h * 0.07, w: box.w, h: box.h * 0.12 }, c.linear([[0, colors.glow, 0], [0.6, colors.glow, 0.22], [1, colors.glow, 0]])));
    }
  });
  if (o.figure) {
    const x = box.x + box.w * (o.focus > 0.5 ? rng.float(0.2, 0.4) : rng.float(0.6, 0.8));
    out.push(figure(x, box.y + box.h * 0.97, box.h * rng.float(0.16, 0.22), colors.silhouette, 'staff', colors.highlight, x > box.x + box.w / 2 ? -1 : 1));
  }
  return out.join('');
}

function sea(c: SvgCanvas, rng: Random, box: Box, colors: SceneColors, o: SceneOptions): string {
  const horizon = box.y + box.h * o.horizon;
  const out = [sky(c, box, colors)];
  const sun = Math.min(box.w, box.h) * rng.float(0.14, 0.22);
  out.push(disk(c, box.x + box.w * o.focus, discY(box, o, sun, horizon - box.h * rng.float(0.02, 0.12)), sun, colors, rng.chance(0.4)));
  if (rng.chance(0.6)) out.push(birds(rng, box, colors.near, rng.int(3, 7)));
  if (rng.chance(0.55)) {
    // A lighthouse on a rock, sweeping a beam across the sky.
    const lx = box.x + box.w * (o.focus > 0.5 ? 0.22 : 0.78);
    const lh = box.h * 0.22;
    const base = horizon + box.h * 0.03;
    const beamDir = lx < box.x + box.w / 2 ? 1 : -1;
    out.push(`<path d="M${n(lx)},${n(base - lh * 0.92)} L${n(lx + beamDir * box.w * 0.7)},${n(base - lh * 1.5)} L${n(lx + beamDir * box.w * 0.7)},${n(base - lh * 0.6)} Z" fill="${c.linear([[0, colors.glow, 0.5], [1, colors.glow, 0]], beamDir > 0 ? 0 : 1, 0, beamDir > 0 ? 1 : 0, 0)}"/>`);
    out.push(`<path d="M${n(lx - box.w * 0.12)},${n(base + box.h * 0.05)} Q${n(lx)},${n(base - box.h * 0.05)} ${n(lx + box.w * 0.13)},${n(base + box.h * 0.05)} Z" fill="${colors.silhouette}"/>`);
    out.push(`<path d="M${n(lx - lh * 0.12)},${n(base)} L${n(lx - lh * 0.07)},${n(base - lh * 0.8)} L${n(lx + lh * 0.07)},${n(base - lh * 0.8)} L${n(lx + lh * 0.12)},${n(base)} Z" fill="${colors.silhouette}"/>`);
    out.push(`<rect x="${n(lx - lh * 0.08)}" y="${n(base - lh * 0.98)}" width="${n(lh * 0.16)}" height="${n(lh * 0.16)}" fill="${colors.highlight}"/>`);
    out.push(`<path d="M${n(lx - lh * 0.11)},${n(base - lh * 0.98)} L${n(lx)},${n(base - lh * 1.12)} L${n(lx + lh * 0.11)},${n(base - lh * 0.98)} Z" fill="${colors.silhouette}"/>`);
  }
  const bands = 6;
  for (let i = 0; i < bands; i++) {
    const t = i / (bands - 1);
    const baseY = horizon + (box.y + box.h - horizon) * (t * 0.85);
    const amp = box.h * (0.008 + t * 0.02);
    const freq = rng.float(3, 6) * (1 - t * 0.4);
    const phase = rng.float(0, Math.PI * 2);
    const points: string[] = [];
    for (let k = 0; k <= 48; k++) {
      const x = box.x + (box.w * k) / 48;
      points.push(`${n(x)},${n(baseY + Math.sin((k / 48) * Math.PI * 2 * freq + phase) * amp)}`);
    }
    const fill = mix(colors.far, colors.silhouette, t);
    out.push(`<path d="M${n(box.x)},${n(box.y + box.h)} L${points.join(' L')} L${n(box.x + box.w)},${n(box.y + box.h)} Z" fill="${fill}"/>`);
    out.push(`<path d="M${points.join(' L')}" fill="none" stroke="${colors.line}" stroke-width="${n(box.w * 0.003)}" opacity="${n(0.15 + t * 0.25)}"/>`);
  }
  if (o.figure && rng.chance(0.6)) {
    // A small boat riding the front swell.
    const bx = box.x + box.w * rng.float(0.3, 0.7);
    const by = box.y + box.h * 0.86;
    const bw = Math.min(box.w, box.h) * 0.16;
    out.push(`<path d="M${n(bx - bw / 2)},${n(by)} L${n(bx + bw / 2)},${n(by)} L${n(bx + bw * 0.36)},${n(by + bw * 0.16)} L${n(bx - bw * 0.36)},${n(by + bw * 0.16)} Z M${n(bx)},${n(by - bw * 0.02)} L${n(bx)},${n(by - bw * 0.8)} L${n(bx + bw * 0.35)},${n(by - bw * 0.1)} Z" fill="${colors.silhouette}"/>`);
  }
  return out.join('');
}

function burst(c: SvgCanvas, rng: Random, box: Box, colors: SceneColors, o: SceneOptions): string {
  const cx = box.x + box.w * o.focus;
  const cy = discY(box, o, box.h * 0.12, box.y + box.h * rng.float(0.3, 0.45));
  const out = [rect(box, colors.middle)];
  const rays = rng.int(18, 30);
  const reach = Math.hypot(box.w, box.h);
  const wedges: string[] = [];
  for (let i = 0; i < rays; i++) {
    const a0 = (i / rays) * Math.PI * 2;
    const a1 = a0 + (Math.PI / rays) * rng.float(0.5, 1);
    wedges.push(`M${n(cx)},${n(cy)} L${n(cx + Math.cos(a0) * reach)},${n(cy + Math.sin(a0) * reach)} L${n(cx + Math.cos(a1) * reach)},${n(cy + Math.sin(a1) * reach)} Z`);
  }
  out.push(`<path d="${wedges.join(' ')}" fill="${colors.far}"/>`);
  out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(Math.max(box.w, box.h) * 0.55)}" fill="${c.radial([[0, colors.glow, 0.55], [0.35, colors.glow, 0.12], [1, colors.glow, 0]])}"/>`);
  out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(Math.min(box.w, box.h) * 0.2)}" fill="${colors.highlight}"/>`);
  out.push(rect(box, c.dots(colors.silhouette, box.w * 0.02, box.w * 0.005), 'opacity="0.35"'));
  const ground = hillPath(rng, { ...box }, box.y + box.h * 0.86, box.h * 0.02);
  out.push(`<path d="${ground.d}" fill="${colors.silhouette}"/>`);
  if (o.figure) {
    out.push(figure(cx + box.w * rng.float(-0.1, 0.1), box.y + box.h * 0.88, box.h * rng.float(0.42, 0.55), colors.silhouette, rng.pick<FigureKind>(['cape', 'scarf', 'hair']), colors.highlight, rng.chance(0.5) ? 1 : -1));
  }
  return out.join('');
}

/** Bauhaus tiles: discs, quarter discs, stripes and triangles on a three-column grid. */
function geometric(rng: Random, box: Box, colors: SceneColors): string {
  const cols = 3;
  const cell = box.w / cols;
  const rows = Math.ceil(box.h / cell);
  const fills = [colors.far, colors.middle, colors.near, colors.highlight, colors.glow, colors.skyBottom];
  const out = [rect(box, colors.skyTop)];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x = box.x + col * cell;
      const y = box.y + row * cell;
      const bg = rng.pick(fills);
      const fg = rng.pick(fills.filter((f) => f !== bg));
      out.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(cell + 0.5)}" height="${n(cell + 0.5)}" fill="${bg}"/>`);
      const corner = rng.int(0, 3);
      const cxs = [x, x + cell, x + cell, x];
      const cys = [y, y, y + cell, y + cell];
      switch (rng.int(0, 5)) {
        case 0:
          out.push(`<circle cx="${n(x + cell / 2)}" cy="${n(y + cell / 2)}" r="${n(cell * 0.38)}" fill="${fg}"/>`);
          break;
        case 1: {
          // A quarter disc swung from one corner of the tile.
          const sx = cxs[corner]!;
          const sy = cys[corner]!;
          const dx = corner === 0 || corner === 3 ? 1 : -1;
          const dy = corner < 2 ? 1 : -1;
          out.push(`<path d="M${n(sx)},${n(sy)} L${n(sx + dx * cell)},${n(sy)} A${n(cell)},${n(cell)} 0 0 ${dx * dy > 0 ? 1 : 0} ${n(sx)},${n(sy + dy * cell)} Z" fill="${fg}"/>`);
          break;
        }
        case 2:
          out.push(`<path d="M${n(x)},${n(y + cell / 2)} A${n(cell / 2)},${n(cell / 2)} 0 0 1 ${n(x + cell)},${n(y + cell / 2)} Z" fill="${fg}" transform="rotate(${corner * 90} ${n(x + cell / 2)} ${n(y + cell / 2)})"/>`);
          break;
        case 3: {
          const stripes: string[] = [];
          for (let i = 0; i < 5; i++) stripes.push(`<rect x="${n(x)}" y="${n(y + (i * cell) / 5)}" width="${n(cell)}" height="${n(cell / 10)}"/>`);
          out.push(`<g fill="${fg}" transform="rotate(${corner % 2 ? 90 : 0} ${n(x + cell / 2)} ${n(y + cell / 2)})">${stripes.join('')}</g>`);
          break;
        }
        case 4:
          out.push(`<path d="M${n(x)},${n(y + cell)} L${n(x + cell / 2)},${n(y)} L${n(x + cell)},${n(y + cell)} Z" fill="${fg}" transform="rotate(${corner * 90} ${n(x + cell / 2)} ${n(y + cell / 2)})"/>`);
          break;
        default:
          out.push(`<circle cx="${n(x + cell / 2)}" cy="${n(y + cell / 2)}" r="${n(cell * 0.38)}" fill="none" stroke="${fg}" stroke-width="${n(cell * 0.1)}"/>`);
      }
    }
  }
  return out.join('');
}

/** A head and shoulders in profile with the night inside: the double-exposure poster. */
function profile(c: SvgCanvas, rng: Random, box: Box, colors: SceneColors, o: SceneOptions): string {
  // The outline is 100 wide and 150 tall: the head in the top 100, shoulders down to 150.
  const outline =
    'M26,99 C25,90 24,83 21,77 C7,64 6,37 18,22 C30,6 57,1 71,11 C80,17 84,28 83,38 L91,53 C92,55 90,56 87,57 L85,58 ' +
    'C86,60 86,62 84,63 C87,66 85,69 83,70 C83,76 80,80 74,81 C68,82 65,85 65,92 L66,101 C82,106 102,114 112,132 L116,150 L-14,150 L-12,128 C-6,114 10,104 26,99 Z';
  const facing = o.focus > 0.5 ? -1 : 1;
  const top = box.y + box.h * Math.max(0.08, (o.clearTop ?? 0) + 0.02);
  const scale = Math.min((box.y + box.h - top) / 150, (box.w * 0.78) / 100);
  const width = 100 * scale;
  const left = box.x + (box.w - width) / 2 + facing * box.w * 0.04;
  const headTop = box.y + box.h - 150 * scale;
  const transform = `translate(${n(facing > 0 ? left : left + width)},${n(headTop)}) scale(${n(scale * facing)},${n(scale)})`;
  const clip = c.clip(`<path d="${outline}" transform="${transform}"/>`);
  const inner: Box = { x: left - width * 0.2, y: headTop, w: width * 1.4, h: 150 * scale };
  const out = [rect(box, c.linear([[0, colors.skyBottom], [1, colors.far]]))];
  out.push(stars(rng, box, colors.glow, 30));
  out.push(`<path d="${outline}" transform="${transform}" fill="${colors.silhouette}"/>`);
  const night = { ...colors, skyTop: colors.silhouette, skyBottom: colors.middle };
  const sceneInside = rng.chance(0.5)
    ? forest(c, rng, inner, night, { horizon: 0.42, focus: 0.55, figure: true, discScale: 0.45 })
    : ridges(c, rng, inner, night, { horizon: 0.5, focus: 0.5, figure: true, discScale: 0.45 });
  out.push(`<g clip-path="${clip}">${sceneInside}</g>`);
  return out.join('');
}

function leaves(c: SvgCanvas, rng: Random, box: Box, colors: SceneColors, o: SceneOptions): string {
  const cx = box.x + box.w * o.focus;
  const cy = discY(box, o, box.w * 0.3, box.y + box.h * rng.float(0.35, 0.5));
  const out = [sky(c, box, colors)];
  out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(box.w * 0.24)}" fill="${colors.highlight}" opacity="0.9"/>`);
  const fills = [colors.far, colors.middle, colors.near, colors.glow];
  const count = rng.int(9, 14);
  for (let i = 0; i < count; i++) {
    const angle = (i / count) * 360 + rng.float(-12, 12);
    const length = box.w * rng.float(0.3, 0.5);
    const width = length * rng.float(0.22, 0.34);
    const fill = fills[i % fills.length]!;
    out.push(
      `<g transform="translate(${n(cx)},${n(cy)}) rotate(${n(angle)})">` +
        `<path d="M0,0 C${n(width)},${n(-length * 0.3)} ${n(width * 0.8)},${n(-length * 0.8)} 0,${n(-length)} C${n(-width * 0.8)},${n(-length * 0.8)} ${n(-width)},${n(-length * 0.3)} 0,0 Z" fill="${fill}" opacity="0.92"/>` +
        `<path d="M0,0 L0,${n(-length * 0.92)}" stroke="${colors.skyTop}" stroke-width="${n(box.w * 0.003)}" opacity="0.5"/></g>`,
    );
  }
  out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(box.w * 0.05)}" fill="${colors.highlight}"/>`);
  return out.join('');
}

export function drawScene(name: SceneName, c: SvgCanvas, rng: Random, box: Box, colors: SceneColors, options: SceneOptions): string {
  switch (name) {
    case 'ridges':
      return ridges(c, rng, box, colors, options);
    case 'city':
      return city(c, rng, box, colors, options);
    case 'forest':
      return forest(c, rng, box, colors, options);
    case 'sea':
      return sea(c, rng, box, colors, options);
    case 'burst':
      return burst(c, rng, box, colors, options);
    case 'geometric':
      return geometric(rng, box, colors);
    case 'profile':
      return profile(c, rng, box, colors, options);
    case 'leaves':
      return leaves(c, rng, box, colors, options);
  }
}

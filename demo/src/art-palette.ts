/**
 * Colours of the generated art, one palette per spec brand colour (blue, green, navy, orange, pink,
 * purple, red, yellow; "none", "grayscale" and anything unknown get the neutral palette). Each runs
 * from a near-black `deep` to a near-white `pale`, plus a contrasting `accent`.
 */
export interface ArtPalette {
  deep: string;
  dark: string;
  mid: string;
  light: string;
  pale: string;
  accent: string;
  /** Text on `accent`. */
  accentInk: string;
}

const PALETTES: Record<string, ArtPalette> = {
  blue: { deep: '#0a1830', dark: '#143f73', mid: '#2f6fde', light: '#93bdf5', pale: '#eaf2ff', accent: '#f5c542', accentInk: '#0a1830' },
  green: { deep: '#062119', dark: '#0f4d3a', mid: '#1f9d6b', light: '#93dcb7', pale: '#ebf8f0', accent: '#f2b84b', accentInk: '#062119' },
  navy: { deep: '#070a18', dark: '#161d3d', mid: '#34407a', light: '#a3aedb', pale: '#eceff9', accent: '#e8b658', accentInk: '#070a18' },
  orange: { deep: '#2a0f05', dark: '#8a3511', mid: '#f0803c', light: '#ffc795', pale: '#fff2e4', accent: '#183a5a', accentInk: '#fff2e4' },
  pink: { deep: '#2a0a1d', dark: '#7a2154', mid: '#e85d9f', light: '#f7b6d4', pale: '#fff0f6', accent: '#ffd166', accentInk: '#2a0a1d' },
  purple: { deep: '#12082a', dark: '#361a66', mid: '#7b4fd6', light: '#cbb6f6', pale: '#f4efff', accent: '#ffcf70', accentInk: '#12082a' },
  red: { deep: '#240607', dark: '#731418', mid: '#d64545', light: '#f5a8a2', pale: '#fff1ee', accent: '#f7dfb0', accentInk: '#240607' },
  yellow: { deep: '#2b2105', dark: '#7d5c05', mid: '#f0b92d', light: '#ffe39a', pale: '#fffaea', accent: '#1f3763', accentInk: '#fffaea' },
  neutral: { deep: '#111214', dark: '#2e3136', mid: '#6b7078', light: '#c3c7cd', pale: '#f3f4f6', accent: '#e0a93b', accentInk: '#111214' },
};

export function paletteFor(color: string): ArtPalette {
  return PALETTES[color] ?? PALETTES.neutral!;
}

function channels(hex: string): [number, number, number] {
  const value = parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Relative luminance, 0 for black to 1 for white (WCAG). */
export function luminance(hex: string): number {
  const linear = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = channels(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The colour `t` of the way from `a` to `b`. */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = channels(a);
  const [br, bg, bb] = channels(b);
  const blend = (x: number, y: number) => Math.round(x + (y - x) * t).toString(16).padStart(2, '0');
  return `#${blend(ar, br)}${blend(ag, bg)}${blend(ab, bb)}`;
}

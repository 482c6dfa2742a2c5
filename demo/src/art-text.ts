/**
 * Text layout for the generated art. SVG cannot measure text, so titles are wrapped and sized with
 * advance widths measured once from the fonts this machine renders generic families with (DejaVu
 * Sans and Serif; em = 100).
 */
export type TypeStyle = 'sansBold' | 'sansCondensed' | 'serifBold' | 'serifItalic';

const MEASURED_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:;!?\'’&-–—()/#"…';
const MEASURED: Record<TypeStyle, string> = {
  sansBold:
    '77,76,73,83,68,68,82,83,37,37,77,63,99,83,85,73,85,77,72,68,81,77,110,77,72,72,67,71,59,71,67,43,71,71,34,34,66,34,104,71,68,71,71,49,59,47,71,65,92,64,65,58,69,69,69,69,69,69,69,69,69,69,34,38,38,40,40,45,58,30,38,87,41,50,100,45,45,36,83,52,100',
  sansCondensed:
    '69,68,66,75,61,61,74,75,33,33,70,57,89,75,76,66,76,69,65,61,73,69,99,69,65,65,60,64,53,64,61,39,64,64,31,31,60,31,94,64,62,64,64,44,53,43,64,58,83,58,58,52,62,62,62,62,62,62,62,62,62,62,31,34,34,36,36,41,52,27,34,78,37,45,90,41,41,33,75,47,90',
  serifBold:
    '78,84,80,87,76,71,85,94,47,47,87,70,111,91,87,75,87,83,72,74,87,78,112,78,71,73,65,70,61,70,64,43,70,73,38,36,69,38,106,73,67,70,70,53,56,46,73,58,86,60,58,57,70,70,70,70,70,70,70,70,70,70,35,35,35,37,37,44,59,31,35,90,41,50,100,47,47,36,84,52,100',
  serifItalic:
    '72,74,77,80,73,70,80,87,40,40,75,67,103,88,82,68,82,76,69,67,84,72,103,71,66,70,60,64,56,64,59,37,64,65,32,31,61,32,95,65,60,64,64,48,52,40,65,57,86,57,57,53,64,64,64,64,64,64,64,64,64,64,32,32,32,34,34,40,54,28,32,89,34,50,100,39,39,34,84,46,100',
};

const WIDTHS: Record<TypeStyle, Map<string, number>> = Object.fromEntries(
  Object.entries(MEASURED).map(([style, list]) => {
    const values = list.split(',').map(Number);
    return [style, new Map([...MEASURED_CHARS].map((char, i) => [char, (values[i] ?? 70) / 100]))];
  }),
) as Record<TypeStyle, Map<string, number>>;

/** SVG attributes that select the style's font. */
export const TYPE_ATTRIBUTES: Record<TypeStyle, string> = {
  sansBold: 'font-family="sans-serif" font-weight="bold"',
  sansCondensed: 'font-family="sans-serif" font-weight="bold" font-stretch="condensed"',
  serifBold: 'font-family="serif" font-weight="bold"',
  serifItalic: 'font-family="serif" font-style="italic"',
};

/** Width of `text` in ems, with extra `tracking` (in ems) after every character. */
export function measure(text: string, style: TypeStyle, tracking = 0): number {
  const widths = WIDTHS[style];
  let total = 0;
  for (const char of text) {
    // Accented letters take the width of their base letter; anything unmeasured counts as wide.
    const base = char.normalize('NFD')[0] ?? char;
    total += (widths.get(char) ?? widths.get(base) ?? 0.8) + tracking;
  }
  return total;
}

export interface FittedText {
  lines: string[];
  fontSize: number;
  /** Width of the widest line at fontSize. */
  width: number;
}

/** Words a line should not end on, and "&" which should not start one. */
const WEAK_ENDINGS = new Set(['a', 'an', 'the', 'of', 'at', 'to', 'in', 'for', 'and', '&', 'on', 'my', 'our']);

/** Typographers' taste: a line break after "the" or before "&" costs a little size. */
function breakPenalty(lines: string[]): number {
  let penalty = 1;
  lines.forEach((line, i) => {
    const words = line.toLowerCase().split(' ');
    if (i < lines.length - 1 && WEAK_ENDINGS.has(words[words.length - 1]!)) penalty *= 0.88;
    if (i > 0 && words[0] === '&') penalty *= 0.88;
  });
  return penalty;
}

/** Every way to split `words` into `count` consecutive non-empty lines. */
function splits(words: string[], count: number): string[][] {
  if (count === 1) return [[words.join(' ')]];
  const result: string[][] = [];
  for (let i = 1; i <= words.length - count + 1; i++) {
    for (const rest of splits(words.slice(i), count - 1)) result.push([words.slice(0, i).join(' '), ...rest]);
  }
  return result;
}

/**
 * The largest size at which `text` fits a box, trying one to `maxLines` balanced lines. A size within
 * 8% of a layout with fewer lines loses to it, so short titles stay on one line.
 */
export function fitText(
  text: string,
  box: { width: number; height: number; maxSize: number; maxLines: number; lineHeight: number },
  style: TypeStyle,
  tracking = 0,
): FittedText {
  const words = text.split(/\s+/).filter(Boolean);
  let best: FittedText = { lines: [text], fontSize: 0, width: 0 };
  for (let count = 1; count <= Math.min(box.maxLines, words.length); count++) {
    let bestOfCount: (FittedText & { score: number }) | null = null;
    for (const lines of splits(words, count)) {
      const widest = Math.max(...lines.map((line) => measure(line, style, tracking)));
      const fontSize = Math.min(box.maxSize, box.width / widest, box.height / (count * box.lineHeight));
      const score = fontSize * breakPenalty(lines);
      if (!bestOfCount || score > bestOfCount.score) bestOfCount = { lines, fontSize, width: widest * fontSize, score };
    }
    if (bestOfCount && bestOfCount.score > best.fontSize * 1.08) best = { lines: bestOfCount.lines, fontSize: bestOfCount.fontSize, width: bestOfCount.width };
  }
  return best;
}

/** Greedy wrap for small text (balloons, captions) at a fixed size. */
export function wrapText(text: string, maxWidth: number, fontSize: number, style: TypeStyle): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate, style) * fontSize > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

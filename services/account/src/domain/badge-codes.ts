import { BADGE_MESSAGES, GIFT_CODE_PATTERN, MAX_GIFT_CODES_PER_UPLOAD } from '@inkwell/contracts/badges';
import type { Problem } from '@inkwell/contracts/problems';

export interface GiftCodeList {
  /** Distinct codes in the order given, upper case. */
  codes: string[];
  /** Lines that repeated a code given earlier in the list. */
  repeated: number;
  /** One per bad line, naming it; the list is refused whole when there is any. */
  problems: Problem[];
}

/** A CSV cell as written: surrounding quotes and blanks gone. */
function cell(line: string): string {
  const first = line.split(/[,;\t]/, 1)[0] ?? '';
  return first.trim().replace(/^"(.*)"$/, '$1').trim();
}

/**
 * Reads a staff member's list of gift codes: one a line, or the first column of a CSV file (a first
 * line reading `code` is its header). Codes are upper-cased as coupon codes are; blank lines are
 * ignored; a code repeated in the list counts once.
 */
export function parseGiftCodeList(text: string): GiftCodeList {
  const seen = new Set<string>();
  const codes: string[] = [];
  const problems: Problem[] = [];
  let repeated = 0;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((line, index) => {
    const raw = cell(line);
    if (raw === '') return;
    if (index === 0 && /^(gift[ _-]?)?codes?$/i.test(raw)) return;
    const code = raw.toUpperCase();
    if (!GIFT_CODE_PATTERN.test(code)) {
      problems.push({ field: 'codes', message: BADGE_MESSAGES.badCode(index + 1, raw.length > 80 ? `${raw.slice(0, 80)}…` : raw) });
      return;
    }
    if (seen.has(code)) {
      repeated += 1;
      return;
    }
    seen.add(code);
    codes.push(code);
  });
  if (problems.length === 0 && codes.length === 0) problems.push({ field: 'codes', message: BADGE_MESSAGES.codesMissing });
  if (codes.length > MAX_GIFT_CODES_PER_UPLOAD) problems.push({ field: 'codes', message: BADGE_MESSAGES.tooManyCodes(MAX_GIFT_CODES_PER_UPLOAD) });
  return { codes, repeated, problems };
}

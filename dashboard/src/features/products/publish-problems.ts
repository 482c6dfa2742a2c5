/**
 * Reading a refused save or publish (spec §5): the service answers 400 with the rule's messages in
 * the envelope's `status.problems` (word for word) and the book-density `warnings` beside them. The
 * editor lists every problem at the top and repeats each one next to the field it is about.
 */
import type { ProductFormValues } from './product-form';

/** Where a §5 message belongs in the product editor: a form field, or the comic file section. */
export type ProblemTarget = keyof ProductFormValues | `variants.${number}` | 'comicFile';

/** The missing-field names of spec §5, as the refusal lists them. */
const MISSING_FIELD_NAMES: readonly string[] = ['Product Title', 'Description', 'Product Type', 'Type', 'Sorting'];

const MISSING_FIELD_TARGETS: ReadonlyArray<readonly [RegExp, ProblemTarget]> = [
  [/^Product Title\b/, 'name'],
  [/^Description\b/, 'description'],
  [/^Product Type\b/, 'subCategory'],
  [/^Type\b/, 'subCategory'],
  [/^Sorting\b/, 'issueNumber'],
  [/readable URL must be text/i, 'readableUrl'],
  [/without an attached Series/, 'seriesId'],
  [/^Comic has not been ingested/, 'comicFile'],
];

/**
 * The field a message is about. Variant messages ("Variation Print has missing data…", the delay
 * messages) go to that variant's card; a message that names no field of the form gives undefined.
 */
export function problemTarget(problem: string, variantTypes: readonly string[]): ProblemTarget | undefined {
  const variation = /^Variation (\S+)/.exec(problem);
  if (variation) {
    const index = variantTypes.findIndex((type) => type === variation[1]);
    return index >= 0 ? `variants.${index}` : undefined;
  }
  if (/^If delay expected/.test(problem)) {
    const index = variantTypes.indexOf('Print');
    return index >= 0 ? `variants.${index}` : undefined;
  }
  return MISSING_FIELD_TARGETS.find(([pattern]) => pattern.test(problem))?.[1];
}

/** What an enabled variant lacks, as the refusal lists it right after that variant's message (spec §5). */
const VARIANT_DETAILS: readonly RegExp[] = [/^Price \(Either set or use the default\)$/, /^Comic has not been ingested$/, /^(Weight|Height|Length|Width)$/, /^If delay expected/];
const VARIATION_MESSAGE = /^Variation \S+ has missing data/;

/** A refusal's message with, for a variation, the missing fields listed after it. */
export interface ProblemGroup {
  message: string;
  details: string[];
}

/**
 * The refusal's messages in order, each variation's missing fields ("Weight", "Price (Either set or
 * use the default)") put under it: as a flat list they read as if the product lacked them.
 */
export function groupProblems(problems: readonly string[]): ProblemGroup[] {
  const groups: ProblemGroup[] = [];
  let variation: ProblemGroup | undefined;
  for (const problem of problems) {
    if (VARIATION_MESSAGE.test(problem)) {
      variation = { message: problem, details: [] };
      groups.push(variation);
    } else if (variation && VARIANT_DETAILS.some((pattern) => pattern.test(problem))) {
      variation.details.push(problem);
    } else {
      variation = undefined;
      groups.push({ message: problem, details: [] });
    }
  }
  return groups;
}

/** A variation's message with what it lacks, as one sentence for beside its card. */
function withDetails({ message, details }: ProblemGroup): string {
  return details.length === 0 ? message : `${message} Missing: ${details.map((detail) => detail.replace(/\.$/, '')).join('; ')}.`;
}

/** Messages grouped by where they belong, for the fields to show beside them. */
export function problemsByTarget(problems: readonly string[], variantTypes: readonly string[]): Map<ProblemTarget, string[]> {
  const grouped = new Map<ProblemTarget, string[]>();
  for (const group of groupProblems(problems)) {
    const problem = group.message;
    // A missing-fields list may come as one message naming several ("Product Title, Description").
    const split = problem.split(', ');
    const parts = group.details.length === 0 && split.length > 1 && split.every((part) => problemTarget(part, variantTypes)) ? split : [problem];
    for (const part of parts) {
      const target = problemTarget(part, variantTypes);
      // A bare field name ("Description") says more beside its field as what it is missing for.
      const shown = MISSING_FIELD_NAMES.includes(part) ? `Needed to publish: ${part}.` : part === problem ? withDetails(group) : part;
      if (target) grouped.set(target, [...(grouped.get(target) ?? []), shown]);
    }
  }
  return grouped;
}

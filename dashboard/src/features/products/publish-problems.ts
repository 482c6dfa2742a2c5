/**
 * Placing a refused save or publish (spec §5) in the product editor: the service lists every
 * problem with the field it is about (PUBLISH_PROBLEM_FIELDS in contracts). The editor lists every
 * problem at the top and repeats each one next to that field's input or card; a problem on a field
 * the form has no place for is in the list at the top only.
 */
import { PUBLISH_PROBLEM_FIELDS } from '@inkwell/contracts/dashboard-products';
import type { Problem } from '@inkwell/contracts/problems';
import type { ProductFormValues } from './product-form';

/** Where a problem is shown in the product editor: a form field, a variant's card, or the comic file section. */
export type ProblemTarget = keyof ProductFormValues | `variants.${number}` | 'comicFile';

/** The product's own fields the rule names, each beside the input staff fill it in. */
const FIELD_TARGETS: ReadonlyMap<string, ProblemTarget> = new Map<string, ProblemTarget>([
  [PUBLISH_PROBLEM_FIELDS.name, 'name'],
  [PUBLISH_PROBLEM_FIELDS.description, 'description'],
  [PUBLISH_PROBLEM_FIELDS.subCategory, 'subCategory'],
  // The form picks the category and the product type in one select.
  [PUBLISH_PROBLEM_FIELDS.category, 'subCategory'],
  [PUBLISH_PROBLEM_FIELDS.issueNumber, 'issueNumber'],
  [PUBLISH_PROBLEM_FIELDS.readableUrl, 'readableUrl'],
  [PUBLISH_PROBLEM_FIELDS.seriesId, 'seriesId'],
  [PUBLISH_PROBLEM_FIELDS.ingestCompleted, 'comicFile'],
]);

/**
 * Fields whose §5 problem is the field's bare name ("Description"): beside the input it says more
 * as what the field is missing for.
 */
const NAMED_BY_THE_RULE: ReadonlySet<ProblemTarget> = new Set<ProblemTarget>(['name', 'description', 'subCategory', 'issueNumber']);

/** The variant a field path is in (`variants.1`, `variants.1.stockInfo.weight` → 1), or undefined. */
function variantIndex(field: string): number | undefined {
  const [head, index] = field.split('.');
  return head === 'variants' && index !== undefined && index !== '' && Number.isInteger(Number(index)) ? Number(index) : undefined;
}

/**
 * The service counts variants among those the product has (Digital before Print); the form keeps
 * every type in a fixed place. `formIndexes[n]` is the form's place of the service's variant n (the
 * form's present variants, in order); a problem of a variant the form does not have loses its field.
 */
export function inFormVariants(problems: readonly Problem[], formIndexes: readonly number[]): Problem[] {
  return problems.map((problem) => {
    const index = variantIndex(problem.field);
    if (index === undefined) return problem;
    const formIndex = formIndexes[index];
    if (formIndex === undefined) return { ...problem, field: '' };
    const rest = problem.field.split('.').slice(2);
    return { ...problem, field: ['variants', String(formIndex), ...rest].join('.') };
  });
}

/** Where a problem about `field` is shown, or undefined when the form has no place for it. */
export function problemTarget(field: string): ProblemTarget | undefined {
  const index = variantIndex(field);
  return index === undefined ? FIELD_TARGETS.get(field) : `variants.${index}`;
}

/** A problem with, for a variation, the problems of what it lacks listed after it. */
export interface ProblemGroup {
  message: string;
  field: string;
  details: string[];
}

/**
 * The refusal's problems in order, each variation's missing fields ("Weight", "Price (Either set or
 * use the default)") put under it: as a flat list they read as if the product lacked them. The
 * first problem on a variant is its "Variation … has missing data" one; later problems on that
 * variant or its fields are what it lacks.
 */
export function groupProblems(problems: readonly Problem[]): ProblemGroup[] {
  // The same reason once (issue 26): the service names "Comic has not been ingested" for the product
  // and again under its Digital variation, as the variation's one lack. Listed under the product, it
  // is not repeated under the variation, and a variation that lacked nothing else is not listed.
  const productMessages = new Set(problems.filter(({ field }) => variantIndex(field) === undefined).map(({ message }) => message));
  const groups: ProblemGroup[] = [];
  const variations = new Map<number, ProblemGroup>();
  const repeatedOnly = new Set<ProblemGroup>();
  const seen = new Set<string>();
  for (const { field, message } of problems) {
    const key = `${field}\n${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const index = variantIndex(field);
    const variation = index === undefined ? undefined : variations.get(index);
    if (variation) {
      if (productMessages.has(message)) repeatedOnly.add(variation);
      else if (!variation.details.includes(message)) variation.details.push(message);
      continue;
    }
    const group = { message, field, details: [] };
    if (index !== undefined && field === `variants.${index}`) variations.set(index, group);
    groups.push(group);
  }
  return groups.filter((group) => !(repeatedOnly.has(group) && group.details.length === 0));
}

/** The refusal's messages once each, in order (a batch's summary of one product). */
export function distinctMessages(problems: readonly Problem[]): string[] {
  return groupProblems(problems).map(withDetails);
}

/** A message without its full stop, to be written inside a sentence. */
function withoutStop(message: string): string {
  return message.endsWith('.') ? message.slice(0, -1) : message;
}

/** A variation's message with what it lacks, as one sentence for beside its card. */
function withDetails({ message, details }: ProblemGroup): string {
  return details.length === 0 ? message : `${message} Missing: ${details.map(withoutStop).join('; ')}.`;
}

/** Messages grouped by where they are shown, for the fields and cards to show beside them. */
export function problemsByTarget(problems: readonly Problem[]): Map<ProblemTarget, string[]> {
  const placed = new Map<ProblemTarget, string[]>();
  for (const group of groupProblems(problems)) {
    const target = problemTarget(group.field);
    if (!target) continue;
    const shown = NAMED_BY_THE_RULE.has(target) ? `Needed to publish: ${withoutStop(group.message)}.` : withDetails(group);
    placed.set(target, [...(placed.get(target) ?? []), shown]);
  }
  return placed;
}

/** True for a target the summary can take staff to (a form input, not a card). */
export function isFormField(target: ProblemTarget): target is keyof ProductFormValues {
  return target !== 'comicFile' && !target.startsWith('variants.');
}

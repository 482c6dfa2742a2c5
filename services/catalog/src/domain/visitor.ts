import { isShownUnder, parseAgeRating } from '@inkwell/contracts/catalog-rules';

/** Who is looking, as far as the catalog cares: it decides visibility, prices and reading access. */
export interface Visitor {
  signedIn: boolean;
  isAdmin: boolean;
  /** ISO 3166 alpha-2 from the configured geo header (set by the CDN or ingress), upper case. */
  country: string | undefined;
  /** The account's max shown rating setting; undefined shows everything. */
  maxShownRating: string | undefined;
}

/** Whether an item of `rating` is shown under the visitor's max shown rating setting. */
export function shownTo(visitor: Visitor, rating: string): boolean {
  const itemRating = parseAgeRating(rating);
  return itemRating !== undefined && isShownUnder(itemRating, parseAgeRating(visitor.maxShownRating ?? ''));
}

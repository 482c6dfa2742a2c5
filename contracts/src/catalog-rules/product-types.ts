/** Content kinds and product type codes (dashboard spec §3). */
import { codeToName } from './code-table';

/** Dashboard spec §3 publication types. */
export type ProductTypeName = 'Volume' | 'SingleIssue' | 'Annual' | 'BoxSet' | 'Omnibus' | 'OneShot' | 'Book' | 'Chapter';

export type ContentKind = 'Publication' | 'Game' | 'Merchandise' | 'Bundle';

export const CONTENT_KIND_CODES: Readonly<Record<ContentKind, number>> = {
  Publication: 0,
  Game: 1,
  Merchandise: 2,
  Bundle: 3,
};

/** Every product type of the spec: the publication ones above plus Episode, games, merchandise and bundles. */
export type ProductType =
  | ProductTypeName
  | 'Episode'
  | 'BoardGame'
  | 'Puzzle'
  | 'TradingCard'
  | 'TarotCard'
  | 'Litho'
  | 'Print'
  | 'Pin'
  | 'Key'
  | 'Apparel'
  | 'FunPack'
  | 'Other'
  | 'DigitalBundle';

/** The spec skips 4. Codes are grouped by kind: below 1000 publications, 1000s games, 2000s merchandise, 3000s bundles. */
export const PRODUCT_TYPE_CODES: Readonly<Record<ProductType, number>> = {
  Volume: 0,
  SingleIssue: 1,
  Annual: 2,
  BoxSet: 3,
  Omnibus: 5,
  OneShot: 6,
  Book: 7,
  Chapter: 8,
  Episode: 9,
  BoardGame: 1000,
  Puzzle: 1001,
  TradingCard: 1002,
  TarotCard: 1003,
  Litho: 2000,
  Print: 2001,
  Pin: 2002,
  Key: 2003,
  Apparel: 2004,
  FunPack: 2005,
  Other: 2006,
  DigitalBundle: 3000,
};

const CONTENT_KIND_BY_CODE = codeToName(CONTENT_KIND_CODES);
const PRODUCT_TYPE_BY_CODE = codeToName(PRODUCT_TYPE_CODES);

export function contentKindCode(kind: ContentKind): number {
  return CONTENT_KIND_CODES[kind];
}

export function contentKindFromCode(code: number): ContentKind | undefined {
  return CONTENT_KIND_BY_CODE.get(code);
}

export function productTypeCode(type: ProductType): number {
  return PRODUCT_TYPE_CODES[type];
}

export function productTypeFromCode(code: number): ProductType | undefined {
  return PRODUCT_TYPE_BY_CODE.get(code);
}

/** The kind a product type belongs to, read from its code's thousand. */
export function contentKindOfProductType(type: ProductType): ContentKind {
  const kind = contentKindFromCode(Math.floor(productTypeCode(type) / 1000));
  if (kind === undefined) throw new Error(`Product type ${type} has no content kind`);
  return kind;
}

/**
 * Whether the type is a publication, the kind that has pages to read: the spec gives a Publication
 * the readable part ("Changing category to Publication creates the readable … parts"), whatever its
 * subCategory (BoxSet included).
 */
export function isReadablePublicationType(type: ProductType): boolean {
  return contentKindOfProductType(type) === 'Publication';
}

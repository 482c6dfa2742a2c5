/**
 * What a product save body means (dashboard spec §7 /dashboard/product/new and /alter): every
 * reference checked, dates read, prices taken from their tier. The first bad field is refused,
 * named as the request spells it.
 */
import type { ProductCategory, ProductSave, ProductVariant, ProductVariantInput } from '@inkwell/contracts/dashboard-products';
import { BadRequestError, type Queryable } from '@inkwell/platform';
import { READABLE_URL_DIGITS_ONLY_MESSAGE, contentKindOfProductType, isValidReadableUrl, type PriceType, type ProductType } from '../domain';
import { creditedTwiceMessage, DIGITAL_HAS_NO_STOCK_MESSAGE, imprintOfOtherPublisherMessage, noPriceTierMessage, noSuchMessage, notADayMessage, notAnInstantMessage, notAnIsbnMessage, notThisProductsVariantMessage, oneVariantOfTypeAtMostMessage, productUrlTakenMessage, READABLE_URL_SHAPE_MESSAGE, variantTypeFixedMessage, wrongCategoryMessage } from '../domain/messages';

const ISBN = /^(?:97[89])?[0-9-]{9,16}[0-9Xx]$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function refuse(field: string, message: string): never {
  // The message names the field as the request spells it; the problem's field is its dotted path.
  throw new BadRequestError(`${field}: ${message}`, { field: field.replace(/\[(\d+)\]/g, '.$1') });
}

function readDay(field: string, value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const day = value.slice(0, 10);
  if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
    refuse(field, notADayMessage(value));
  }
  return day;
}

function readInstant(field: string, value: string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const at = new Date(value);
  const year = at.getUTCFullYear();
  if (Number.isNaN(at.getTime()) || year < 1900 || year > 9999) refuse(field, notAnInstantMessage(value));
  return at;
}

async function exists(db: Queryable, table: string, id: number): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
  return (rowCount ?? 0) > 0;
}

async function tierPrice(db: Queryable, field: string, id: number): Promise<number> {
  const { rows } = await db.query<{ price_cents: number }>('SELECT price_cents FROM pricing_tiers WHERE id = $1', [id]);
  if (!rows[0]) refuse(field, noPriceTierMessage(id));
  return rows[0].price_cents;
}

export interface ResolvedVariant {
  id?: number | undefined;
  type: 'Digital' | 'Print';
  enabled: boolean;
  priceType: PriceType;
  priceCents: number;
  priceSet: boolean;
  usingDefaultPrice: boolean;
  priceTierId: number | null;
  currency: string;
  scheduleDate: Date | null;
  isPreOrder: boolean;
  cartLimit: number | null;
  stock: NonNullable<ProductVariant['stockInfo']> | null;
  expectedDelay: string | null;
}

/** What a save body means once every reference is checked; refuses the first bad field. */
interface ResolvedProduct {
  input: ProductSave;
  type: ProductType;
  category: ProductCategory;
  readableUrl: string | null;
  releaseDate: string | null;
  priceable: { type: PriceType; price: number; tierId: number | null };
  variants: ResolvedVariant[];
}

export async function resolveSave(db: Queryable, input: ProductSave, productId: number | undefined): Promise<ResolvedProduct> {
  const type = input.subCategory as ProductType;
  const kind = contentKindOfProductType(type);
  if (kind !== input.category) refuse('subCategory', wrongCategoryMessage(input.subCategory, kind, input.category));
  let readableUrl = input.readableUrl?.trim() || null;
  if (readableUrl !== null) {
    readableUrl = readableUrl.toLowerCase();
    if (!isValidReadableUrl(readableUrl)) refuse('readableUrl', READABLE_URL_DIGITS_ONLY_MESSAGE);
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(readableUrl)) refuse('readableUrl', READABLE_URL_SHAPE_MESSAGE);
    const taken = await db.query<{ id: string }>('SELECT id FROM products WHERE readable_url = $1 AND id IS DISTINCT FROM $2', [readableUrl, productId ?? null]);
    if (taken.rows[0]) refuse('readableUrl', productUrlTakenMessage(readableUrl, taken.rows[0].id));
  }
  if (input.seriesId != null && !(await exists(db, 'series', input.seriesId))) refuse('seriesId', noSuchMessage('series', input.seriesId));
  if (input.publisherId != null && !(await exists(db, 'publishers', input.publisherId))) refuse('publisherId', noSuchMessage('publisher', input.publisherId));
  if (input.imprintId != null) {
    const imprint = await db.query<{ publisher_id: string }>('SELECT publisher_id FROM imprints WHERE id = $1', [input.imprintId]);
    if (!imprint.rows[0]) refuse('imprintId', noSuchMessage('imprint', input.imprintId));
    if (input.publisherId != null && Number(imprint.rows[0].publisher_id) !== input.publisherId) refuse('imprintId', imprintOfOtherPublisherMessage(input.imprintId, input.publisherId));
  }
  for (const [index, tag] of (input.ipTags ?? []).entries()) {
    if (!(await exists(db, 'ip_tags', tag.id))) refuse(`ipTags[${index}].id`, noSuchMessage('ipTag', tag.id));
  }
  const credits = new Set<string>();
  for (const [index, credit] of (input.creators ?? []).entries()) {
    if (!(await exists(db, 'creators', credit.creator.id))) refuse(`creators[${index}].creator.id`, noSuchMessage('creator', credit.creator.id));
    const key = `${credit.creator.id}\u0000${credit.title.trim()}`;
    if (credits.has(key)) refuse(`creators[${index}]`, creditedTwiceMessage(credit.creator.id, credit.title));
    credits.add(key);
  }
  for (const field of ['isbn', 'eisbn'] as const) {
    const value = input[field];
    if (value && !ISBN.test(value.trim())) refuse(field, notAnIsbnMessage(value));
  }
  const releaseDate = readDay('releaseDate', input.releaseDate);
  const priceTierId = input.priceable?.priceTierId ?? null;
  const priceable = {
    type: (input.priceable?.type ?? input.variants?.[0]?.priceType ?? 'Paid') as PriceType,
    price: priceTierId !== null ? await tierPrice(db, 'priceable.priceTierId', priceTierId) : (input.priceable?.price ?? 0),
    tierId: priceTierId,
  };
  const existing = productId === undefined ? [] : (await db.query<{ id: string; type: string }>('SELECT id, type FROM variants WHERE product_id = $1', [productId])).rows;
  const types = new Set<string>();
  const variants: ResolvedVariant[] = [];
  for (const [index, variant] of (input.variants ?? []).entries()) {
    variants.push(await resolveVariant(db, variant, `variants[${index}]`, { types, existing, priceable }));
  }
  return { input, type, category: input.category, readableUrl, releaseDate, priceable, variants };
}

async function resolveVariant(
  db: Queryable,
  variant: ProductVariantInput,
  field: string,
  context: { types: Set<string>; existing: Array<{ id: string; type: string }>; priceable: { price: number } },
): Promise<ResolvedVariant> {
  if (context.types.has(variant.type)) refuse(`${field}.type`, oneVariantOfTypeAtMostMessage(variant.type));
  context.types.add(variant.type);
  if (variant.id !== undefined) {
    const mine = context.existing.find((row) => Number(row.id) === variant.id);
    if (!mine) refuse(`${field}.id`, notThisProductsVariantMessage(variant.id));
    if (mine.type !== variant.type) refuse(`${field}.type`, variantTypeFixedMessage(variant.id, mine.type));
  }
  if (variant.type === 'Digital' && variant.stockInfo) refuse(`${field}.stockInfo`, DIGITAL_HAS_NO_STOCK_MESSAGE);
  const tierId = variant.priceTierId ?? null;
  const tier = tierId === null ? null : await tierPrice(db, `${field}.priceTierId`, tierId);
  const usingDefaultPrice = variant.usingDefaultPrice ?? false;
  const own = variant.price ?? null;
  const priceCents = usingDefaultPrice ? (tier ?? context.priceable.price) : (own ?? 0);
  const stock = variant.stockInfo ?? null;
  if (stock) readDay(`${field}.stockInfo.delayedUntilDate`, stock.delayedUntilDate);
  return {
    id: variant.id,
    type: variant.type,
    enabled: variant.enabled,
    priceType: variant.priceType,
    priceCents,
    priceSet: usingDefaultPrice || own !== null,
    usingDefaultPrice,
    priceTierId: tierId,
    currency: variant.currency ?? 'USD',
    scheduleDate: readInstant(`${field}.scheduleDate`, variant.scheduleDate),
    isPreOrder: variant.isPreOrder ?? false,
    cartLimit: variant.cartLimit ?? null,
    stock,
    expectedDelay: variant.expectedDelay?.trim() || null,
  };
}

/**
 * How a history entry reads (issue 26): the service records changes by their field names in the
 * API ('ageRestrictable', 'downloadable.ingestCompleted') and their stored values (codes, storage
 * paths of covers and comic files). People read the editor's names for the fields, labels for the
 * codes, and a file's name rather than its path.
 */
import {
  ageRatingLabel,
  completionStatusLabel,
  contentKindLabel,
  formatLabel,
  humanizeCode,
  priceTypeLabel,
  productTypeLabel,
  publishStatusLabel,
  relativeNameSettingLabel,
} from '@inkwell/contracts/labels';

/** Field names as the editors call them. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  title: 'Title',
  displayName: 'Display name',
  description: 'Description',
  metaDescription: 'Search engine description',
  category: 'Category',
  subCategory: 'Product type',
  subCategoryId: 'Product type',
  readableUrl: 'Web address',
  status: 'Status',
  statusCode: 'Status',
  publishDate: 'Publish date',
  unlisted: 'Unlisted',
  creators: 'Creators',
  thumbnails: 'Cover and images',
  defaultThumbnail: 'Cover',
  externalLinks: 'External links',
  ipTags: 'Tags',
  assetLinkGroups: 'Asset links',
  publishToApple: 'Publish to Apple',
  publishToAndroid: 'Publish to Android',
  publishToWeb: 'Publish to the web',
  trim: 'Trim size',
  variants: 'Variants',
  pageCount: 'Pages',
  series: 'Series',
  seriesId: 'Series',
  illustrationColorTypeId: 'Illustration colour',
  coverTypeId: 'Cover type',
  signed: 'Signed',
  remarqued: 'Remarqued',
  publisherId: 'Publisher',
  imprintId: 'Imprint',
  readingLevelId: 'Reading level',
  issueNumber: 'Number in the series',
  volumeNumber: 'Volume number',
  chapterNumber: 'Chapter number',
  eisbn: 'eISBN',
  isbn: 'ISBN',
  relativeName: 'Name in the series',
  subtitle: 'Subtitle',
  releaseDate: 'Release date',
  chapters: 'Chapters',
  readable: 'Reading',
  priceable: 'Price',
  ageRestrictable: 'Age rating',
  ageRating: 'Age rating',
  geoRestrictable: 'Where it is sold',
  restrictedTerritories: 'Not sold in',
  downloadable: 'Comic file',
  ingestCompleted: 'Comic file ingested',
  reverseReadOrder: 'Read right to left',
  priceType: 'Price type',
  price: 'Price',
  priceTierId: 'Pricing tier',
  priceCents: 'Price',
  usingDefaultPrice: 'Uses the tier price',
  isPreOrder: 'Pre-order',
  enabled: 'Enabled',
  cartLimit: 'Cart limit',
  completionStatus: 'Completion',
  relativeNameSetting: 'Names in the series',
  startDate: 'Starts',
  endDate: 'Ends',
  salesProducts: 'Products on sale',
  includedSeries: 'Series on sale',
  products: 'Products',
  items: 'Items',
  discountPercent: 'Discount',
};

/** 'ageRestrictable' → 'Age rating'; 'downloadable.ingestCompleted' → 'Comic file ingested'; unknown names in words. */
export function auditFieldLabel(field: string): string {
  if (FIELD_LABELS[field]) return FIELD_LABELS[field]!;
  const last = field.split('.').at(-1) ?? field;
  if (FIELD_LABELS[last]) return FIELD_LABELS[last]!;
  return humanizeCode(field.replace(/\./g, ' '));
}

/** Codes of these fields read as their labels. */
const CODE_LABELS: Readonly<Record<string, (code: string) => string>> = {
  status: publishStatusLabel,
  subCategory: productTypeLabel,
  category: contentKindLabel,
  ageRating: ageRatingLabel,
  priceType: priceTypeLabel,
  type: formatLabel,
  completionStatus: completionStatusLabel,
  relativeNameSetting: relativeNameSettingLabel,
};

const FILE_PATH = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/]+)?\/?(?:[^/?#\s]+\/)+([^/?#\s]+\.[a-z0-9]{2,5})(?:[?#].*)?$/i;

/** A storage path or address of a file → its file name ('media/products/12/cover-3a9f.jpg' → 'cover-3a9f.jpg'). */
export function fileNameOf(value: string): string | null {
  const match = FILE_PATH.exec(value.trim());
  return match ? decodeURIComponent(match[1]!) : null;
}

/** A recorded value as a person reads it, given the field it is of. */
export function auditValue(value: unknown, field = ''): string {
  const name = field.split('.').at(-1) ?? field;
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (name === 'status' || name === 'statusCode') return publishStatusLabel(value);
    if (name === 'subCategoryId') return productTypeLabel(value);
    return String(value);
  }
  if (typeof value === 'string') {
    if (CODE_LABELS[name]) return CODE_LABELS[name]!(value);
    // A long value the service shortened is cut JSON: not worth reading as such.
    if (/^[[{]/.test(value) && value.endsWith('…')) return '(changed; too long to show)';
    return fileNameOf(value) ?? value;
  }
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((item) => auditValue(item, name)).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // A file or image: its name.
    for (const key of ['fileName', 'url', 'path', 'key']) {
      if (typeof record[key] === 'string') return fileNameOf(record[key] as string) ?? (record[key] as string);
    }
    if (typeof record.title === 'string') return record.title;
    if (typeof record.name === 'string') return record.name;
    const entries = Object.entries(record);
    // { ageRating: 'm' } under 'Age rating' reads 'Mature 18+', not 'Age rating: Mature 18+'.
    if (entries.length === 1 && auditFieldLabel(entries[0]![0]) === auditFieldLabel(field)) return auditValue(entries[0]![1], entries[0]![0]);
    return entries
      .map(([key, item]) => `${auditFieldLabel(key)}: ${auditValue(item, key)}`)
      .join('; ');
  }
  return String(value);
}

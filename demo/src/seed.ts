import {
  catalogueIsEmpty,
  coverSubjects,
  bundlesAwaitingArt,
  createBundle,
  createCreator,
  createCuratedList,
  createGenre,
  createIpTag,
  createNewsArticle,
  createProduct,
  createPublisher,
  createSalesCampaign,
  createSeries,
  createShortUrl,
  createWheelGroup,
  publishBundleWithThumbnail,
  setHomepageMessaging,
  setProductThumbnails,
  setSeriesThumbnails,
  setWheelGroupStatus,
  type CatalogueChange,
  type Thumbnail,
} from '@inkwell/catalog/store';
import { AGE_RATINGS, PRODUCT_TYPE_CODES, PUBLISH_STATUS_CODES } from '@inkwell/contracts/catalog-rules';
import { LIST_SORTS, WHEEL_MIN_ITEMS_PER_BUCKET, type CuratedListInput } from '@inkwell/contracts/dashboard-merchandising';
import type { Database, FileStorage, Logger, Outbox } from '@inkwell/platform';
import { coverSvg, renderWidths, renderWidthsCached, seriesHeroSvg } from './art';
import { CAMPAIGN_NEWS } from './campaign-news';
import { DEMO_REFERENCE_DATE, generateDemoCatalogue } from './generate';
import type { DemoCatalogue, DemoProduct, DemoSeries } from './types';

/** Widths covers are rendered at (storefront spec §9: comic list widths 250,500). */
export const COVER_WIDTHS = [250, 500];
const HERO_WIDTHS = [1200];
const DAY_MS = 86_400_000;
/** Starter packs: three volumes for the price of this. */
const STARTER_PACK_CENTS = 2499;
const STARTER_PACK_ITEM_CENTS = 833;

/** The running catalog the demo writes into: its database, outbox and logger (a service context has them). */
export interface DemoCatalogTarget {
  db: Database;
  outbox: Outbox;
  logger: Logger;
}

type SeededProduct = { id: number; product: DemoProduct };
type SeededSeries = { id: number; series: DemoSeries; popularity: number; products: SeededProduct[] };

/**
 * Loads the demo catalogue into an empty catalog through the catalog's own store functions, so
 * every record is checked as staff input is and its events go out through the outbox (search and
 * the read cache follow them). One transaction: a half-seeded catalogue never shows. Dates move so
 * that "new", "pre-order" and "on sale" mean the same today as on the generator's reference date.
 * Returns false when the catalog already has products.
 */
export async function seedDemoCatalogue(catalog: DemoCatalogTarget, { seed = 1, now = new Date() }: { seed?: number; now?: Date } = {}): Promise<boolean> {
  const catalogue = generateDemoCatalogue(seed);
  const shiftMs = Math.floor((now.getTime() - new Date(DEMO_REFERENCE_DATE).getTime()) / DAY_MS) * DAY_MS;
  const shift = (iso: string) => new Date(new Date(iso).getTime() + shiftMs);
  return catalog.db.transaction(async (tx) => {
    // Two processes starting on one empty database (replicas) seed once.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['catalog:demo-seed']);
    if (!(await catalogueIsEmpty(tx))) return false;
    const change: CatalogueChange = { tx, outbox: catalog.outbox };
    const lookups = await createLookups(change, catalogue);
    const seeded: SeededSeries[] = [];
    for (const series of catalogue.series) {
      const [publisherId, imprintId] = lookups.publisher(series.publisher, series.imprint);
      const popularity = Math.max(0, ...series.products.map((product) => product.popularity));
      const seriesId = await createSeries(change, {
        title: series.title,
        description: series.description,
        metaDescription: series.description.split('. ')[0]!,
        readableUrl: series.readableUrl,
        color: series.color,
        completionStatus: series.completionStatus,
        ...(series.originalLanguageTitle ? { originalLanguageTitle: series.originalLanguageTitle } : {}),
        ...(series.romanizedTitle ? { romanizedTitle: series.romanizedTitle } : {}),
        altTitles: series.altTitles,
        restrictedTerritories: series.restrictedTerritories,
        unlisted: series.unlisted,
        status: series.status,
        ageRating: series.ageRating,
        rightToLeft: series.rightToLeft,
        ...(publisherId !== undefined ? { publisherId } : {}),
        ...(imprintId !== undefined ? { imprintId } : {}),
        ...(series.ipTag ? { ipTagId: lookups.ipTags.get(series.ipTag)! } : {}),
        genreIds: series.genres.map((genre) => lookups.genres.get(genre)!),
        creators: series.creators.map((credit) => ({ creatorId: lookups.creators.get(credit.creator)!, title: credit.title })),
        popularity,
      });
      const products: SeededProduct[] = [];
      for (const product of series.products) {
        const id = await createProduct(
          change,
          {
            name: product.name,
            description: product.description,
            type: product.subCategory,
            readableUrl: product.readableUrl,
            status: product.status,
            publishDate: shift(product.publishDate),
            unlisted: product.unlisted,
            seriesId,
            ...(product.volumeNumber !== undefined ? { volumeNumber: product.volumeNumber } : {}),
            ...(product.chapterNumber !== undefined ? { chapterNumber: product.chapterNumber } : {}),
            issueNumber: product.issueNumber,
            ...(product.relativeName ? { relativeName: product.relativeName } : {}),
            pageCount: product.pageCount,
            ageRating: product.ageRating,
            restrictedTerritories: product.restrictedTerritories,
            reverseReadOrder: product.reverseReadOrder,
            // The demo's pages are drawn by the reader's page source on first read.
            ingestCompleted: true,
            ...(publisherId !== undefined ? { publisherId } : {}),
            ...(imprintId !== undefined ? { imprintId } : {}),
            popularity: product.popularity,
            variants: product.variants.map(({ scheduleDate, stock, ...variant }) => ({
              ...variant,
              ...(scheduleDate ? { scheduleDate: shift(scheduleDate) } : {}),
              ...(stock ? { stock: { ...stock, ...(stock.delayedUntilDate ? { delayedUntilDate: shift(stock.delayedUntilDate).toISOString() } : {}) } } : {}),
            })),
          },
          now,
        );
        products.push({ id, product });
      }
      seeded.push({ id: seriesId, series, popularity, products });
    }
    await createSale(change, seeded, now);
    await createHomePage(change, seeded);
    await createNews(change, catalogue, seeded, shift);
    await createStarterPacks(change, seeded);
    catalog.logger.info({ series: seeded.length, products: seeded.reduce((sum, series) => sum + series.products.length, 0) }, 'demo catalogue seeded');
    return true;
  });
}

async function createLookups({ tx }: CatalogueChange, catalogue: DemoCatalogue) {
  const publishers = new Map<string, { id: number; imprints: Map<string, number> }>();
  for (const publisher of catalogue.publishers) publishers.set(publisher.key, await createPublisher(tx, publisher));
  const byKey = async (items: ReadonlyArray<{ key: string; name: string }>, create: (name: string) => Promise<number>) => {
    const ids = new Map<string, number>();
    for (const item of items) ids.set(item.key, await create(item.name));
    return ids;
  };
  return {
    genres: await byKey(catalogue.genres, (name) => createGenre(tx, { name })),
    creators: await byKey(catalogue.creators, (name) => createCreator(tx, { name })),
    ipTags: await byKey(catalogue.ipTags, (name) => createIpTag(tx, { name })),
    publisher(key: string, imprint: string | undefined): [number | undefined, number | undefined] {
      const publisher = publishers.get(key);
      return [publisher?.id, imprint ? publisher?.imprints.get(imprint) : undefined];
    },
  };
}

const isListed = (series: DemoSeries) => series.status === 'Published' && !series.unlisted;

async function createSale(change: CatalogueChange, seeded: readonly SeededSeries[], now: Date): Promise<void> {
  const onSale = seeded.flatMap((series) => series.products).filter(({ product }) => product.saleDigitalPriceCents !== undefined);
  if (onSale.length === 0) return;
  await createSalesCampaign(change, {
    name: 'Autumn Reading Sale',
    description: 'Selected digital volumes at reduced prices.',
    startDate: new Date(now.getTime() - 7 * DAY_MS),
    endDate: new Date(now.getTime() + 30 * DAY_MS),
    status: 'Published',
    products: onSale.map(({ id, product }) => ({ productId: id, variantType: 'Digital' as const, discountPriceCents: product.saleDigitalPriceCents! })),
  });
}

/** Who the demo's curated home page is recorded as (its audit entries). */
const DEMO_STAFF = { id: 'demo-seed', email: null };

/** What a wheel item of the demo points at: a series, or one volume of it (rated on its own). */
type WheelPick = { series: SeededSeries; product?: SeededProduct; rating: DemoSeries['ageRating']; popularity: number };

/**
 * What a wheel group shows: the `lead` most popular listed series not restricted anywhere, then more
 * (by popularity) until every age-rating bucket has the items publishing needs — an item shown up to
 * m counts for each bucket from its own rating up. The demo has few series for the youngest readers,
 * so their buckets are filled with single volumes rated for them.
 */
function wheelPicks(seeded: readonly SeededSeries[], lead: number, skip: ReadonlySet<number> = new Set()): WheelPick[] {
  const open = seeded.filter(({ id, series }) => isListed(series) && series.restrictedTerritories.length === 0 && !skip.has(id));
  const seriesPicks: WheelPick[] = open.map((entry) => ({ series: entry, rating: entry.series.ageRating, popularity: entry.popularity })).sort((a, b) => b.popularity - a.popularity);
  const volumePicks: WheelPick[] = open
    .flatMap((entry) => entry.products.filter(({ product }) => product.status === 'Published' && !product.unlisted && product.restrictedTerritories.length === 0 && product.subCategory === 'Volume').map((product) => ({ series: entry, product, rating: product.product.ageRating, popularity: product.product.popularity })))
    .sort((a, b) => b.popularity - a.popularity);
  const chosen = seriesPicks.slice(0, lead);
  for (const [rank, bucket] of AGE_RATINGS.entries()) {
    const fits = (pick: WheelPick) => AGE_RATINGS.indexOf(pick.rating) <= rank;
    for (const pick of [...seriesPicks, ...volumePicks]) {
      if (chosen.filter(fits).length >= WHEEL_MIN_ITEMS_PER_BUCKET) break;
      if (fits(pick) && !chosen.some((other) => other.series === pick.series && other.product === pick.product)) chosen.push(pick);
    }
    if (chosen.filter(fits).length < WHEEL_MIN_ITEMS_PER_BUCKET) throw new Error(`The demo catalogue has too few items for the '${bucket}' bucket of the wheel.`);
  }
  return chosen;
}

/** An image the demo's art renderer draws later (renderDemoArt), by its file key: the storefront serves it from file storage. */
const artAsset = (key: string, width: number, height: number, color: string | undefined) => ({ url: `/media/${key}`, width, height, localPath: key, color: PALETTE[color ?? 'navy'] ?? null });

/**
 * The home page staff would curate, through the same store functions as the dashboard: a hero wheel
 * of Banner slides (the most popular series), a Thumbnail row of more picks, the message bar; the
 * curated lists below it.
 */
async function createHomePage(change: CatalogueChange, seeded: readonly SeededSeries[]): Promise<void> {
  const tagline = (series: DemoSeries) => series.description.split('. ')[0]!.replace(/\.$/, '');
  const itemOf = (pick: WheelPick, ordinal: number) => ({
    type: 'Image' as const,
    enabled: true,
    ordinal,
    displayUpToAgeRating: 'm' as const,
    subtitle: pick.product ? pick.product.product.name : pick.series.series.title,
    tagline: tagline(pick.series.series),
    actionType: pick.product ? ('Product' as const) : ('Series' as const),
    seriesId: pick.series.id,
    ...(pick.product ? { productId: pick.product.id } : {}),
  });
  const featured = wheelPicks(seeded, 6);
  const bannerId = await createWheelGroup(change, DEMO_STAFF, {
    type: 'Banner',
    name: 'Featured series',
    isForSteam: false,
    isForWebsite: true,
    isForNintendoSwitch: false,
    isForApp: true,
    isHeroBanner: true,
    items: featured.map((pick, ordinal) => ({
      ...itemOf(pick, ordinal),
      buttonText: pick.product ? 'Read now' : 'Start reading',
      thumbnail: artAsset(`covers/series-${pick.series.id}-hero-1200.webp`, 1200, 400, pick.series.series.color),
      thumbnailFallback: artAsset(`covers/series-${pick.series.id}-hero-1200.jpg`, 1200, 400, pick.series.series.color),
    })),
  });
  const picks = wheelPicks(seeded, 8, new Set(featured.slice(0, 6).map((pick) => pick.series.id)));
  const picksId = await createWheelGroup(change, DEMO_STAFF, {
    type: 'Thumbnail',
    name: 'Staff picks',
    isForSteam: false,
    isForWebsite: true,
    isForNintendoSwitch: false,
    isForApp: true,
    items: picks.map((pick, ordinal) => {
      const key = pick.product ? `covers/product-${pick.product.id}-500` : `covers/series-${pick.series.id}-500`;
      const height = pick.product ? 625 : 700;
      return { ...itemOf(pick, ordinal), thumbnail: artAsset(`${key}.webp`, 500, height, pick.series.series.color), thumbnailFallback: artAsset(`${key}.jpg`, 500, height, pick.series.series.color) };
    }),
  });
  for (const id of [bannerId, picksId]) await setWheelGroupStatus(change, DEMO_STAFF, id, 'Published');
  await setHomepageMessaging(change, DEMO_STAFF, { enabled: true, text: 'Autumn Reading Sale: selected digital volumes at reduced prices.', linkText: 'See the sale', linkUrl: '/browse/?s=0&st=true' });
  await createCuratedLists(change, seeded, new Set([...featured, ...picks].map((pick) => pick.series.id)));
}

/**
 * The carousels below the wheel, as staff make curated lists (dashboard spec §3 "Curated list"):
 * one hand-picked (a first volume of series the wheel does not show), the others by filter criteria.
 */
async function createCuratedLists(change: CatalogueChange, seeded: readonly SeededSeries[], onTheWheel: ReadonlySet<number>): Promise<void> {
  const firstVolumes = seeded
    .filter(({ id, series }) => isListed(series) && series.restrictedTerritories.length === 0 && !onTheWheel.has(id))
    .sort((a, b) => b.popularity - a.popularity)
    .flatMap(({ products }) => products.filter(({ product }) => product.status === 'Published' && !product.unlisted && product.subCategory === 'Volume' && product.restrictedTerritories.length === 0).slice(0, 1))
    .slice(0, 8);
  const Volume = PRODUCT_TYPE_CODES.Volume;
  const lists: Array<Omit<CuratedListInput, 'status'>> = [
    { title: 'New releases', type: 'Filtered', customCallToActionText: 'All new releases', customCallToActionUrl: '/browse/?st=3&is=false', curatedItems: [], filterCriteria: { newOnly: true, sort: LIST_SORTS.PublishDateDescending, typeIds: [Volume] } },
    { title: 'On sale now', type: 'Filtered', customCallToActionText: 'See the sale', customCallToActionUrl: '/browse/?s=0&st=true', curatedItems: [], filterCriteria: { isOnSale: true, sort: LIST_SORTS.NewAndPopular } },
    { title: 'Staff favourites', type: 'Curated', customCallToActionText: null, customCallToActionUrl: null, curatedItems: firstVolumes.map(({ id }) => ({ kind: 'product' as const, id })), filterCriteria: {} },
    { title: 'Read the first chapters free', type: 'Filtered', curatedItems: [], filterCriteria: { isFree: true, typeIds: [PRODUCT_TYPE_CODES.Chapter], sort: LIST_SORTS.AllTimePopular } },
    { title: 'Popular series', type: 'Filtered', customCallToActionText: 'Browse all series', customCallToActionUrl: '/browse/', curatedItems: [], filterCriteria: { includeSeries: true, sort: LIST_SORTS.AllTimePopular } },
    { title: 'Coming soon', type: 'Filtered', customCallToActionText: 'Release calendar', customCallToActionUrl: '/calendar/', curatedItems: [], filterCriteria: { scheduleStatus: [PUBLISH_STATUS_CODES.ScheduledPreOrder, PUBLISH_STATUS_CODES.ScheduledComingSoon], sort: LIST_SORTS.PublishDateAscending } },
  ];
  for (const [order, list] of lists.entries()) await createCuratedList(change, DEMO_STAFF, { ...list, status: 'Published', order });
}

async function createNews(change: CatalogueChange, catalogue: DemoCatalogue, seeded: readonly SeededSeries[], shift: (iso: string) => Date): Promise<void> {
  const seriesIds = new Map(seeded.map(({ id, series }) => [series.key, id]));
  for (const article of catalogue.news) {
    const seriesId = article.series ? seriesIds.get(article.series) : undefined;
    await createNewsArticle(change, {
      title: article.title,
      readableUrl: article.readableUrl,
      summary: article.summary,
      bodyHtml: article.bodyHtml,
      pageType: article.pageType,
      status: 'Published',
      publishedAt: shift(article.publishedAt),
      ...(seriesId !== undefined ? { seriesId } : {}),
    });
  }
  await createShortUrl(change.tx, { code: 'news', longUrl: '/news/' });
  await createShortUrl(change.tx, { code: 'calendar', longUrl: '/calendar/' });
  for (const article of CAMPAIGN_NEWS) {
    await createNewsArticle(change, { ...article, status: 'Published', publishedAt: new Date(article.publishedAt) });
  }
}

/**
 * Starter packs: the first three published volumes of the three most popular listed series that
 * have them. Seeded as Drafts: a published bundle needs a default thumbnail (the staff rule), so
 * each is published with its first volume's cover once the art is drawn (renderDemoArt).
 */
async function createStarterPacks(change: CatalogueChange, seeded: readonly SeededSeries[]): Promise<void> {
  const packs = seeded
    .filter(({ series }) => isListed(series))
    .map((entry) => ({
      ...entry,
      volumes: entry.products
        .filter(({ product }) => product.subCategory === 'Volume' && product.status === 'Published')
        .sort((a, b) => (a.product.volumeNumber ?? 0) - (b.product.volumeNumber ?? 0))
        .slice(0, 3),
    }))
    .filter((entry) => entry.volumes.length === 3)
    .sort((a, b) => b.popularity - a.popularity)
    .slice(0, 3);
  for (const { series, volumes } of packs) {
    await createBundle(change, {
      name: `${series.title} starter pack`,
      description: `The first three volumes of ${series.title} together.`,
      readableUrl: `${series.readableUrl}-starter-pack`,
      status: 'Draft',
      priceCents: STARTER_PACK_CENTS,
      items: volumes.map(({ id }) => ({ productId: id, priceCents: STARTER_PACK_ITEM_CENTS })),
    });
  }
}

/**
 * Renders the demo art (series posters and banners, product covers) into file storage and records
 * the images through the catalog's store, reporting progress. Images already stored are not drawn
 * again, and images already recorded are not recorded again, so a restart re-checks quickly and
 * tells no one. Returns false when stopped by `signal` before the end.
 */
export interface DemoArtOptions {
  /** Stops rendering between two images. */
  signal?: AbortSignal;
  /** A folder of earlier renderings to read instead of drawing again (`renderWidthsCached`), e.g. shared by test stacks. */
  cacheDir?: string;
}

export async function renderDemoArt(catalog: DemoCatalogTarget & { files: FileStorage }, { signal, cacheDir }: DemoArtOptions = {}): Promise<boolean> {
  const { db, files, logger } = catalog;
  const subjects = await coverSubjects(db);
  const total = subjects.series.length + subjects.products.length;
  let done = 0;
  let lastReport = Date.now();
  const progress = () => {
    done += 1;
    if (Date.now() - lastReport > 3000 || done === total) {
      lastReport = Date.now();
      logger.info({ done, total }, `rendering demo art ${done}/${total}`);
    }
  };
  /** `ratio` is height over width of the art. */
  const store = async (svg: string, key: string, widths: number[], ratio: number, role: string, color: string): Promise<Thumbnail[]> => {
    const keys = widths.map((width) => ({ width, webp: `${key}-${width}.webp`, jpeg: `${key}-${width}.jpg` }));
    const present = await Promise.all(keys.flatMap((entry) => [files.exists(entry.webp), files.exists(entry.jpeg)]));
    if (present.some((exists) => !exists)) {
      // One rasterisation of the SVG serves every width.
      const images = cacheDir ? await renderWidthsCached(svg, widths, cacheDir) : await renderWidths(svg, widths);
      for (const [index, image] of images.entries()) {
        await files.put(keys[index]!.webp, image.webp, 'image/webp');
        await files.put(keys[index]!.jpeg, image.jpeg, 'image/jpeg');
      }
    }
    return keys.map((entry) => ({
      url: files.publicUrl(entry.webp),
      fallbackUrl: files.publicUrl(entry.jpeg),
      width: entry.width,
      height: Math.round(entry.width * ratio),
      role,
      color: PALETTE[color] ?? PALETTE.navy!,
    }));
  };
  const record = (write: (change: CatalogueChange) => Promise<boolean>) => db.transaction((tx) => write({ tx, outbox: catalog.outbox }));
  const productCovers = new Map<number, Thumbnail[]>();
  for (const series of subjects.series) {
    if (signal?.aborted) return false;
    const color = series.color ?? 'navy';
    const poster = await store(coverSvg({ title: series.title, seriesColor: color, seed: series.id, width: 500, height: 700 }), `covers/series-${series.id}`, COVER_WIDTHS, 1.4, 'cover', color);
    const hero = await store(seriesHeroSvg({ title: series.title, seriesColor: color, seed: series.id, width: 1200, height: 400 }), `covers/series-${series.id}-hero`, HERO_WIDTHS, 1 / 3, 'hero', color);
    await record((change) => setSeriesThumbnails(change, series.id, [...poster, ...hero]));
    progress();
  }
  for (const product of subjects.products) {
    if (signal?.aborted) return false;
    const color = product.seriesColor ?? 'navy';
    const subtitle = product.chapterNumber !== null ? `Chapter ${product.chapterNumber}` : product.volumeNumber !== null ? `Volume ${product.volumeNumber}` : undefined;
    const svg = coverSvg({ title: product.seriesTitle ?? product.name, ...(subtitle ? { subtitle } : {}), seriesColor: color, seed: product.id, width: 500, height: 625 });
    const covers = await store(svg, `covers/product-${product.id}`, COVER_WIDTHS, 1.25, 'cover', color);
    await record((change) => setProductThumbnails(change, product.id, covers));
    productCovers.set(product.id, covers);
    progress();
  }
  for (const bundle of await bundlesAwaitingArt(db)) {
    const cover = productCovers.get(bundle.firstProductId)?.at(-1);
    if (!cover) continue;
    const { role: _role, ...thumbnail } = cover;
    await record((change) => publishBundleWithThumbnail(change, bundle.id, thumbnail));
  }
  return true;
}

/** The dominant colour of each brand colour's art, shown while an image loads. */
const PALETTE: Record<string, string> = {
  blue: '#2f6fde', green: '#1f9d6b', navy: '#1b2140', orange: '#f0803c', pink: '#e85d9f', purple: '#7b4fd6', red: '#d64545', yellow: '#f5c542',
};

export interface RunningDemo {
  /** Resolves when the art is rendered and recorded (or rendering stopped or failed). */
  artRendered: Promise<void>;
  /** Stops rendering art and waits for the image being drawn. */
  stop(): Promise<void>;
}

/**
 * The demo data of `npm start` (DEMO_DATA): seeds an empty catalog, then renders the art in the
 * background so the store answers at once; pages show colour blocks until their covers exist, and
 * the catalog's events index each cover and drop cached answers as it is recorded.
 */
export async function startDemoCatalogue(catalog: DemoCatalogTarget & { files: FileStorage }): Promise<RunningDemo> {
  await seedDemoCatalogue(catalog);
  const rendering = new AbortController();
  const artRendered = renderDemoArt(catalog, { signal: rendering.signal }).then(
    () => undefined,
    (error: unknown) => catalog.logger.error({ err: error }, 'rendering demo art failed'),
  );
  return {
    artRendered,
    async stop() {
      rendering.abort();
      await artRendered;
    },
  };
}

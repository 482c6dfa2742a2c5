import { Type } from '@sinclair/typebox';
import { BadRequestError, DigitsId, EnvelopeOf, NumericId, success, type App } from '@inkwell/platform';
import { isOutForReading, READER_MESSAGES, SHELF_PAGE_SIZE, SHELF_SORTS, type ShelfSort } from '../domain';
import { libraryItems, processingItems, shelfPage } from '../flows/my-comics';
import { ownsPublication } from '../store/entitlements';
import { wipeProgress } from '../store/progress';
import { emptyShelf, shelve, unshelve } from '../store/shelf';
import { findPublication } from '../flows/reading';
import type { ReaderDeps } from './deps';
import { LibraryItemSchema, ShelfRemovalSchema } from '@inkwell/contracts/library';
import { ProductId } from './schemas';

const MAX_SHELF_PAGE = 100;

const ShelfQuerySchema = Type.Object({
  sort: Type.Optional(Type.Integer({ enum: SHELF_SORTS.map((sort) => sort.code), errorMessage: READER_MESSAGES.shelfSort(SHELF_SORTS) })),
  search: Type.Optional(Type.String({ maxLength: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SHELF_PAGE })),
  withReadingProgress: Type.Optional(Type.Boolean()),
  onlyPurchased: Type.Optional(Type.Boolean()),
});

/** A variant id, or '-' for none (storefront spec §7: POST /mycomics/{a}/{b}). */
const VariantParam = Type.String({ pattern: '^(-|[0-9]{1,18})$', errorMessage: READER_MESSAGES.variantParam });

const ShelfItemParams = Type.Object({ productId: ProductId, variantId: VariantParam });

const signedInSecurity = [{ bearer: [] }];

/**
 * My Comics (storefront spec §7 Library): the signed-in reader's shelf, its variants, adding and
 * removing, and emptying it. Reading progress has its own routes (reading-progress.ts).
 */
export async function myComicsRoutes(app: App, { context, catalog, pages }: ReaderDeps): Promise<void> {
  const { db } = context;
  const signedIn = { preHandler: context.auth.requireUser };
  const deps = { db, catalog, pages };

  const list = async (userId: string, query: typeof ShelfQuerySchema.static, withReadingProgress: boolean) => {
    const { items, fullCount } = shelfPage(await libraryItems(deps, userId), {
      sort: query.sort as ShelfSort | undefined,
      search: query.search?.trim() || undefined,
      offset: query.offset ?? 0,
      count: query.count ?? SHELF_PAGE_SIZE,
      onlyPurchased: query.onlyPurchased ?? false,
      withReadingProgress,
    });
    return success(items, { fullCount });
  };

  const listSchema = (summary: string) => ({
    tags: ['library'],
    summary,
    security: signedInSecurity,
    querystring: ShelfQuerySchema,
    response: { 200: EnvelopeOf(Type.Array(LibraryItemSchema)) },
  });

  app.get('/api/mycomics', {
    ...signedIn,
    schema: listSchema('My Comics, one page at a time (withReadingProgress=true: only comics started)'),
    handler: async (request) => list(request.principal!.userId, request.query, request.query.withReadingProgress ?? false),
  });

  app.get('/api/mycomics/withReadingProgress', {
    ...signedIn,
    schema: listSchema('The comics of My Comics the reader has started, last read first unless sorted'),
    handler: async (request) => list(request.principal!.userId, request.query, true),
  });

  app.get('/api/mycomics/processing', {
    ...signedIn,
    schema: {
      tags: ['library'],
      summary: 'Comics bought that cannot be read yet (pre-orders before release day), soonest release first',
      security: signedInSecurity,
      response: { 200: EnvelopeOf(Type.Array(LibraryItemSchema)) },
    },
    handler: async (request) => {
      const items = await processingItems(deps, request.principal!.userId);
      return success(items, { fullCount: items.length });
    },
  });

  app.post('/api/mycomics/:productId/:variantId', {
    ...signedIn,
    schema: { tags: ['library'], summary: "Put a comic on the shelf (variant '-' for none)", security: signedInSecurity, params: ShelfItemParams, response: { 200: EnvelopeOf(LibraryItemSchema) } },
    handler: async (request) => {
      const userId = request.principal!.userId;
      const { productId, variantId } = request.params;
      const publication = await findPublication(catalog, productId);
      const variant = variantId === '-' ? null : variantId;
      if (variant !== null && !publication.variantIds.includes(variant)) throw new BadRequestError(READER_MESSAGES.notAVariant(variant), { field: 'variantId' });
      if (!isOutForReading(publication, await ownsPublication(db, userId, publication.id), new Date())) {
        throw new BadRequestError(READER_MESSAGES.notOutYet);
      }
      await shelve(db, userId, publication.id, variant);
      const [item] = await libraryItems(deps, userId, [publication.id]);
      return success(item!);
    },
  });

  app.patch('/api/mycomics/remove/:productId/:variantId', {
    ...signedIn,
    schema: {
      tags: ['library'],
      summary: 'Take a comic off the shelf (it stays owned, and its progress is kept)',
      security: signedInSecurity,
      params: ShelfItemParams,
      response: { 200: EnvelopeOf(ShelfRemovalSchema) },
    },
    handler: async (request) => {
      const removed = await unshelve(db, request.principal!.userId, request.params.productId);
      return success({ productId: request.params.productId, removed });
    },
  });

  app.post('/api/mycomics/EmptyBookshelf', {
    ...signedIn,
    // The option is optional, so a call without a body is a call without it.
    preValidation: async (request) => {
      request.body ??= {};
    },
    schema: {
      tags: ['library'],
      summary: 'Empty the shelf, and wipe all reading history too when asked',
      security: signedInSecurity,
      body: Type.Object({ wipeReadingHistory: Type.Optional(Type.Boolean()) }),
      response: { 200: EnvelopeOf(Type.Object({ removed: Type.Integer(), wipedReadingHistory: Type.Boolean() })) },
    },
    handler: async (request) => {
      const userId = request.principal!.userId;
      const wipe = request.body.wipeReadingHistory ?? false;
      const removed = await db.transaction(async (tx) => {
        const count = await emptyShelf(tx, userId);
        if (wipe) await wipeProgress(tx, userId);
        return count;
      });
      return success({ removed, wipedReadingHistory: wipe });
    },
  });

  app.post('/api/mycomics/wipe-reading-history', {
    ...signedIn,
    schema: {
      tags: ['library'],
      summary: 'Forget reading progress in one series ({SeriesId}) or everywhere ({All: true})',
      security: signedInSecurity,
      body: Type.Object({
        SeriesId: Type.Optional(Type.Union([NumericId(), DigitsId()], { errorMessage: READER_MESSAGES.seriesId })),
        All: Type.Optional(Type.Boolean()),
      }),
      response: { 200: EnvelopeOf(Type.Object({ wiped: Type.Integer() })) },
    },
    handler: async (request) => {
      const { SeriesId, All } = request.body;
      if ((SeriesId === undefined) === (All !== true)) throw new BadRequestError(READER_MESSAGES.wipeWhich);
      const wiped = await wipeProgress(db, request.principal!.userId, All === true ? undefined : String(SeriesId));
      return success({ wiped });
    },
  });
}

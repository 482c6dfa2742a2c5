import { FormatRegistry, Type, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import {
  DashboardProductSchema,
  ProductListPageSchema,
  ProductListRowSchema,
  ProductListQuerySchema,
  ProductSaveSchema,
  ProductSavedSchema,
  type DashboardProduct,
  type ProductSave,
  type ProductSaved,
} from '@inkwell/contracts/dashboard-products';
import { BadRequestError, EnvelopeOf, NotFoundError, NumericId, success, type App, type ServiceContext } from '@inkwell/platform';
import { staffActor } from '../store/audit';
import { loadDashboardProduct } from '../store/product-editor';
import { listProducts, productsOfSeries } from '../store/product-list';
import { saveProduct } from '../store/product-save';
import { invalidBodyFieldMessage, NAME_THE_PRODUCT_MESSAGE, newProductHasNoIdMessage } from '../domain/messages';

// The same JSON schemas, typed flat: the product's full static type is too deep for the route's type
// inference (TS2589), and the store functions are typed against the contract anyway.
const ProductAnswer = Type.Unsafe<DashboardProduct>(DashboardProductSchema);
const SavedAnswer = Type.Unsafe<ProductSaved>(ProductSavedSchema);

if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)));

/**
 * Checks a JSON body as sent, without the app's type coercion: coercing turns a null sent for a
 * nullable number into 0 (chapterNumber: null would save chapter 0) and a null text into ''. The
 * body's JSON already has the right types; query strings, which need coercion, keep the default.
 */
function exactBody({ schema }: { schema: unknown }) {
  const check = TypeCompiler.Compile(schema as TSchema);
  return (data: unknown) => {
    if (check.Check(data)) return { value: data };
    const issue = check.Errors(data).First();
    const field = issue?.path.replace(/^\//, '').replace(/\//g, '.') || 'body';
    return { error: new BadRequestError(invalidBodyFieldMessage(field, issue?.message)) };
  };
}

/**
 * The staff product editor's reads and saves (dashboard spec §7 "Products": list, get, products of
 * a series, new, alter). Publishing and the other status moves are in staff-publishing.ts.
 */
export async function staffProductRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db, outbox } = context;
  const admin = { preHandler: context.auth.requireAdmin };
  const tags = ['dashboard'];

  app.get('/api/dashboard/product', {
    ...admin,
    schema: { tags, summary: 'List products for staff (paginated, filtered)', querystring: ProductListQuerySchema, response: { 200: EnvelopeOf(ProductListPageSchema) } },
    handler: async (request) => success(await listProducts(db, request.query)),
  });

  app.post('/api/dashboard/product', {
    ...admin,
    schema: { tags, summary: 'List products for staff, filters in the body', body: ProductListQuerySchema, response: { 200: EnvelopeOf(ProductListPageSchema) } },
    handler: async (request) => success(await listProducts(db, request.body)),
  });

  app.get('/api/dashboard/product/for/series/:id', {
    ...admin,
    schema: { tags, summary: "A series' products, in reading order", params: Type.Object({ id: NumericId() }), response: { 200: EnvelopeOf(Type.Array(ProductListRowSchema)) } },
    handler: async (request) => {
      const { rowCount } = await db.query('SELECT 1 FROM series WHERE id = $1', [request.params.id]);
      if (!rowCount) throw new NotFoundError();
      return success(await productsOfSeries(db, request.params.id));
    },
  });

  app.get('/api/dashboard/product/:id', {
    ...admin,
    schema: { tags, summary: 'A product as the editor shows it', params: Type.Object({ id: NumericId() }), response: { 200: EnvelopeOf(ProductAnswer) } },
    handler: async (request) => {
      const product = await loadDashboardProduct(db, request.params.id);
      if (!product) throw new NotFoundError();
      return success(product);
    },
  });

  const save = (input: ProductSave, id: number | undefined, actor: ReturnType<typeof staffActor>) =>
    db.transaction((tx) => saveProduct({ tx, outbox }, actor, input, id));

  app.post('/api/dashboard/product/new', {
    ...admin,
    validatorCompiler: exactBody,
    schema: { tags, summary: 'Create a product (saved as Draft)', body: ProductSaveSchema, response: { 200: EnvelopeOf(SavedAnswer) } },
    handler: async (request) => {
      if (request.body.id !== undefined) throw new BadRequestError(newProductHasNoIdMessage(request.body.id));
      return success(await save(request.body, undefined, staffActor(request)));
    },
  });

  app.post('/api/dashboard/product/alter', {
    ...admin,
    validatorCompiler: exactBody,
    schema: { tags, summary: 'Change a product', body: ProductSaveSchema, response: { 200: EnvelopeOf(SavedAnswer) } },
    handler: async (request) => {
      if (request.body.id === undefined) throw new BadRequestError(NAME_THE_PRODUCT_MESSAGE);
      return success(await save(request.body, request.body.id, staffActor(request)));
    },
  });
}

import { Type } from '@sinclair/typebox';
import { UserProductAddBodySchema, UserProductDeleteBodySchema, UserProductSchema, UserProductsQuerySchema } from '@inkwell/contracts/dashboard-customers';
import { EnvelopeOf, staffActorOf, success, type App } from '@inkwell/platform';
import { grantProducts, listUserProducts, refuseDeletedAccount, removeUserProduct } from '../flows/grant-products';
import type { ReaderDeps } from './deps';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const UserProductsSchema = Type.Array(UserProductSchema);

/**
 * A user's products (dashboard spec §7 Users: `users/products`, `products/add`, `products/compAdd`,
 * `products/delete/{id}`): what they own by the entitlement rule, and staff grants and removals with
 * the reason and the staff member recorded and audited. Admins only. See flows/grant-products.ts.
 */
export async function staffUserProductRoutes(app: App, { context, catalog }: ReaderDeps): Promise<void> {
  const deps = { db: context.db, catalog };
  const admin = { preHandler: context.auth.requireAdmin };

  app.get('/api/dashboard/users/products', {
    ...admin,
    schema: {
      tags,
      security,
      summary: "The products a user owns now (purchases not refunded or removed, grants not removed), each with the id that products/delete takes; 404 for a deleted account",
      querystring: UserProductsQuerySchema,
      response: { 200: EnvelopeOf(UserProductsSchema) },
    },
    handler: async (request) => {
      const userId = request.query.userId.toLowerCase();
      await refuseDeletedAccount(deps.db, userId);
      return success(await listUserProducts(deps, userId));
    },
  });

  for (const [path, kind, summary] of [
    ['add', 'add', 'Grant products to a user by SKU (product id or readable url), with the reason: a staff addition'],
    ['compAdd', 'comp', 'Grant complimentary copies to a user by SKU (product id or readable url), with the reason'],
  ] as const) {
    app.post(`/api/dashboard/users/products/${path}`, {
      ...admin,
      schema: { tags, security, summary, body: UserProductAddBodySchema, response: { 200: EnvelopeOf(UserProductsSchema) } },
      handler: async (request) => {
        const { products, warnings } = await grantProducts(deps, staffActorOf(request.principal), { ...request.body, kind });
        return success(products, warnings.length > 0 ? { warnings } : {});
      },
    });
  }

  app.post('/api/dashboard/users/products/delete/:id', {
    ...admin,
    schema: {
      tags,
      security,
      summary: "Remove one of a user's products (a grant, or a purchase's copy), with the reason; answers the user's products after it",
      params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
      body: UserProductDeleteBodySchema,
      response: { 200: EnvelopeOf(UserProductsSchema) },
    },
    handler: async (request) => success((await removeUserProduct(deps, staffActorOf(request.principal), request.params.id, request.body.reason)).products),
  });
}

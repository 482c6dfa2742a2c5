import { Type } from '@sinclair/typebox';
import { OrderPageSchema, UserOrdersQuerySchema, UserTransactionSchema } from '@inkwell/contracts/dashboard-customers';
import { EnvelopeOf, success, type App, type ServiceContext } from '@inkwell/platform';
import { listStaffOrders, userTransactions } from '../store/staff-orders';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const UserIdParams = Type.Object({ id: Type.String({ format: 'uuid', errorMessage: 'id must be a user id (a UUID).' }) });
const DEFAULT_PAGE_SIZE = 20;

/**
 * A user's money as the customer page shows it (dashboard spec §7 Users, answered by the order
 * service): their charges and refunds, and their orders a page at a time. Admins only. A user with
 * no orders (or unknown here) has none: an empty answer, not a 404.
 */
export async function staffUserOrderRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db } = context;
  const admin = { preHandler: context.auth.requireAdmin };

  app.get('/api/dashboard/users/transactions/:id', {
    ...admin,
    schema: { tags, security, summary: "The user's charges and refunds, newest first", params: UserIdParams, response: { 200: EnvelopeOf(Type.Array(UserTransactionSchema)) } },
    handler: async (request) => success(await userTransactions(db, request.params.id.toLowerCase())),
  });

  app.post('/api/dashboard/users/paginated-orders', {
    ...admin,
    schema: { tags, security, summary: "The user's orders, newest first, a page at a time (userId, page, pageSize in the query)", querystring: UserOrdersQuerySchema, response: { 200: EnvelopeOf(OrderPageSchema) } },
    handler: async (request) => {
      const pageSize = request.query.pageSize ?? DEFAULT_PAGE_SIZE;
      const page = request.query.page ?? 1;
      return success(await listStaffOrders(db, { userId: request.query.userId.toLowerCase(), start: (page - 1) * pageSize, count: pageSize }));
    },
  });
}

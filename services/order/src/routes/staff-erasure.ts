import { DeleteSubscriptionAndCustomerBodySchema, ErasureResultSchema, USER_MESSAGES } from '@inkwell/contracts/dashboard-customers';
import { DomainError, EnvelopeOf, staffActorOf, success, type App, type ServiceContext } from '@inkwell/platform';
import type { PaymentProcessor } from '../drivers/payments/port';
import { eraseCustomer } from '../flows/erase-customer';
import type { GrpcAccountAdmin } from '../peers/account-admin';

export interface StaffErasureDeps {
  context: ServiceContext;
  payments: Pick<PaymentProcessor, 'deleteCustomer'>;
  accounts: Pick<GrpcAccountAdmin, 'eraseAccount'>;
}

/**
 * `POST /user/deletesubscriptionandcustomer` (dashboard spec §7 Users; admin): erases the person —
 * the payment provider's customer deleted and the orders anonymised here (flows/erase-customer.ts),
 * then the account erased by the account service (gRPC AccountAdmin.EraseAccount), whose
 * `account.deleted` makes every other service forget them. An unknown user still has whatever orders
 * exist anonymised and answers `erased: false`.
 */
export async function staffErasureRoutes(app: App, { context, payments, accounts }: StaffErasureDeps): Promise<void> {
  app.post('/api/user/deletesubscriptionandcustomer', {
    preHandler: context.auth.requireAdmin,
    schema: {
      tags: ['dashboard'],
      security: [{ bearer: [] }],
      summary: "Erase a person: the payment provider's customer, their orders' personal data (the orders are kept) and their account",
      body: DeleteSubscriptionAndCustomerBodySchema,
      response: { 200: EnvelopeOf(ErasureResultSchema) },
    },
    handler: async (request) => {
      const actor = staffActorOf(request.principal);
      const { userId } = request.body;
      if (userId === actor.id) throw new DomainError(409, 'Conflict', USER_MESSAGES.eraseOwnAccount, { field: 'userId' });
      const erasure = await eraseCustomer({ db: context.db, payments, logger: context.logger }, userId, actor);
      const erased = await accounts.eraseAccount(userId, actor);
      return success({ userId, erased, paymentCustomersDeleted: erasure.paymentCustomersDeleted });
    },
  });
}

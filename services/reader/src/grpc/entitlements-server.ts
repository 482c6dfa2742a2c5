import { BadRequestError, type EntitlementsService, type Queryable, type ServiceHandlers } from '@inkwell/platform';
import { ownedProductIds } from '../store/entitlements';

/** The reader's answers to who owns what (proto/inkwell/reader/v1/entitlements.proto). */
export function entitlementHandlers(db: Queryable): ServiceHandlers<EntitlementsService> {
  return {
    async listEntitlements({ userId }) {
      if (!userId) throw new BadRequestError('user_id is required.');
      return { productIds: [...(await ownedProductIds(db, userId))] };
    },
  };
}

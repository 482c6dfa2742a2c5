import { BadRequestError, type EntitlementsService, type Queryable, type ServiceHandlers } from '@inkwell/platform';
import { READER_MESSAGES } from '../domain';
import { ownedProductIds } from '../store/entitlements';

/** The reader's answers to who owns what (proto/inkwell/reader/v1/entitlements.proto). */
export function entitlementHandlers(db: Queryable): ServiceHandlers<EntitlementsService> {
  return {
    async listEntitlements({ userId }) {
      if (!userId) throw new BadRequestError(READER_MESSAGES.userIdRequired);
      return { productIds: [...(await ownedProductIds(db, userId))] };
    },
  };
}

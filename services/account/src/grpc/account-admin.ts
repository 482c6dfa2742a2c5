import { BadRequestError, type AccountAdminService, type Database, type Outbox, type ServiceHandlers } from '@inkwell/platform';
import { eraseAccount } from '../flows/erase-account';
import { listStaffAccounts } from '../store/staff-list';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `inkwell.account.v1.AccountAdmin`: erasure asked by the order service for its
 * `POST /user/deletesubscriptionandcustomer`, through the same flow as the dashboard's
 * `users/delete/{id}`. Refusals reach the caller as INVALID_ARGUMENT (a user id or actor that is not
 * one) and FAILED_PRECONDITION (the staff member's own account, the last admin). ListStaff answers
 * every staff account for the support desk's assignees.
 */
export function accountAdminHandlers(db: Database, outbox: Outbox): ServiceHandlers<AccountAdminService> {
  return {
    async eraseAccount({ userId, actorId, actorEmail }) {
      if (!UUID.test(userId ?? '')) throw new BadRequestError('user_id must be an account id (a UUID).', { field: 'user_id' });
      if (!actorId) throw new BadRequestError('actor_id must name the staff member asking.', { field: 'actor_id' });
      return eraseAccount(db, outbox, { userId, actor: { id: actorId, email: actorEmail || null } });
    },
    async listStaff() {
      const rows = await listStaffAccounts(db);
      return { staff: rows.map((row) => ({ userId: row.id, email: row.email, name: row.name ?? '', roles: row.roles })) };
    },
  };
}

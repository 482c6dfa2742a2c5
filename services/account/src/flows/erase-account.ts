import { USER_MESSAGES } from '@inkwell/contracts/dashboard-customers';
import { ConflictError, EVENTS, erasePersonFromPlatformTables, erasedUserToken, type Database, type Outbox } from '@inkwell/platform';
import { erasureLeavesNoAdmin } from '../domain/role-rules';
import { forgetPersonInAudit, recordAccountAudit, type StaffActor } from '../store/staff-audit';
import { lockAdminsAndCountOthers } from '../store/staff-users';
import { forgetPersonInNotes } from '../store/user-notes';
import { forgetNewsletterAddress } from '../store/newsletter';

export interface EraseAccountRequest {
  userId: string;
  /** The staff member asking: named in the audit trail, and refused when it is the account itself. */
  actor: StaffActor;
}

/** The login-throttle key of an account's failed sign-ins (routes/token.ts counts them under it). */
export const accountThrottleKey = (email: string) => `account:${email.toLowerCase()}`;

/**
 * Erases a person's account (dashboard `users/delete/{id}`, and `AccountAdmin.EraseAccount` for
 * the order service's `user/deletesubscriptionandcustomer`), in ONE transaction: the account goes
 * with its refresh tokens (every sign-in ends), its emailed links and its notes (cascades); its
 * failed-sign-in count, keyed by the email, goes too; this database's earlier events about them
 * (`account.created` carries the email) are redacted and staff's earlier audit entries about them
 * re-keyed from the id to its anonymous token; `account.deleted` { userId } goes to the outbox for
 * every other service to forget the person; the erasure itself is audited under the token, with no
 * personal data. An account already gone answers `erased: false` (a retry is harmless).
 *
 * Refused (409): staff erasing their own account, and erasing the last admin.
 */
export async function eraseAccount(db: Database, outbox: Outbox, request: EraseAccountRequest): Promise<{ erased: boolean }> {
  if (request.userId === request.actor.id) throw new ConflictError(USER_MESSAGES.eraseOwnAccount);
  return db.transaction(async (tx) => {
    // The admin lock before the row, in the order role changes take them (no deadlock between the two).
    const otherAdmins = await lockAdminsAndCountOthers(tx, request.userId);
    const { rows } = await tx.query<{ email: string; roles: string[] }>('SELECT email, roles FROM accounts WHERE id = $1 FOR UPDATE', [request.userId]);
    const account = rows[0];
    if (!account) return { erased: false };
    if (erasureLeavesNoAdmin(account.roles, otherAdmins)) throw new ConflictError(USER_MESSAGES.lastAdmin);

    const token = erasedUserToken(request.userId);
    // Before account.deleted is written: that event must keep the id its consumers look the person up by.
    await erasePersonFromPlatformTables(tx, { userId: request.userId, emails: [account.email] });
    await tx.query('DELETE FROM login_throttle WHERE key = $1', [accountThrottleKey(account.email)]);
    // The embedded newsletter driver's rows for the address (listmonk keeps its own subscribers).
    await forgetNewsletterAddress(tx, account.email);
    await forgetPersonInNotes(tx, request.userId, token);
    await tx.query('DELETE FROM accounts WHERE id = $1', [request.userId]);
    await forgetPersonInAudit(tx, request.userId, token);
    await recordAccountAudit(tx, { entity: 'user', entityId: token, action: 'erased', actor: request.actor });
    await outbox.add(tx, { type: EVENTS.accountDeleted.type, key: request.userId, data: { userId: request.userId } });
    return { erased: true };
  });
}

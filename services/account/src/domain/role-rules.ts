import { ACCOUNT_ROLES, USER_MESSAGES, type AccountRole } from '@inkwell/contracts/dashboard-customers';
import { ADMIN_ROLE } from '@inkwell/platform';

/**
 * Who may hold which roles (dashboard spec §3 Role set, §6): the roles come from ACCOUNT_ROLES
 * only; a staff member cannot take their own admin role away (they would lock themselves out half
 * way through), and nobody can take the admin role from the last admin (nobody could give it back
 * from the dashboard). The caller counts the other admins under a lock, so two removals at once
 * cannot both see "another admin is left".
 */
export interface RoleChange {
  /** The staff member asking. */
  callerId: string;
  targetId: string;
  currentRoles: readonly string[];
  newRoles: readonly string[];
  /** Accounts holding the admin role other than the target, counted under the admin lock. */
  otherAdmins: number;
}

export type RoleDecision =
  | { ok: true; roles: AccountRole[]; added: AccountRole[]; removed: string[] }
  | { ok: false; status: 400 | 403 | 409; message: string; field: 'NewRoles' };

const isAccountRole = (role: string): role is AccountRole => (ACCOUNT_ROLES as readonly string[]).includes(role);

export function unknownRoleMessage(role: string): string {
  return USER_MESSAGES.unknownRole.replace('{role}', role);
}

export function decideRoles(change: RoleChange): RoleDecision {
  const unknown = change.newRoles.find((role) => !isAccountRole(role));
  if (unknown !== undefined) return { ok: false, status: 400, message: unknownRoleMessage(unknown), field: 'NewRoles' };
  // In the list's own order, once each, whatever order or repeats were sent.
  const roles = ACCOUNT_ROLES.filter((role) => change.newRoles.includes(role));
  const losesAdmin = change.currentRoles.includes(ADMIN_ROLE) && !roles.includes(ADMIN_ROLE);
  if (losesAdmin && change.callerId === change.targetId) return { ok: false, status: 403, message: USER_MESSAGES.ownAdminRole, field: 'NewRoles' };
  if (losesAdmin && change.otherAdmins < 1) return { ok: false, status: 409, message: USER_MESSAGES.lastAdmin, field: 'NewRoles' };
  return {
    ok: true,
    roles,
    added: roles.filter((role) => !change.currentRoles.includes(role)),
    removed: change.currentRoles.filter((role) => !(roles as readonly string[]).includes(role)),
  };
}

/**
 * Whether erasing an account would leave no admin: an admin's account goes only while another
 * admin remains (the same lock as role changes).
 */
export function erasureLeavesNoAdmin(targetRoles: readonly string[], otherAdmins: number): boolean {
  return targetRoles.includes(ADMIN_ROLE) && otherAdmins < 1;
}

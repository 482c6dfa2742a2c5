import { SetRolesBodySchema, USER_MESSAGES, UserDetailSchema, type UserDetail } from '@inkwell/contracts/dashboard-customers';
import { DomainError, EnvelopeOf, NotFoundError, statusTypeFor, type App, type Envelope, type Queryable } from '@inkwell/platform';
import type { FastifyRequest } from 'fastify';
import { decideRoles } from '../domain/role-rules';
import { recordAccountAudit, type StaffActor } from '../store/staff-audit';
import { lockAdminsAndCountOthers, setRoles, type StaffUserRow } from '../store/staff-users';
import type { AccountDeps } from './deps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the users routes share with this one (staff-users.ts). */
export interface StaffUserHelpers {
  staffCaller(db: Queryable, request: FastifyRequest): Promise<StaffActor>;
  existingUser(db: Queryable, id: string, options?: { forUpdate?: boolean }): Promise<StaffUserRow>;
  detailOf(id: string): Promise<Envelope<UserDetail>>;
}

/**
 * POST /dashboard/users/SetRoles (dashboard spec §3 Role set): the roles replace the account's.
 * The rule is `domain/role-rules.ts`; the other admins are counted under the admin lock, so two
 * staff removing two admins at once cannot leave none.
 */
export async function staffUserRoleRoutes(app: App, deps: AccountDeps, helpers: StaffUserHelpers): Promise<void> {
  const { db } = deps.context;

  app.post('/api/dashboard/users/SetRoles', {
    preHandler: deps.context.auth.requireAdmin,
    schema: {
      tags: ['dashboard'],
      security: [{ bearer: [] }],
      summary: "Set a user's roles (Auth0Id is the account id; roles from admin, support, finance)",
      body: SetRolesBodySchema,
      response: { 200: EnvelopeOf(UserDetailSchema) },
    },
    handler: async (request) => {
      const actor = await helpers.staffCaller(db, request);
      const { Auth0Id: userId, NewRoles } = request.body;
      if (!UUID.test(userId)) throw new NotFoundError(USER_MESSAGES.unknownUser);
      await db.transaction(async (tx) => {
        // The lock first, then the row: every admin change takes them in this order.
        const otherAdmins = await lockAdminsAndCountOthers(tx, userId);
        const user = await helpers.existingUser(tx, userId, { forUpdate: true });
        const decision = decideRoles({ callerId: actor.id, targetId: userId, currentRoles: user.roles, newRoles: NewRoles, otherAdmins });
        if (!decision.ok) throw new DomainError(decision.status, statusTypeFor(decision.status), decision.message, { field: decision.field });
        if (decision.added.length === 0 && decision.removed.length === 0) return;
        await setRoles(tx, userId, decision.roles);
        await recordAccountAudit(tx, { entity: 'user', entityId: userId, action: 'roles-set', actor, changes: { roles: { from: user.roles, to: decision.roles } } });
      });
      return helpers.detailOf(userId);
    },
  });
}

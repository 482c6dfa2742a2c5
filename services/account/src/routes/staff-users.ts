import { Type } from '@sinclair/typebox';
import { isValidEmail, normalizeEmail } from '@inkwell/contracts/account-rules';
import {
  ErasureResultSchema,
  StaffNoteSchema,
  UnsubscribeQuerySchema,
  USER_MESSAGES,
  UserAlterBodySchema,
  UserDetailSchema,
  UserIdParamsSchema,
  UserListEntrySchema,
  UserLookupQuerySchema,
  UserNoteInputSchema,
  UserPageSchema,
  UserSearchBodySchema,
  type UserDetail,
} from '@inkwell/contracts/dashboard-customers';
import { ADMIN_ROLE, BadRequestError, ConflictError, EVENTS, EnvelopeOf, ForbiddenError, NotFoundError, UnauthorizedError, success, type App, type Queryable } from '@inkwell/platform';
import type { FastifyRequest } from 'fastify';
import { eraseAccount } from '../flows/erase-account';
import type { OrderCustomers } from '../peers/order-customers';
import { markVerificationSent, markVerified } from '../store/accounts';
import { requestLink } from '../store/links';
import { PERSONAL_VALUE, accountAuditTrail, recordAccountAudit, staffActorOf, type FieldChanges, type StaffActor } from '../store/staff-audit';
import {
  activeSessionCount,
  emailTakenByOther,
  findStaffUser,
  listStaffUsers,
  lookupStaffUsers,
  setNewsletterUnsubscribe,
  updateStaffUser,
  type StaffUserChange,
  type StaffUserRow,
} from '../store/staff-users';
import { userBadges } from '../store/badges';
import { addUserNote, userNotes } from '../store/user-notes';
import { refusedField, type AccountDeps } from './deps';
import { staffUserRoleRoutes } from './staff-user-roles';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const UNIQUE_VIOLATION = '23505';
const DEFAULT_LOOKUP_COUNT = 10;

/**
 * The staff member a staff route runs for. The platform guard has checked the token's admin role;
 * this checks the account behind it still exists and still holds the role, so the token of an
 * admin demoted (or erased) a minute ago stops working here at once, not when it expires.
 */
export async function staffCaller(db: Queryable, request: FastifyRequest): Promise<StaffActor> {
  const actor = staffActorOf(request.principal);
  const { rows } = await db.query<{ roles: string[]; email: string }>('SELECT roles, email FROM accounts WHERE id = $1', [actor.id]);
  const account = rows[0];
  if (!account) throw new UnauthorizedError();
  if (!account.roles.includes(ADMIN_ROLE)) throw new ForbiddenError('Staff only: this needs the admin role.');
  return { id: actor.id, email: account.email };
}

/** The user's row, or 404. */
export async function existingUser(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<StaffUserRow> {
  const user = await findStaffUser(db, id, options);
  if (!user) throw new NotFoundError(USER_MESSAGES.unknownUser);
  return user;
}

export interface StaffUserDeps extends AccountDeps {
  orderCustomers: OrderCustomers;
}

/**
 * The dashboard's Users calls the account service answers (dashboard spec §7 "Users"; contract
 * `contracts/src/dashboard-customers.ts`): search, quick lookup, the user's detail, changes,
 * notes, the newsletter, verification, roles (staff-user-roles.ts) and erasure. Every change is
 * audited in its own transaction; the user export is export-routes' (H3).
 */
export async function staffUserRoutes(app: App, deps: StaffUserDeps): Promise<void> {
  const { context, orderCustomers } = deps;
  const { db, outbox } = context;
  const admin = { preHandler: context.auth.requireAdmin };
  const UserEnvelope = EnvelopeOf(UserDetailSchema);

  /** GET /dashboard/users/{id}'s answer; the order service's addresses when it answers. */
  const userDetail = async (user: StaffUserRow): Promise<UserDetail> => {
    const [activeSessions, notes, activity, addresses, badges] = await Promise.all([
      activeSessionCount(db, user.id),
      userNotes(db, user.id),
      accountAuditTrail(db, 'user', user.id),
      orderCustomers.addresses(user.id),
      userBadges(db, user.id),
    ]);
    return {
      id: user.id,
      externalId: user.id,
      email: user.email,
      name: user.name,
      verified: user.verified,
      roles: user.roles,
      createdAt: user.created_at.toISOString(),
      lastLoginAt: user.last_login_at ? user.last_login_at.toISOString() : null,
      loginCount: user.login_count,
      maxShownRating: user.max_shown_rating,
      verificationSentAt: user.verification_sent_at ? user.verification_sent_at.toISOString() : null,
      activeSessions,
      newsletter: { subscribed: !user.marketing_opt_out, pending: user.newsletter_pending },
      badges: badges.map((held) => ({ id: String(held.badge.id), name: held.badge.name, claimedAt: held.claimedAt })),
      addresses: addresses ?? [],
      addressesAvailable: addresses !== undefined,
      notes,
      activity,
    };
  };
  const detailOf = async (id: string) => success(await userDetail(await existingUser(db, id)));

  app.post('/api/dashboard/users/post-pagination', {
    ...admin,
    schema: { tags, security, summary: 'Users, a page at a time: search by email, name (containing) or id; filter by role and verification; sort', body: UserSearchBodySchema, response: { 200: EnvelopeOf(UserPageSchema) } },
    handler: async (request) => {
      await staffCaller(db, request);
      return success(await listStaffUsers(db, request.body));
    },
  });

  app.get('/api/dashboard/users', {
    ...admin,
    schema: { tags, security, summary: 'Quick user lookup for pickers: best matches first', querystring: UserLookupQuerySchema, response: { 200: EnvelopeOf(Type.Array(UserListEntrySchema)) } },
    handler: async (request) => {
      await staffCaller(db, request);
      return success(await lookupStaffUsers(db, request.query.query, request.query.count ?? DEFAULT_LOOKUP_COUNT));
    },
  });

  app.get('/api/dashboard/users/:id', {
    ...admin,
    schema: { tags, security, summary: "A user's detail: account, sessions, newsletter, addresses (order service), notes, activity", params: UserIdParamsSchema, response: { 200: UserEnvelope } },
    handler: async (request) => {
      await staffCaller(db, request);
      return detailOf(request.params.id);
    },
  });

  app.post('/api/dashboard/users/alter/:userId', {
    ...admin,
    schema: {
      tags,
      security,
      summary: "Change a user's email, verified flag, name or max shown rating (audited field by field)",
      params: Type.Object({ userId: UserIdParamsSchema.properties.id }),
      body: UserAlterBodySchema,
      response: { 200: UserEnvelope },
    },
    handler: async (request) => {
      const actor = await staffCaller(db, request);
      const body = request.body;
      if (body.email === undefined && body.verified === undefined && body.name === undefined && body.maxShownRating === undefined) {
        throw new BadRequestError(USER_MESSAGES.nothingToChange);
      }
      const email = body.email === undefined ? undefined : normalizeEmail(body.email);
      if (email !== undefined && !isValidEmail(email)) throw new BadRequestError(USER_MESSAGES.invalidEmail, { field: 'email' });
      const name = body.name === undefined ? undefined : body.name?.trim() || null;
      const { userId } = request.params;
      await db
        .transaction(async (tx) => {
          const user = await existingUser(tx, userId, { forUpdate: true });
          const change: StaffUserChange = {};
          const changes: FieldChanges = {};
          const emailChanged = email !== undefined && email !== user.email;
          if (emailChanged) {
            if (await emailTakenByOther(tx, email, user.id)) throw refusedField(409, USER_MESSAGES.emailTaken, 'email');
            change.email = email;
            // The customer's addresses are personal: the trail says the email changed, not from what to what.
            changes.email = { from: PERSONAL_VALUE, to: PERSONAL_VALUE };
          }
          // A new address is not proven until its owner follows a link, unless staff say it is (the
          // same address spelled in another case is the same inbox).
          const newAddress = emailChanged && email.toLowerCase() !== user.email.toLowerCase();
          const verified = body.verified ?? (newAddress ? false : undefined);
          if (verified !== undefined && verified !== user.verified) {
            change.verified = verified;
            changes.verified = { from: user.verified, to: verified };
          }
          if (name !== undefined && name !== user.name) {
            change.name = name;
            changes.name = { from: user.name === null ? null : PERSONAL_VALUE, to: name === null ? null : PERSONAL_VALUE };
          }
          if (body.maxShownRating !== undefined && body.maxShownRating !== user.max_shown_rating) {
            change.maxShownRating = body.maxShownRating;
            changes.maxShownRating = { from: user.max_shown_rating, to: body.maxShownRating };
          }
          if (Object.keys(changes).length === 0) return;
          await updateStaffUser(tx, user.id, change);
          await recordAccountAudit(tx, { entity: 'user', entityId: user.id, action: 'altered', actor, changes });
          if (emailChanged) {
            // The completed form of the event (no confirmation link): the old address is told.
            await outbox.add(tx, { type: EVENTS.accountEmailChanged.type, key: user.id, data: { userId: user.id, oldEmail: user.email, newEmail: email } });
          }
          if (change.verified === true) await outbox.add(tx, { type: EVENTS.accountVerified.type, key: user.id, data: { userId: user.id, email: change.email ?? user.email } });
        })
        .catch((error: unknown) => {
          // Another account took the address between the check and the update.
          if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw refusedField(409, USER_MESSAGES.emailTaken, 'email');
          throw error;
        });
      return detailOf(userId);
    },
  });

  app.post('/api/dashboard/users/delete/:id', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Erase a user: the account, its sign-ins, links and notes at once; account.deleted tells every other service to forget them',
      params: UserIdParamsSchema,
      response: { 200: EnvelopeOf(ErasureResultSchema) },
    },
    handler: async (request) => {
      const actor = await staffCaller(db, request);
      const { erased } = await eraseAccount(db, outbox, { userId: request.params.id, actor });
      if (!erased) throw new NotFoundError(USER_MESSAGES.unknownUser);
      return success({ userId: request.params.id, erased });
    },
  });

  app.post('/api/dashboard/users/addCustomNote', {
    ...admin,
    schema: { tags, security, summary: 'Add a note (log level and message) to a user', body: UserNoteInputSchema, response: { 200: EnvelopeOf(StaffNoteSchema) } },
    handler: async (request) => {
      const actor = await staffCaller(db, request);
      const note = await db.transaction(async (tx) => {
        await existingUser(tx, request.body.userId, { forUpdate: true });
        const added = await addUserNote(tx, request.body, actor);
        await recordAccountAudit(tx, { entity: 'user', entityId: request.body.userId, action: 'noted', actor, changes: { note: { from: null, to: `#${added.id} (${added.logLevel})` } } });
        return added;
      });
      return success(note);
    },
  });

  app.post('/api/dashboard/users/unsubscribe', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Unsubscribe a user from the newsletter now, or mark the unsubscribe pending (pending=true)',
      querystring: UnsubscribeQuerySchema,
      response: { 200: UserEnvelope },
    },
    handler: async (request) => {
      const actor = await staffCaller(db, request);
      const { userId } = request.query;
      const pending = request.query.pending ?? false;
      await db.transaction(async (tx) => {
        const user = await existingUser(tx, userId, { forUpdate: true });
        const before = { subscribed: !user.marketing_opt_out, pending: user.newsletter_pending };
        const after = pending ? { subscribed: before.subscribed, pending: true } : { subscribed: false, pending: false };
        if (before.subscribed === after.subscribed && before.pending === after.pending) return;
        await setNewsletterUnsubscribe(tx, userId, pending);
        await recordAccountAudit(tx, { entity: 'user', entityId: userId, action: pending ? 'unsubscribe-pending' : 'unsubscribed', actor, changes: { newsletter: { from: before, to: after } } });
      });
      return detailOf(userId);
    },
  });

  app.post('/api/dashboard/users/:id/verification/resend', {
    ...admin,
    schema: { tags, security, summary: 'Send the user a new verification email', params: UserIdParamsSchema, response: { 200: UserEnvelope } },
    handler: async (request) => {
      const actor = await staffCaller(db, request);
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const user = await existingUser(tx, id, { forUpdate: true });
        if (user.verified) throw new ConflictError(USER_MESSAGES.alreadyVerified);
        // As the reader's own resend (routes/signup.ts), without its 3-minute wait: staff answering
        // the reader's call send it when asked, and the audit trail shows every one.
        await markVerificationSent(tx, id);
        const verificationLinkId = await requestLink(tx, 'verify-email', id);
        await outbox.add(tx, { type: EVENTS.accountVerificationRequested.type, key: id, data: { userId: id, email: user.email, verificationLinkId } });
        await recordAccountAudit(tx, { entity: 'user', entityId: id, action: 'verification-sent', actor });
      });
      return detailOf(id);
    },
  });

  app.post('/api/dashboard/users/:id/verification/verify', {
    ...admin,
    schema: { tags, security, summary: "Mark the user's email verified (their guest purchases then attach to the account)", params: UserIdParamsSchema, response: { 200: UserEnvelope } },
    handler: async (request) => {
      const actor = await staffCaller(db, request);
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const user = await existingUser(tx, id, { forUpdate: true });
        if (user.verified) throw new ConflictError(USER_MESSAGES.alreadyVerified);
        await markVerified(tx, id);
        await outbox.add(tx, { type: EVENTS.accountVerified.type, key: id, data: { userId: id, email: user.email } });
        await recordAccountAudit(tx, { entity: 'user', entityId: id, action: 'verified', actor, changes: { verified: { from: false, to: true } } });
      });
      return detailOf(id);
    },
  });

  await staffUserRoleRoutes(app, deps, { staffCaller, existingUser, detailOf });
}

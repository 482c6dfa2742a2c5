import { Type } from '@sinclair/typebox';
import { BADGE_IDS, BADGE_MESSAGES, BadgeClaimQuerySchema, HasAxQuerySchema, UserBadgeListSchema, UserBadgeSchema } from '@inkwell/contracts/badges';
import { ADMIN_ROLE, EnvelopeOf, ForbiddenError, success, type App } from '@inkwell/platform';
import { claimBadge } from '../flows/badge-claim';
import { userBadge, userBadges } from '../store/badges';
import type { AccountDeps } from './deps';
import { staffCaller } from './staff-users';

const tags = ['badges'];
const security = [{ bearer: [] }];

/**
 * The storefront's Badges calls (spec §7; contract `contracts/src/badges.ts`): the signed-in
 * reader's badges with their gift codes, claiming one (flows/badge-claim.ts), and the Anime Expo
 * badge's pair. Nobody reads another's badges but staff.
 */
export async function badgeRoutes(app: App, { context }: AccountDeps): Promise<void> {
  const { db, outbox } = context;
  const user = { preHandler: context.auth.requireUser };

  app.get('/api/userbadge/get', {
    ...user,
    schema: { tags, security, summary: "The signed-in reader's badges, each with the gift code it handed out", response: { 200: EnvelopeOf(UserBadgeListSchema) } },
    handler: async (request) => success(await userBadges(db, request.principal!.userId)),
  });

  app.post('/api/userbadge/claim', {
    ...user,
    schema: {
      tags,
      security,
      summary: "Claim a badge and its gift code (once per account; the badge held is answered again). 409 'Badge cannot be claimed: no more available gifts' when the pool is empty",
      querystring: BadgeClaimQuerySchema,
      response: { 200: EnvelopeOf(UserBadgeSchema) },
    },
    handler: async (request) => success(await claimBadge(db, outbox, request.principal!.userId, request.query.badgeId)),
  });

  app.get('/api/userbadge/has/ax', {
    ...user,
    schema: {
      tags,
      security,
      summary: 'Whether the account holds the Anime Expo 2023 badge: the caller themself, or staff asking about anyone',
      querystring: HasAxQuerySchema,
      response: { 200: EnvelopeOf(Type.Boolean()) },
    },
    handler: async (request) => {
      const principal = request.principal!;
      const { userId } = request.query;
      if (userId.toLowerCase() !== principal.userId.toLowerCase()) {
        if (!principal.roles.includes(ADMIN_ROLE)) throw new ForbiddenError(BADGE_MESSAGES.notYourBadges);
        await staffCaller(db, request);
      }
      return success((await userBadge(db, userId, BADGE_IDS.animeExpo)) !== undefined);
    },
  });

  app.post('/api/userbadge/claim/ax', {
    ...user,
    schema: { tags, security, summary: 'Claim the Anime Expo 2023 badge and its gift code (as /userbadge/claim?badgeId=1)', response: { 200: EnvelopeOf(UserBadgeSchema) } },
    handler: async (request) => success(await claimBadge(db, outbox, request.principal!.userId, BADGE_IDS.animeExpo)),
  });
}

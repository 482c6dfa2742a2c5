import { BadgeIdParamsSchema, BadgeStockListSchema, BADGE_MESSAGES, GiftCodeUploadResultSchema, GiftCodeUploadSchema } from '@inkwell/contracts/badges';
import { BadRequestError, EnvelopeOf, NotFoundError, insertStaffAudit, success, type App } from '@inkwell/platform';
import { parseGiftCodeList } from '../domain/badge-codes';
import { addGiftCodes, badgeStock, badgeStocks, findBadge } from '../store/badges';
import type { AccountDeps } from './deps';
import { staffCaller } from './staff-users';

const tags = ['dashboard'];
const security = [{ bearer: [] }];

/**
 * The dashboard's Badges and gift codes screen (beyond the spec; issue 26): each badge with its
 * pool's counts, and loading a list of codes into a pool. A list with a bad line is refused whole,
 * each bad line named; repeats and codes already in a pool are skipped and counted.
 */
export async function badgeStaffRoutes(app: App, { context }: AccountDeps): Promise<void> {
  const { db } = context;
  const admin = { preHandler: context.auth.requireAdmin };

  app.get('/api/dashboard/badges', {
    ...admin,
    schema: { tags, security, summary: 'Badges with their gift codes: total, handed out, left; and how many accounts hold each', response: { 200: EnvelopeOf(BadgeStockListSchema) } },
    handler: async (request) => {
      await staffCaller(db, request);
      return success(await badgeStocks(db));
    },
  });

  app.post('/api/dashboard/badges/:id/codes', {
    ...admin,
    bodyLimit: 2_500_000,
    schema: {
      tags,
      security,
      summary: "Add gift codes to a badge's pool: one a line, or a CSV file's first column; repeats and codes already pooled are skipped",
      params: BadgeIdParamsSchema,
      body: GiftCodeUploadSchema,
      response: { 200: EnvelopeOf(GiftCodeUploadResultSchema) },
    },
    handler: async (request) => {
      const actor = await staffCaller(db, request);
      const { id } = request.params;
      if (!(await findBadge(db, id))) throw new NotFoundError(BADGE_MESSAGES.unknownBadge(id));
      const list = parseGiftCodeList(request.body.codes);
      if (list.problems.length > 0) throw new BadRequestError(list.problems[0]!.message, { problems: list.problems });
      const added = await db.transaction(async (tx) => {
        const count = await addGiftCodes(tx, id, list.codes, actor.id);
        await insertStaffAudit(tx, { entity: 'badge', entityId: String(id), action: 'gift-codes-added', actor, changes: { giftCodes: { from: null, to: count } } });
        return count;
      });
      const badge = await badgeStock(db, id);
      if (!badge) throw new NotFoundError(BADGE_MESSAGES.unknownBadge(id));
      return success({ added, skipped: list.codes.length - added + list.repeated, badge });
    },
  });
}

import { Type } from '@sinclair/typebox';
import { CreatorNewBodySchema, CreatorSchema, LookupQuerySchema } from '@inkwell/contracts/dashboard-catalogue';
import { BadRequestError, EnvelopeOf, success, type App, type ServiceContext } from '@inkwell/platform';
import { recordAudit, staffActor } from '../store/audit';
import { containsPattern } from '../store/staff-lists';
import { CREATOR_NEEDS_NAME_MESSAGE } from '../domain/messages';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const LOOKUP_LIMIT = 20;

/**
 * Creators for the editors' credit pickers (beyond the spec, which credits creators by id but lists
 * no call to find one): search by name, and add one. Adding a name that exists (ignoring case and
 * surrounding spaces) answers the existing creator, so a double click makes no twin.
 */
export async function staffCreatorRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db } = context;
  const admin = { preHandler: context.auth.requireAdmin };

  app.get('/api/dashboard/creators', {
    ...admin,
    schema: { tags, security, summary: 'Creators whose name holds the query (beyond the spec)', querystring: LookupQuerySchema, response: { 200: EnvelopeOf(Type.Array(CreatorSchema)) } },
    handler: async (request) => {
      const { rows } = await db.query<{ id: string; name: string }>(
        'SELECT id, name FROM creators WHERE $1::text IS NULL OR name ILIKE $1 ORDER BY lower(name), id LIMIT $2',
        [containsPattern(request.query.query), request.query.count ?? LOOKUP_LIMIT],
      );
      return success(rows.map((row) => ({ id: Number(row.id), name: row.name })));
    },
  });

  app.post('/api/dashboard/creators/new', {
    ...admin,
    schema: { tags, security, summary: 'Add a creator, or find the one of that name (beyond the spec)', body: CreatorNewBodySchema, response: { 200: EnvelopeOf(CreatorSchema) } },
    handler: async (request) => {
      const name = request.body.name.trim().replace(/\s+/g, ' ');
      if (!name) throw new BadRequestError(CREATOR_NEEDS_NAME_MESSAGE);
      const actor = staffActor(request);
      return success(
        await db.transaction(async (tx) => {
          // One insert at a time per name, so two editors adding the same creator get one row.
          await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`creator:${name.toLowerCase()}`]);
          const found = await tx.query<{ id: string; name: string }>('SELECT id, name FROM creators WHERE lower(name) = lower($1) ORDER BY id LIMIT 1', [name]);
          if (found.rows[0]) return { id: Number(found.rows[0].id), name: found.rows[0].name };
          const { rows } = await tx.query<{ id: string }>('INSERT INTO creators (name) VALUES ($1) RETURNING id', [name]);
          const id = Number(rows[0]!.id);
          await recordAudit(tx, { entity: 'lookup', entityId: id, action: 'creator-added', actor, changes: { name: { from: null, to: name } } });
          return { id, name };
        }),
      );
    },
  });
}

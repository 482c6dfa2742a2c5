import { Type } from '@sinclair/typebox';
import { IapAddBodySchema, IapSubmissionSchema, type IapAddBody } from '@inkwell/contracts/dashboard-products';
import { BadRequestError, EnvelopeOf, NotFoundError, NumericId, success, type App, type Queryable, type ServiceContext } from '@inkwell/platform';
import { appleStoreFor, type AppleStore, type IapItem } from '../drivers/app-store';
import { iapSubmissionProblems } from '../domain';
import { recordAudit, staffActor } from '../store/audit';
import { iapRefusedMessage } from '../domain/messages';

interface Candidate {
  item: IapItem;
  updatedAt: Date | null;
  hasCover: boolean;
}

async function productCandidate(db: Queryable, id: number): Promise<Candidate | undefined> {
  const { rows } = await db.query<{ name: string; description: string; price_cents: number | null; thumbnails: unknown[]; default_thumbnail: unknown; updated_at: Date }>(
    'SELECT name, description, price_cents, thumbnails, default_thumbnail, updated_at FROM products WHERE id = $1 FOR UPDATE',
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    item: { kind: 'product', id, title: row.name, description: row.description, priceCents: row.price_cents ?? 0 },
    updatedAt: row.updated_at,
    hasCover: row.thumbnails.length > 0 || row.default_thumbnail !== null,
  };
}

async function bundleCandidate(db: Queryable, id: number): Promise<Candidate | undefined> {
  // Read as JSON so a column another migration adds (updated_at) is used when present.
  const { rows } = await db.query<{ row: { name: string; description: string; price_cents: number; default_thumbnail: unknown; updated_at?: string } }>(
    'SELECT to_jsonb(b) AS row FROM bundles b WHERE id = $1 FOR UPDATE',
    [id],
  );
  const row = rows[0]?.row;
  if (!row) return undefined;
  return {
    item: { kind: 'bundle', id, title: row.name, description: row.description, priceCents: row.price_cents },
    updatedAt: row.updated_at ? new Date(row.updated_at) : null,
    hasCover: row.default_thumbnail !== null && row.default_thumbnail !== undefined,
  };
}

/**
 * "Saved changes" (spec §5): the editor says it has unsaved edits, or the `updatedAt` it loaded is
 * not the stored one (someone saved since, so what it shows is not what would be submitted).
 */
function unsaved(body: IapAddBody, stored: Date | null): boolean {
  if (body.unsavedChanges) return true;
  if (body.updatedAt === undefined || stored === null) return false;
  return new Date(body.updatedAt).getTime() !== stored.getTime();
}

/**
 * Apple in-app-purchase submissions of products and bundles (dashboard spec §7 …/iaps/add, §5
 * Apple submission rules). The store is a port; `store` defaults to the embedded driver, the only
 * one there is. A submission is recorded with its audit entry in one transaction; it changes no
 * catalogue field, so it writes no catalogue event.
 */
export async function staffIapRoutes(app: App, context: ServiceContext, store: AppleStore = appleStoreFor()): Promise<void> {
  const { db } = context;
  const admin = { preHandler: context.auth.requireAdmin };

  const route = (kind: 'product' | 'bundles', load: (db: Queryable, id: number) => Promise<Candidate | undefined>) => {
    app.post(`/api/dashboard/${kind}/:id/iaps/add`, {
      ...admin,
      schema: {
        tags: ['dashboard'],
        summary: `Submit the ${kind === 'product' ? 'product' : 'bundle'} as an Apple in-app purchase`,
        params: Type.Object({ id: NumericId() }),
        body: IapAddBodySchema,
        response: { 200: EnvelopeOf(IapSubmissionSchema) },
      },
      handler: async (request) => {
        const actor = staffActor(request);
        const submission = await db.transaction(async (tx) => {
          const candidate = await load(tx, request.params.id);
          if (!candidate) throw new NotFoundError();
          const problems = iapSubmissionProblems({
            unsavedChanges: unsaved(request.body, candidate.updatedAt),
            title: candidate.item.title,
            description: candidate.item.description,
            hasCover: candidate.hasCover,
          });
          if (problems.length > 0) throw new BadRequestError(iapRefusedMessage(problems.map((item) => item.message).join(' ')), { problems });
          const submitted = await store.submit(tx, candidate.item, actor.id);
          await recordAudit(tx, {
            entity: candidate.item.kind,
            entityId: candidate.item.id,
            action: 'iap-submitted',
            actor,
            changes: { iap: { from: null, to: `${submitted.productIdentifier} ${submitted.state} (${store.driver})` } },
          });
          return submitted;
        });
        return success(submission);
      },
    });
  };
  route('product', productCandidate);
  route('bundles', bundleCandidate);
}

/**
 * A user's products as staff see and change them (dashboard `users/products…`, issue 23): what the
 * user owns by the entitlement rule, staff grants (`add`, `compAdd`) and removals (`delete/{id}`).
 *
 * A grant gives the right to read, so only comics (category Publication) with a Digital variant can
 * be granted; a Print-only comic or a game is refused (a 400 naming the SKU), as is an unknown SKU,
 * and then nothing is granted. The reader does not know accounts: any user id is accepted, except one
 * whose account was deleted (404). A product the user owns already is not granted twice; the answer
 * says so in `status.warnings`.
 *
 * Entitlement ids are opaque to clients: `p:{orderId}:{productId}` for the copy of a product bought
 * in an order, `g:{grantId}` for a staff grant.
 */
import { parseIdOrReadableUrl } from '@inkwell/contracts/catalog-rules';
import { USER_PRODUCT_MESSAGES, type UserProduct } from '@inkwell/contracts/dashboard-customers';
import { problem, type Problem } from '@inkwell/contracts/problems';
import { BadRequestError, NotFoundError, refusal, type Database } from '@inkwell/platform';
import { STAFF_PRODUCT_MESSAGES } from '../domain';
import type { CatalogPublications, Publication } from '../peers/publication';
import { isAccountDeleted, liveEntitlementsOf, lockAccount, lockOrder, ownedProductIds } from '../store/entitlements';
import { findGrant, findPurchase, recordGrant, recordProductAudit, recordRemoval, removeGrant, type GrantKind, type StaffActor } from '../store/grants';

export interface UserProductsDeps {
  db: Database;
  catalog: CatalogPublications;
}

type EntitlementKey = { source: 'purchase'; orderId: string; productId: string } | { source: 'grant'; grantId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function entitlementId(key: EntitlementKey): string {
  return key.source === 'grant' ? `g:${key.grantId}` : `p:${key.orderId}:${key.productId}`;
}

/** The entitlement an id names, or undefined when it cannot name one. */
export function parseEntitlementId(id: string): EntitlementKey | undefined {
  if (id.startsWith('g:')) return UUID.test(id.slice(2)) ? { source: 'grant', grantId: id.slice(2).toLowerCase() } : undefined;
  if (!id.startsWith('p:')) return undefined;
  const split = id.lastIndexOf(':');
  const orderId = id.slice(2, split);
  const productId = id.slice(split + 1);
  return split > 2 && orderId.length > 0 && /^\d{1,18}$/.test(productId) ? { source: 'purchase', orderId, productId } : undefined;
}

/** Every entitlement that gives `userId` the right to read now, oldest first, with the catalog's name and cover. */
export async function listUserProducts({ db, catalog }: UserProductsDeps, userId: string): Promise<UserProduct[]> {
  const { purchases, grants } = await liveEntitlementsOf(db, userId);
  const publications = await catalog.findMany([...new Set([...purchases, ...grants].map((entry) => entry.productId))]);
  const shown = (productId: string) => {
    const publication = publications.get(productId);
    return { productId: Number(productId), name: publication?.name ?? STAFF_PRODUCT_MESSAGES.unknownProductName(productId), thumbnailUrl: publication?.thumbnailUrl ?? null };
  };
  const products: UserProduct[] = [
    ...purchases.map((purchase) => ({
      id: entitlementId({ source: 'purchase', ...purchase }),
      ...shown(purchase.productId),
      source: 'purchase' as const,
      orderId: purchase.orderId,
      acquiredAt: purchase.acquiredAt,
      reason: null,
      grantedById: null,
      grantedByEmail: null,
    })),
    ...grants.map((grant) => ({
      id: entitlementId({ source: 'grant', grantId: grant.grantId }),
      ...shown(grant.productId),
      source: 'grant' as const,
      orderId: null,
      acquiredAt: grant.grantedAt,
      reason: grant.reason,
      grantedById: grant.actorId,
      grantedByEmail: grant.actorEmail,
    })),
  ];
  return products.sort((a, b) => a.acquiredAt.localeCompare(b.acquiredAt) || a.id.localeCompare(b.id));
}

/** 404 for a user whose account was deleted; the reader knows no other accounts, so any other id is someone. */
export async function refuseDeletedAccount(db: Database, userId: string): Promise<void> {
  if (await isAccountDeleted(db, userId)) throw new NotFoundError(USER_PRODUCT_MESSAGES.unknownUser);
}

/**
 * Resolves every SKU (a product id or readable url) through the catalog; refuses the call, listing
 * each SKU that is unknown or cannot be read, with its field (`productSkus.{index}`).
 */
async function resolveSkus(catalog: CatalogPublications, skus: readonly string[]): Promise<Publication[]> {
  const found = await Promise.all(skus.map((sku) => (parseIdOrReadableUrl(sku.trim()) ? catalog.find(sku.trim()) : undefined)));
  const problems: Problem[] = [];
  found.forEach((publication, index) => {
    const sku = skus[index]!;
    const field = `productSkus.${index}`;
    if (!publication) problems.push(problem(field, USER_PRODUCT_MESSAGES.unknownSku.replace('{sku}', sku)));
    else if (publication.category !== 'Publication') problems.push(problem(field, STAFF_PRODUCT_MESSAGES.notAComic(sku, publication.category)));
    else if (publication.digitalVariantIds.length === 0) problems.push(problem(field, STAFF_PRODUCT_MESSAGES.printOnly(sku)));
  });
  if (problems.length > 0) throw refusal(problems);
  return found as Publication[];
}

/**
 * Grants each product to the user (one transaction: all or nothing), puts it on their shelf and
 * audits it; products owned already are skipped and named in the warnings.
 */
export async function grantProducts(
  deps: UserProductsDeps,
  actor: StaffActor,
  request: { userId: string; productSkus: readonly string[]; reason: string; kind: GrantKind },
): Promise<{ products: UserProduct[]; warnings: string[] }> {
  const userId = request.userId.toLowerCase();
  const reason = request.reason.trim();
  if (reason.length === 0) throw new BadRequestError('reason must say why.', { field: 'reason' });
  await refuseDeletedAccount(deps.db, userId);
  const publications = await resolveSkus(deps.catalog, request.productSkus);
  const unique = [...new Map(publications.map((publication) => [publication.id, publication])).values()];
  const warnings = await deps.db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    if (await isAccountDeleted(tx, userId)) throw new NotFoundError(USER_PRODUCT_MESSAGES.unknownUser);
    const owned = await ownedProductIds(tx, userId, unique.map((publication) => publication.id));
    const skipped: string[] = [];
    for (const publication of unique) {
      if (owned.has(publication.id)) {
        skipped.push(STAFF_PRODUCT_MESSAGES.alreadyOwned(publication.name, publication.id));
        continue;
      }
      const grantId = await recordGrant(tx, { userId, productId: publication.id, variantId: publication.digitalVariantIds[0] ?? null, kind: request.kind, reason, actor });
      await recordProductAudit(tx, { userId, action: request.kind === 'comp' ? 'comp' : 'grant', actor, productId: publication.id, reason, entitlementId: entitlementId({ source: 'grant', grantId }) });
    }
    return skipped;
  });
  return { products: await listUserProducts(deps, userId), warnings };
}

/**
 * Removes one entitlement: a grant is marked removed, a purchase gets a removal fact (its order's
 * copy no longer counts, as after a refund). 404 for an id that names no live entitlement.
 */
export async function removeUserProduct(deps: UserProductsDeps, actor: StaffActor, id: string, reason: string): Promise<{ userId: string; products: UserProduct[] }> {
  const key = parseEntitlementId(id);
  if (!key) throw new NotFoundError(USER_PRODUCT_MESSAGES.unknownEntitlement);
  const trimmed = reason.trim();
  if (trimmed.length === 0) throw new BadRequestError('reason must say why.', { field: 'reason' });
  const owner = key.source === 'grant' ? await findGrant(deps.db, key.grantId) : await findPurchase(deps.db, key.orderId, key.productId);
  if (!owner) throw new NotFoundError(USER_PRODUCT_MESSAGES.unknownEntitlement);
  const userId = owner.userId;
  await deps.db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const live = await liveEntitlementsOf(tx, userId);
    if (key.source === 'grant') {
      const grant = live.grants.find((entry) => entry.grantId === key.grantId);
      if (!grant) throw new NotFoundError(USER_PRODUCT_MESSAGES.unknownEntitlement);
      await removeGrant(tx, { grantId: grant.grantId, userId, productId: grant.productId }, actor, trimmed);
      await recordProductAudit(tx, { userId, action: 'remove', actor, productId: grant.productId, reason: trimmed, entitlementId: id });
    } else {
      await lockOrder(tx, key.orderId);
      if (!live.purchases.some((entry) => entry.orderId === key.orderId && entry.productId === key.productId)) throw new NotFoundError(USER_PRODUCT_MESSAGES.unknownEntitlement);
      await recordRemoval(tx, { orderId: key.orderId, productId: key.productId, userId }, actor, trimmed);
      await recordProductAudit(tx, { userId, action: 'remove', actor, productId: key.productId, reason: trimmed, entitlementId: id });
    }
  });
  return { userId, products: await listUserProducts(deps, userId) };
}

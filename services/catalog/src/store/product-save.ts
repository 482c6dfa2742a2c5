/**
 * Saving a product from the staff editor (dashboard spec §7 /dashboard/product/new and /alter):
 * in the caller's transaction with its outbox event and its audit entry, so a refused or failed
 * save leaves nothing behind.
 */
import type { DashboardProduct, ProductSave } from '@inkwell/contracts/dashboard-products';
import { ConflictError, EVENTS, NotFoundError, type Queryable } from '@inkwell/platform';
import { PRODUCT_TYPE_CODES, PUBLISH_STATUS_CODES, contentKindCode } from '../domain';
import { fieldChanges, recordAudit, type StaffActor } from './audit';
import type { CatalogueChange } from './catalogue-change';
import { loadDashboardProduct } from './product-editor';
import { densityWarnings, publishProblemsOf, refusePublishProblems } from './product-publish-check';
import { resolveSave, type ResolvedVariant } from './product-save-input';
import { PRODUCT_CHANGED_MESSAGE } from '../domain/messages';

/** The fields an audit entry compares (everything the editor shows but the timestamps). */
function auditable(product: DashboardProduct | undefined): Record<string, unknown> {
  if (!product) return {};
  const { createdAt: _created, updatedAt: _updated, ...fields } = product;
  return fields;
}

/**
 * Creates (id undefined) or alters a product from the editor's save body. A product saved while
 * published or scheduled must still meet the publish rules (the storefront shows it); a Draft may be
 * incomplete. Answers the stored product and its density warnings.
 */
export async function saveProduct(
  { tx, outbox }: CatalogueChange,
  actor: StaffActor,
  input: ProductSave,
  productId: number | undefined,
  now = new Date(),
): Promise<{ product: DashboardProduct; warnings: string[] }> {
  let before: DashboardProduct | undefined;
  if (productId !== undefined) {
    const locked = await tx.query<{ updated_at: Date }>('SELECT updated_at FROM products WHERE id = $1 FOR UPDATE', [productId]);
    if (!locked.rows[0]) throw new NotFoundError();
    if (input.expectedUpdatedAt !== undefined && new Date(input.expectedUpdatedAt).getTime() !== locked.rows[0].updated_at.getTime()) {
      throw new ConflictError(PRODUCT_CHANGED_MESSAGE);
    }
    before = await loadDashboardProduct(tx, productId);
  }
  const resolved = await resolveSave(tx, input, productId);
  const publication = resolved.category === 'Publication';
  const keep = <K extends keyof ProductSave, V>(key: K, fallback: V): ProductSave[K] | V => (input[key] !== undefined ? input[key] : fallback);
  const values = [
    input.name.trim(),
    keep('displayName', before?.displayName ?? null),
    keep('description', before?.description ?? ''),
    keep('metaDescription', before?.metaDescription ?? null),
    contentKindCode(resolved.category),
    PRODUCT_TYPE_CODES[resolved.type],
    input.readableUrl !== undefined ? resolved.readableUrl : (before?.readableUrl ?? null),
    keep('unlisted', before?.unlisted ?? false),
    keep('seriesId', before?.series?.id ?? null),
    keep('volumeNumber', before?.volumeNumber ?? null),
    keep('chapterNumber', before?.chapterNumber ?? null),
    keep('issueNumber', before?.issueNumber ?? null),
    keep('relativeName', before?.relativeName ?? null),
    keep('subtitle', before?.subtitle ?? null),
    keep('pageCount', before?.pageCount ?? 0),
    publication ? (input.ageRestrictable?.ageRating ?? before?.ageRestrictable?.ageRating ?? 'e') : 'e',
    publication ? (input.geoRestrictable?.restrictedTerritories.map((code) => code.toUpperCase()) ?? before?.geoRestrictable?.restrictedTerritories ?? []) : [],
    publication ? (input.downloadable?.reverseReadOrder ?? before?.downloadable?.reverseReadOrder ?? false) : false,
    keep('publisherId', before?.publisherId ?? null),
    keep('imprintId', before?.imprintId ?? null),
    JSON.stringify(keep('externalLinks', before?.externalLinks ?? [])),
    keep('isbn', before?.isbn ?? null),
    keep('eisbn', before?.eisbn ?? null),
    keep('trim', before?.trim ?? null),
    keep('signed', before?.signed ?? false),
    keep('remarqued', before?.remarqued ?? false),
    keep('illustrationColorTypeId', before?.illustrationColorTypeId ?? null),
    keep('coverTypeId', before?.coverTypeId ?? null),
    keep('readingLevelId', before?.readingLevelId ?? null),
    keep('publishToApple', before?.publishToApple ?? false),
    keep('publishToAndroid', before?.publishToAndroid ?? false),
    keep('publishToWeb', before?.publishToWeb ?? true),
    JSON.stringify(keep('chapters', before?.chapters ?? [])),
    JSON.stringify(keep('assetLinkGroups', before?.assetLinkGroups ?? [])),
    input.defaultThumbnail !== undefined ? (input.defaultThumbnail === null ? null : JSON.stringify(input.defaultThumbnail)) : before?.defaultThumbnail ? JSON.stringify(before.defaultThumbnail) : null,
    input.releaseDate !== undefined ? resolved.releaseDate : (before?.releaseDate ?? null),
    input.priceable !== undefined || !before ? resolved.priceable.type : before.priceable?.type ?? 'Paid',
    input.priceable !== undefined || !before ? resolved.priceable.price : before.priceable?.price ?? 0,
    input.priceable !== undefined || !before ? resolved.priceable.tierId : before.priceable?.priceTierId ?? null,
  ];
  const columns = `name, display_name, description, meta_description, category, sub_category, readable_url, unlisted, series_id, volume_number,
    chapter_number, issue_number, relative_name, subtitle, page_count, age_rating, restricted_territories, reverse_read_order, publisher_id,
    imprint_id, external_links, isbn, eisbn, trim_size, signed, remarqued, illustration_color_type_id, cover_type_id, reading_level_id,
    publish_to_apple, publish_to_android, publish_to_web, chapters, asset_link_groups, default_thumbnail, release_date, price_type, price_cents,
    price_tier_id`;
  let id: number;
  if (productId === undefined) {
    const placeholders = values.map((_, index) => `$${index + 1}`).join(', ');
    const { rows } = await tx.query<{ id: string }>(`INSERT INTO products (${columns}, status) VALUES (${placeholders}, ${PUBLISH_STATUS_CODES.Draft}) RETURNING id`, values);
    id = Number(rows[0]!.id);
  } else {
    id = productId;
    const assignments = columns.split(',').map((column, index) => `${column.trim()} = $${index + 2}`).join(', ');
    await tx.query(`UPDATE products SET ${assignments}, updated_at = clock_timestamp() WHERE id = $1`, [id, ...values]);
  }
  if (input.variants !== undefined) await writeVariants(tx, id, resolved.variants);
  if (input.creators !== undefined) {
    await tx.query('DELETE FROM product_creators WHERE product_id = $1', [id]);
    for (const credit of input.creators) {
      await tx.query('INSERT INTO product_creators (product_id, creator_id, title, ordinal, hidden) VALUES ($1, $2, $3, $4, $5)', [id, credit.creator.id, credit.title.trim(), credit.ordinal, credit.hidden]);
    }
  }
  if (input.ipTags !== undefined) {
    await tx.query('DELETE FROM product_ip_tags WHERE product_id = $1', [id]);
    await tx.query('INSERT INTO product_ip_tags (product_id, ip_tag_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING', [id, input.ipTags.map((tag) => tag.id)]);
  }
  const product = (await loadDashboardProduct(tx, id))!;
  const warnings = densityWarnings(product);
  if (before && before.status !== 'Draft' && before.status !== 'Removed') {
    // The storefront shows (or will show) what is saved: it must stay publishable.
    refusePublishProblems(publishProblemsOf(product, now), warnings);
  }
  const type = productId === undefined ? EVENTS.productCreated.type : EVENTS.productChanged.type;
  await outbox.add(tx, { type, key: String(id), data: { productId: String(id) } });
  await recordAudit(tx, { entity: 'product', entityId: id, action: productId === undefined ? 'created' : 'altered', actor, changes: fieldChanges(auditable(before), auditable(product)) });
  return { product, warnings };
}

async function writeVariants(tx: Queryable, productId: number, variants: ResolvedVariant[]): Promise<void> {
  // Variants left out of the body go; a variant in carts or orders is referenced by id elsewhere, so
  // a kept one is updated in place rather than replaced.
  await tx.query('DELETE FROM variants WHERE product_id = $1 AND NOT (type = ANY($2::text[]))', [productId, variants.map((variant) => variant.type)]);
  for (const variant of variants) {
    await tx.query(
      `INSERT INTO variants (product_id, type, enabled, price_type, price_cents, price_set, using_default_price, price_tier_id, currency, schedule_date,
                             is_pre_order, cart_limit, stock_info, expected_delay)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (product_id, type) DO UPDATE SET enabled = EXCLUDED.enabled, price_type = EXCLUDED.price_type, price_cents = EXCLUDED.price_cents,
         price_set = EXCLUDED.price_set, using_default_price = EXCLUDED.using_default_price, price_tier_id = EXCLUDED.price_tier_id,
         currency = EXCLUDED.currency, schedule_date = EXCLUDED.schedule_date, is_pre_order = EXCLUDED.is_pre_order, cart_limit = EXCLUDED.cart_limit,
         stock_info = EXCLUDED.stock_info, expected_delay = EXCLUDED.expected_delay`,
      [
        productId, variant.type, variant.enabled, variant.priceType, variant.priceCents, variant.priceSet, variant.usingDefaultPrice, variant.priceTierId,
        variant.currency, variant.scheduleDate, variant.isPreOrder, variant.cartLimit, variant.stock ? JSON.stringify(variant.stock) : null, variant.expectedDelay,
      ],
    );
  }
}

import { EVENTS, timeIngestionJob, type EventData, type EventEnvelope, type Outbox, type ServiceSubscription, type Transaction } from '@inkwell/platform';
import { recordAudit } from '../store/audit';
import { productEvent } from '../store/product-writes';
import type { Thumbnail } from '../store/thumbnails';

type ComicIngested = EventData<'comicIngested'>;

/**
 * The reader's `comic.ingested`: the product's page set was replaced. The catalog records the page
 * count and `ingestCompleted` (which the publish rule "Comic has not been ingested" reads), takes
 * the cover drawn from the first page when the product has none, records who ingested it in the
 * audit trail and tells search and the caches (product.changed), all in the inbox's transaction.
 */
export async function recordIngestion(tx: Transaction, outbox: Outbox, event: EventEnvelope): Promise<void> {
  const data = event.data as ComicIngested;
  const productId = Number(data.productId);
  const { rows } = await tx.query<{ page_count: number; ingest_completed: boolean; thumbnails: Thumbnail[] }>(
    'SELECT page_count, ingest_completed, thumbnails FROM products WHERE id = $1 FOR UPDATE',
    [productId],
  );
  const before = rows[0];
  // A product removed for good since the upload has nothing left to record.
  if (!before) return;
  const cover: Thumbnail[] | undefined = before.thumbnails.length === 0 && data.cover ? data.cover.map((image) => ({ ...image, role: 'cover' })) : undefined;
  await tx.query(
    `UPDATE products SET page_count = $2, ingest_completed = true, thumbnails = COALESCE($3::jsonb, thumbnails), updated_at = now() WHERE id = $1`,
    [productId, data.pageCount, cover ? JSON.stringify(cover) : null],
  );
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (before.page_count !== data.pageCount) changes.pageCount = { from: before.page_count, to: data.pageCount };
  if (!before.ingest_completed) changes.ingestCompleted = { from: false, to: true };
  if (cover) changes.thumbnails = { from: [], to: cover.map((image) => image.url) };
  await recordAudit(tx, { entity: 'product', entityId: productId, action: 'ingested', actor: { id: data.actorId, email: data.actorEmail ?? null }, changes });
  await outbox.add(tx, productEvent(EVENTS.productChanged.type, productId));
}

/** The ingestion's `catalog-record` job: one recording, timed and counted (completed, or failed and redelivered by the bus). */
async function countedRecording(tx: Transaction, outbox: Outbox, event: EventEnvelope): Promise<void> {
  const recorded = timeIngestionJob('catalog-record');
  try {
    await recordIngestion(tx, outbox, event);
    recorded('completed');
  } catch (error) {
    recorded('failed');
    throw error;
  }
}

/** The catalog's subscription to the reader's ingestions (consumer group `catalog.ingestion`). */
export function ingestionSubscription(outbox: Outbox): ServiceSubscription {
  return { group: 'ingestion', types: [EVENTS.comicIngested.type], effect: (tx, event) => countedRecording(tx, outbox, event) };
}

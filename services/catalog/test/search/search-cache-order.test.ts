import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { EventBus, EventEnvelope, Subscription } from '@inkwell/platform';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { catalogService } from '../../src';
import { createProduct, createSeries } from '../factories';

/**
 * A bus that keeps what is published and hands an event to one consumer group when the test says
 * so, to play deliveries in the order the real buses allow but do not promise.
 */
class SteppedBus implements EventBus {
  readonly driver = 'stepped';
  readonly published: EventEnvelope[] = [];
  private readonly groups = new Map<string, Subscription>();

  async subscribe(subscription: Subscription): Promise<void> {
    this.groups.set(subscription.group, subscription);
  }

  async publish(event: EventEnvelope): Promise<void> {
    this.published.push(event);
  }

  async deliver(group: string, event: EventEnvelope): Promise<void> {
    const subscription = this.groups.get(group);
    assert.ok(subscription, `no consumer group ${group}`);
    await subscription.handler(event);
  }

  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}

describe('search answers and the read cache', () => {
  const bus = new SteppedBus();
  let service: TestService<unknown, SteppedBus>;
  let productId: number;

  beforeAll(async () => {
    service = await buildTestService(catalogService, { bus });
    const series = await createSeries(service.context.db, { title: 'Quill Harbour', readableUrl: 'quill-harbour' });
    productId = await createProduct(service.context.db, { name: 'Quill Harbour Vol. 1', seriesId: series, status: 'Draft', ingestCompleted: true, issueNumber: 1 });
  });

  afterAll(() => service?.close());

  const searchTitles = async (): Promise<string[]> => {
    const response = await service.app.inject('/api/search/V3?query=quill%20harbour');
    return (response.json().response as Array<{ content: { title: string } }>).map((hit) => hit.content.title);
  };

  it('finds a published product even when the read cache heard of it before the search index did', async () => {
    assert.ok(!(await searchTitles()).includes('Quill Harbour Vol. 1'), 'a draft is not found');
    const admin = await signTestToken({ userId: 'staff-1', roles: ['admin'] });
    const publish = await service.app.inject({ method: 'POST', url: `/api/dashboard/product/publish?id=${productId}`, headers: { authorization: `Bearer ${admin}` } });
    assert.equal(publish.statusCode, 200);
    await service.relay.drain();
    const published = bus.published.find((event) => event.type === 'product.published');
    assert.ok(published, 'the publish wrote its event');

    // The read cache drops its answers, an anonymous search is answered (and cached) from the
    // index as it still is, and only then does the index hear of the product.
    await bus.deliver('catalog.read-cache', published);
    assert.ok(!(await searchTitles()).includes('Quill Harbour Vol. 1'));
    await bus.deliver('catalog.search-index', published);
    assert.ok((await searchTitles()).includes('Quill Harbour Vol. 1'), 'the answer cached in between was dropped');
  });
});

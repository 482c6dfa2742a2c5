import type { Logger } from '../logger';
import type { EventBus, Subscription } from './bus';
import type { EventEnvelope } from './envelope';

/**
 * The default event bus when `KAFKA_BROKERS` is not set: every service runs in one process and a
 * publish hands the event to each subscribed consumer group directly. A publish resolves only when
 * every group has handled the event, and rejects if any group failed, so the outbox keeps the event
 * and the relay delivers it again (groups that already handled it skip it through their inbox).
 */
export class InProcessEventBus implements EventBus {
  readonly driver = 'in-process';
  private readonly subscriptions: Subscription[] = [];
  private started = false;

  constructor(private readonly logger: Logger) {}

  async subscribe(subscription: Subscription): Promise<void> {
    if (this.subscriptions.some((existing) => existing.group === subscription.group)) {
      throw new Error(`Consumer group ${subscription.group} is already subscribed`);
    }
    this.subscriptions.push(subscription);
  }

  async start(): Promise<void> {
    this.started = true;
  }

  async publish(event: EventEnvelope): Promise<void> {
    // Until every service has registered its consumers, events stay in the outbox.
    if (!this.started) throw new Error('event bus not started yet');
    const targets = this.subscriptions.filter((subscription) => subscription.types.includes(event.type));
    const results = await Promise.allSettled(targets.map((subscription) => subscription.handler(event)));
    const failed = results.flatMap((result, index) => (result.status === 'rejected' ? [{ group: targets[index]!.group, reason: result.reason as unknown }] : []));
    if (failed.length > 0) {
      for (const failure of failed) this.logger.warn({ group: failure.group, eventId: event.id, type: event.type, err: failure.reason }, 'consumer failed');
      throw new Error(`consumer group(s) ${failed.map((f) => f.group).join(', ')} failed to handle ${event.type} ${event.id}`);
    }
  }

  async stop(): Promise<void> {
    this.started = false;
  }
}

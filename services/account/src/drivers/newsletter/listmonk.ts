import type { Logger } from '@inkwell/platform';
import type { ListSubscriptionStatus, NewsletterList, NewsletterService, SubscribeRequest, SubscribeResult } from './port';
import { NewsletterServiceError } from './port';

export interface ListmonkOptions {
  /** listmonk's base URL, e.g. `http://127.0.0.1:9000`. */
  url: string;
  username: string;
  password: string;
  logger: Logger;
  /** Per request; 10 s unless given. */
  timeoutMs?: number;
}

interface ListmonkList {
  id: number;
  name: string;
  type: 'public' | 'private' | string;
  optin: 'single' | 'double' | string;
  tags: string[] | null;
}

interface ListmonkSubscriber {
  id: number;
  email: string;
  name: string;
  status: string;
  attribs: Record<string, unknown> | null;
  lists: { id: number; subscription_status: string }[] | null;
}

/**
 * The email-marketing port on listmonk (https://listmonk.app), written to its documented HTTP API
 * (v1.x: `/api/lists`, `/api/subscribers`, `/api/subscribers/lists`, `/api/subscribers/{id}/optin`)
 * with HTTP basic auth (the admin user and password of its config). The store's lists are
 * listmonk's public lists; double opt-in is listmonk's own (its lists set to `double`: it mails the
 * confirmation and keeps the subscription `unconfirmed` until the link is followed).
 */
export class ListmonkNewsletters implements NewsletterService {
  readonly driver = 'listmonk';
  private readonly base: string;
  private readonly authorization: string;

  constructor(private readonly options: ListmonkOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  }

  async lists(): Promise<NewsletterList[]> {
    const answer = await this.call<{ results: ListmonkList[] }>('GET', '/api/lists?per_page=all&order_by=id&order=asc');
    return answer.results
      .filter((list) => list.type === 'public')
      .map((list) => ({ id: String(list.id), name: list.name, description: (list.tags ?? []).join(', ') }));
  }

  async statuses(email: string): Promise<Map<string, ListSubscriptionStatus>> {
    const subscriber = await this.find(email);
    const statuses = new Map<string, ListSubscriptionStatus>();
    for (const list of subscriber?.lists ?? []) statuses.set(String(list.id), toStatus(list.subscription_status));
    return statuses;
  }

  async subscribe(request: SubscribeRequest): Promise<SubscribeResult> {
    const wanted = request.listIds.map(Number);
    const existing = await this.find(request.email);
    let subscriber: ListmonkSubscriber;
    if (!existing) {
      // listmonk mails the opt-in itself when a new subscriber joins double opt-in lists.
      subscriber = await this.call<ListmonkSubscriber>('POST', '/api/subscribers', {
        email: request.email,
        name: request.email.split('@')[0],
        status: 'enabled',
        lists: wanted,
        attribs: request.attributes,
      });
    } else {
      const before = new Map((existing.lists ?? []).map((list) => [list.id, list.subscription_status]));
      // An unsubscribed list is left and joined again, so it awaits confirmation anew.
      const rejoin = wanted.filter((id) => before.get(id) === 'unsubscribed');
      if (rejoin.length > 0) {
        await this.call('PUT', '/api/subscribers/lists', { ids: [existing.id], action: 'remove', target_list_ids: rejoin });
      }
      const all = [...new Set([...before.keys(), ...wanted])];
      await this.call('PUT', `/api/subscribers/${existing.id}`, {
        email: existing.email,
        name: existing.name,
        status: existing.status,
        lists: all,
        attribs: { ...(existing.attribs ?? {}), ...request.attributes },
      });
      subscriber = (await this.find(request.email)) ?? existing;
      if (wanted.some((id) => before.get(id) !== 'confirmed')) await this.call('POST', `/api/subscribers/${existing.id}/optin`, {});
    }
    const after = new Map((subscriber.lists ?? []).map((list) => [list.id, list.subscription_status]));
    return {
      awaitingConfirmation: wanted.filter((id) => after.get(id) !== 'confirmed').map(String),
      alreadySubscribed: wanted.filter((id) => after.get(id) === 'confirmed').map(String),
    };
  }

  async unsubscribe(email: string, listIds: string[] | null): Promise<string[]> {
    const subscriber = await this.find(email);
    if (!subscriber) return [];
    const on = (subscriber.lists ?? []).filter((list) => list.subscription_status !== 'unsubscribed').map((list) => list.id);
    const targets = listIds === null ? on : on.filter((id) => listIds.includes(String(id)));
    if (targets.length === 0) return [];
    await this.call('PUT', '/api/subscribers/lists', { ids: [subscriber.id], action: 'unsubscribe', target_list_ids: targets });
    return targets.map(String);
  }

  async close(): Promise<void> {}

  /** The subscriber with that address (listmonk's `query` is an SQL condition; the address is quoted). */
  private async find(email: string): Promise<ListmonkSubscriber | null> {
    const query = `subscribers.email = '${email.replace(/'/g, "''")}'`;
    const answer = await this.call<{ results: ListmonkSubscriber[] }>('GET', `/api/subscribers?per_page=1&query=${encodeURIComponent(query)}`);
    return answer.results[0] ?? null;
  }

  private async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers: { authorization: this.authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      this.options.logger.warn({ err: error, method, path: path.split('?')[0] }, 'listmonk did not answer');
      throw new NewsletterServiceError(`listmonk did not answer ${method} ${path.split('?')[0]}`);
    }
    const text = await response.text();
    if (!response.ok) {
      this.options.logger.warn({ status: response.status, method, path: path.split('?')[0], answer: text.slice(0, 300) }, 'listmonk refused a request');
      throw new NewsletterServiceError(`listmonk answered ${response.status} to ${method} ${path.split('?')[0]}`);
    }
    const parsed = JSON.parse(text) as { data: T };
    return parsed.data;
  }
}

function toStatus(status: string): ListSubscriptionStatus {
  return status === 'confirmed' ? 'confirmed' : status === 'unsubscribed' ? 'unsubscribed' : 'unconfirmed';
}

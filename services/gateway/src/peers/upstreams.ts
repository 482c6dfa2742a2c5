import type { ServiceName } from '@inkwell/platform';
import { Agent, type Dispatcher } from 'undici';

/** Errors that say a request never reached a replica's handlers: nothing was done, so any method may go to another. */
const UNREACHED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * The replicas of every service (`<SERVICE>_HTTP_URL` lists them) and how the gateway reaches them.
 * `url(service)` takes the replicas in turn. `request` is the dispatcher reply-from forwards through:
 * a request that did not reach its replica's handlers goes to the service's next replica, each
 * replica tried once, so a replica that stops or starts (a rolling restart) costs no request:
 *
 * - the connection was refused, or reset before any answer: a replica that is down, or that closed
 *   an idle kept-alive connection as it stopped, never read the request;
 * - a 503 without the `x-request-id` every answer of a service carries: Fastify's answer to a
 *   request arriving on a kept-alive connection while the replica closes, sent before any hook ran.
 *
 * A request whose body is a stream (a comic upload) cannot be sent twice and is not retried. A
 * replica killed outright while it handles a request resets its connection too; that request may
 * then run twice, as a client's own retry would (the checkout's payment is guarded by its key).
 */
export class Upstreams {
  private readonly agent: Agent;
  /** The replicas' base URLs per service, and the origins of one service's replicas by origin. */
  private readonly urls: Map<ServiceName, string[]>;
  private readonly replicasOf = new Map<string, string[]>();
  private readonly turn = new Map<ServiceName, number>();

  constructor(peers: Record<ServiceName, { httpUrls: string[] }>, options: Agent.Options) {
    this.agent = new Agent(options);
    this.urls = new Map(Object.entries(peers).map(([service, { httpUrls }]) => [service as ServiceName, httpUrls]));
    for (const urls of this.urls.values()) {
      const origins = urls.map((url) => new URL(url).origin);
      for (const origin of origins) this.replicasOf.set(origin, origins);
    }
  }

  /** The base URL of the service's next replica. */
  url(service: ServiceName): string {
    const urls = this.urls.get(service)!;
    const turn = this.turn.get(service) ?? 0;
    this.turn.set(service, (turn + 1) % urls.length);
    return urls[turn % urls.length]!;
  }

  /** What reply-from calls (its `undici` option) for every forwarded request; `origin` is the replica `url` chose. */
  request<T = null>(options: Dispatcher.RequestOptions<T>): Promise<Dispatcher.ResponseData<T>>;
  request<T = null>(options: Dispatcher.RequestOptions<T>, callback: (error: Error | null, data: Dispatcher.ResponseData<T>) => void): void;
  request<T = null>(options: Dispatcher.RequestOptions<T>, callback?: (error: Error | null, data: Dispatcher.ResponseData<T>) => void): Promise<Dispatcher.ResponseData<T>> | void {
    const answer = this.send(options);
    if (!callback) return answer;
    // reply-from's callback reads no data when there is an error.
    answer.then((data) => callback(null, data), (error: Error) => callback(error, undefined as never));
  }

  private async send<T>(options: Dispatcher.RequestOptions<T>): Promise<Dispatcher.ResponseData<T>> {
    const origin = String(options.origin);
    const replicas = this.replicasOf.get(origin) ?? [origin];
    const first = replicas.indexOf(origin);
    const { body } = options;
    const tries = body === undefined || body === null || typeof body === 'string' || Buffer.isBuffer(body) ? replicas.length : 1;
    for (let tried = 1; ; tried++) {
      const replica = replicas[(first + tried - 1) % replicas.length]!;
      const last = tried >= tries;
      try {
        const response = await this.agent.request({ ...options, origin: replica });
        if (last || response.statusCode !== 503 || response.headers['x-request-id'] !== undefined) {
          // reply-from destroys the body of an answer whose client has gone; undici then emits an
          // 'error' that, unheard, would end the gateway. Whoever reads the body hears its errors too.
          response.body.on('error', () => undefined);
          return response;
        }
        await response.body.dump();
      } catch (error) {
        const { code } = error as { code?: string };
        if (last || code === undefined || !UNREACHED.has(code)) throw error;
      }
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

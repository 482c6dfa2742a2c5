/**
 * A bare Fastify proxy with the gateway's @fastify/reply-from settings and nothing else, in front of
 * the URL given as the first argument, or, without one, in front of a bare hello-world in the same
 * process (as `npm start` puts the gateway and the services in one). Reports its URL.
 */
import replyFrom from '@fastify/reply-from';
import Fastify from 'fastify';

async function listen(app: ReturnType<typeof Fastify>): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

let target = process.argv[2];
if (!target) {
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  target = await listen(hello);
}
const proxy = Fastify({ logger: false });
await proxy.register(replyFrom, { disableRequestLogging: true, undici: { connections: 128, pipelining: 1, keepAliveTimeout: 60_000 } });
proxy.get('/', (request, reply) => reply.from(target + request.url));
process.send?.({ url: await listen(proxy) });
process.on('SIGTERM', () => void proxy.close().then(() => process.exit(0)));

/** The baseline: a bare Fastify hello-world, in its own process like the store. Reports its URL. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send?.({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

import Fastify from 'fastify';

/** The baseline of the static and health figures: a bare Fastify hello world in its own process. */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(JSON.stringify({ port: (app.server.address() as { port: number }).port }) + '\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

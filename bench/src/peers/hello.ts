import fs from 'node:fs';
import Fastify from 'fastify';

/**
 * The baselines of the static and health figures, in their own process: a bare Fastify hello world
 * at `/`, and at `/file` the bytes of the file named on the command line (the prebuilt .br of the
 * asset measured), so moving those bytes on this machine has a figure of its own.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const file = process.argv[2] ? fs.readFileSync(process.argv[2]) : Buffer.alloc(0);
app.get('/file', (_request, reply) => reply.header('content-type', 'text/javascript; charset=utf-8').header('content-encoding', 'br').send(file));
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(JSON.stringify({ port: (app.server.address() as { port: number }).port }) + '\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

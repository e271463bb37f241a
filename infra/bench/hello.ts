import Fastify from 'fastify';

/** The yardstick: a bare Fastify answering a constant JSON, on the port given as argument. */
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2]) });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));

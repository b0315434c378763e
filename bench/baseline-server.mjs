// The baseline: a bare Fastify route returning a small JSON object, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true, name: 'baseline', items: [1, 2, 3] }));
// bench:web's baseline: the least a page can be.
app.get('/page', async (_request, reply) =>
  reply.type('text/html').send('<!doctype html><html lang="en"><title>Baseline</title><h1>Baseline page</h1></html>'),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));

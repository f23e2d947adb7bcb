// The baseline: a bare Fastify app serving a constant JSON object, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { status: 'ok' };
app.get('/bare', async () => body);
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2]) });
console.log('ready');

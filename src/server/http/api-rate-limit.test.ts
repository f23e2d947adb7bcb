import { connect } from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestEnvironment, type TestEnvironment } from '../../../test/support/databases';
import { buildApp, type App } from '../app';
import { memoryRateLimit, waitText } from './api-rate-limit';
import { registerErrorHandling } from './error-handler';

describe('the API-wide rate limit', () => {
  let env: TestEnvironment | undefined;
  let app: App | undefined;
  const logs: string[] = [];
  afterEach(async () => {
    await app?.close();
    await env?.cleanup();
    app = env = undefined;
    logs.length = 0;
  });

  async function start() {
    env = await createTestEnvironment('sqlite', { API_RATE_LIMIT_PER_MINUTE: '10' });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    app = await buildApp(env.config, { db: env.db, logger: { level: 'info', stream } });
    return app;
  }

  it('counts requests that fail authentication: it runs before it', async () => {
    await start();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await app!.inject({
        url: '/api/me',
        headers: { authorization: 'Bearer a.b.c' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('logs no error for a request whose connection is already gone', async () => {
    const server = await start();
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as { port: number };
    // A malformed chunked body kills the connection while the request's hooks are still running.
    const chunked =
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
      'Transfer-Encoding: chunked\r\n\r\nzz\r\n';
    for (const raw of [chunked, `GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n${chunked}`]) {
      for (let i = 0; i < 5; i++) {
        await new Promise<void>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write(raw);
            setImmediate(() => {
              socket.destroy();
              resolve();
            });
          });
        });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(logs.join('')).not.toMatch(/"level":(50|60)/);
  });
});

describe('the API-wide limit in memory', () => {
  async function limited(max: number, clock: { now: number }) {
    const app = Fastify();
    registerErrorHandling(app);
    app.addHook('onRequest', memoryRateLimit(max, () => clock.now).hook);
    app.get('/x', async () => ({ ok: true }));
    await app.ready();
    return app;
  }

  it('counts a window per address, with the headers and the 429 the plugin gave', async () => {
    const clock = { now: 1_000_000 };
    const app = await limited(2, clock);
    const from = (remoteAddress: string) => app.inject({ url: '/x', remoteAddress });
    const first = await from('203.0.113.5');
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({
      'x-ratelimit-limit': '2',
      'x-ratelimit-remaining': '1',
      'x-ratelimit-reset': '60',
    });
    clock.now += 15_500;
    expect((await from('203.0.113.5')).headers['x-ratelimit-remaining']).toBe('0');
    const over = await from('203.0.113.5');
    expect(over.statusCode).toBe(429);
    expect(over.headers).toMatchObject({
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '45',
      'retry-after': '45',
    });
    expect(over.json().error).toEqual({
      code: 'request.rate_limited',
      message: 'Too many requests. Please wait 45 seconds and try again.',
    });
    // Another address has its own window; the first one's starts again once it has ended.
    expect((await from('198.51.100.7')).statusCode).toBe(200);
    clock.now += 44_500;
    expect((await from('203.0.113.5')).headers['x-ratelimit-remaining']).toBe('1');
    await app.close();
  });

  it('counts IPv6 addresses by their network, as the plugin does', async () => {
    const clock = { now: 0 };
    const app = await limited(1, clock);
    expect((await app.inject({ url: '/x', remoteAddress: '2001:db8:1:2::1' })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: '/x', remoteAddress: '2001:db8:1:2::9' })).statusCode).toBe(
      429,
    );
    await app.close();
  });

  it('words the wait as @fastify/rate-limit did', () => {
    expect([1, 2, 59, 60, 90].map(waitText)).toEqual([
      '1 second',
      '2 seconds',
      '59 seconds',
      '1 minute',
      '2 minutes',
    ]);
  });
});

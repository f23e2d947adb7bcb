import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestEnvironment, type TestEnvironment } from '../../../test/support/databases';
import { buildApp, type App } from '../app';

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

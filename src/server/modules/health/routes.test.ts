import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestEnvironment, type TestEnvironment } from '../../../../test/support/databases';
import { buildApp, type App } from '../../app';

/** One HTTP request on a connection of its own: status, headers and body as sent. */
function send(port: number, method: string, path: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const outgoing = request({ port, host: '127.0.0.1', method, path, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      outgoing.on('error', reject);
      outgoing.end();
    },
  );
}

/** The headers to compare: the date moves, and only the route's answer sets the connection's. */
function comparable(headers: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !['date', 'connection', 'keep-alive'].includes(name),
    ),
  );
}

describe('GET /healthz answered before routing (decision 0147)', () => {
  let env: TestEnvironment | undefined;
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    await env?.cleanup();
    app = env = undefined;
  });

  async function listening() {
    env = await createTestEnvironment('sqlite');
    app = await buildApp(env.config, { db: env.db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as { port: number }).port;
  }

  it('sends what the route sends: status, body and every header', async () => {
    const port = await listening();
    const early = await send(port, 'GET', '/healthz');
    const routed = await app!.inject('/healthz');
    expect(early.status).toBe(200);
    expect(early.body).toBe(routed.body);
    expect(JSON.parse(early.body)).toEqual({ status: 'ok' });
    expect(comparable(early.headers)).toEqual(comparable(routed.headers));
    expect(early.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('leaves every other request to the app', async () => {
    const port = await listening();
    const head = await send(port, 'HEAD', '/healthz');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect((await send(port, 'GET', '/healthz?from=probe')).body).toBe('{"status":"ok"}');
    expect((await send(port, 'POST', '/healthz')).status).toBe(404);
    expect((await send(port, 'GET', '/api/nowhere')).status).toBe(404);
  });
});

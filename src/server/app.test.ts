import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createTestEnvironment,
  databaseTargets,
  type TestEnvironment,
} from '../../test/support/databases';
import { buildApp, type App } from './app';
import { computeSecurityHeaders } from './http/security-headers';

/** A JSON route of the test's own, to exercise the framework-level handling every route gets. */
async function appWithEchoRoute(env: TestEnvironment, logs?: string[]): Promise<App> {
  const logger = logs
    ? {
        level: 'info',
        stream: new Writable({
          write(chunk, _encoding, done) {
            logs.push(String(chunk));
            done();
          },
        }),
      }
    : false;
  const app = await buildApp(env.config, { db: env.db, logger });
  app.post(
    '/api/test/echo',
    { schema: { body: z.object({ name: z.string().min(2), age: z.number().int() }) } },
    async (request) => request.body,
  );
  await app.ready();
  return app;
}

describe.each(databaseTargets)('HTTP app on $kind', ({ kind, skip }) => {
  let env: TestEnvironment | undefined;
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    await env?.cleanup();
    app = undefined;
    env = undefined;
  });

  it.skipIf(skip)('reports ready while the database answers, and 503 once it is gone', async () => {
    env = await createTestEnvironment(kind);
    app = await appWithEchoRoute(env);
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    // Ready once warmed up (src/server/warm-up.ts; warm-up.test.ts shows the wait).
    await expect.poll(async () => (await app!.inject('/readyz')).statusCode).toBe(200);
    const ready = await app.inject('/readyz');
    expect(ready.json()).toEqual({ status: 'ok', database: 'up', warmUp: 'done' });

    await env.db.close();
    const gone = await app.inject('/readyz');
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toEqual({ status: 'unavailable', database: 'down', warmUp: 'done' });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });
});

describe('HTTP app', () => {
  let env: TestEnvironment;
  let app: App;
  const logs: string[] = [];
  afterEach(async () => {
    await app?.close();
    await env?.cleanup();
    logs.length = 0;
  });

  async function start(extraEnv: Record<string, string> = {}) {
    env = await createTestEnvironment('sqlite', { BODY_LIMIT_BYTES: '2048', ...extraEnv });
    app = await appWithEchoRoute(env, logs);
  }

  const post = (payload: string, contentType = 'application/json') =>
    app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': contentType },
      payload,
    });

  it('answers malformed JSON with 400 and the error shape', async () => {
    await start();
    const response = await post('{"name": "Ada",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'request.malformed_json', message: 'The request body is not valid JSON.' },
    });
  });

  it('answers an oversized body with 413', async () => {
    await start();
    const response = await post(JSON.stringify({ name: 'x'.repeat(4000), age: 1 }));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('request.too_large');
  });

  it('answers a body that is not JSON with 415', async () => {
    await start();
    const response = await post('name=Ada', 'text/plain');
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('request.unsupported_media_type');
  });

  it('answers invalid fields with 400, naming each field', async () => {
    await start();
    const response = await post(JSON.stringify({ name: 'A', age: 'old' }));
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('request.invalid');
    expect(Object.keys(error.fields).sort()).toEqual(['age', 'name']);
  });

  it('answers an unknown API route with 404 and the error shape', async () => {
    await start();
    const response = await app.inject({ method: 'DELETE', url: '/api/nothing/here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: {
        code: 'route.not_found',
        message: 'There is no API route DELETE /api/nothing/here.',
      },
    });
  });

  it('sends API responses a policy that lets nothing load or run, and no HSTS outside production', async () => {
    await start();
    for (const url of ['/healthz', '/api/nowhere']) {
      const { headers } = await app.inject(url);
      expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keeps the page policy for documents: our origin only, no inline script or style', async () => {
    await start();
    const { document } = computeSecurityHeaders(env!.config);
    const csp = document['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(document['cross-origin-opener-policy']).toBe('same-origin');
    expect(document['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS in production', async () => {
    await start({ NODE_ENV: 'production', MAIL_OUTBOX: 'true', BILLING_DEMO: 'true' });
    for (const url of ['/healthz', '/api/nowhere']) {
      const { headers } = await app.inject(url);
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
    const { document } = computeSecurityHeaders(env!.config);
    expect(document['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('publishes an OpenAPI document', async () => {
    await start();
    const response = await app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Lexwise API');
    // A route's body schema is what a client generated from this document sends.
    const echo = document.paths['/api/test/echo'].post.requestBody.content['application/json'];
    expect(echo.schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', minLength: 2 }, age: { type: 'integer' } },
      required: ['name', 'age'],
    });
  });

  it('compresses large responses for clients that accept it', async () => {
    await start();
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-encoding': 'gzip', 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'A'.repeat(1500), age: 30 }),
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('keeps the health probes out of the access log', async () => {
    await start();
    await app.inject('/healthz');
    await app.inject('/readyz');
    await app.inject('/api/nothing');
    const paths = logs
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line).path);
    expect(paths).toEqual(['/api/nothing']);
  });

  it('logs one line per request with its id, without headers, cookies or query strings', async () => {
    await start();
    for (const path of ['/api/nothing', '/api/elsewhere']) {
      await app.inject({
        url: `${path}?token=secret-token-value`,
        headers: { authorization: 'Bearer secret-bearer', cookie: 'refresh=secret-cookie' },
      });
    }
    const lines = logs
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ method: 'GET', path: '/api/nothing', status: 404 });
    expect(lines[1]).toMatchObject({ method: 'GET', path: '/api/elsewhere', status: 404 });
    expect(lines[0]!.reqId).toEqual(expect.any(String));
    expect(lines[1]!.reqId).not.toBe(lines[0]!.reqId);
    const all = logs.join('\n');
    for (const secret of ['secret-token-value', 'secret-bearer', 'secret-cookie']) {
      expect(all).not.toContain(secret);
    }
  });
});

import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnvironment, type TestEnvironment } from '../../../test/support/databases';
import { sendRaw, type RawResponse } from '../../../test/support/raw-http';
import { writeSite } from '../../../test/support/web-site';
import { buildApp, type App } from '../app';

/** What every refused request must look like, whichever layer refused it. */
function expectErrorShape(response: RawResponse, status: number, code?: string) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error.code).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  if (code) expect(body.error.code).toBe(code);
  expect(response.headers['content-security-policy']).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
}

describe('errors raised before a route runs', () => {
  let env: TestEnvironment;
  let app: App;
  let siteDir: string;
  let port: number;
  beforeAll(async () => {
    env = await createTestEnvironment('sqlite');
    siteDir = writeSite();
    const web = { pagesDir: path.join(siteDir, 'pages'), clientDir: path.join(siteDir, 'client') };
    app = await buildApp(env.config, { db: env.db, logger: false, web });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    await env.cleanup();
    rmSync(siteDir, { recursive: true, force: true });
  });

  const get = (target: string, headers = '') =>
    sendRaw(port, `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${headers}\r\n`);

  it('answers a URL that does not decode with 400 in the error shape', async () => {
    expectErrorShape(await get('/api/auth/oauth/%ff'), 400, 'request.invalid');
    expectErrorShape(await get('/api/auth/oauth/%ff/callback?code=x'), 400, 'request.invalid');
  });

  it('answers an over-long path parameter with 414 in the error shape', async () => {
    expectErrorShape(await get(`/api/auth/oauth/${'g'.repeat(500)}`), 414, 'request.uri_too_long');
  });

  it('answers headers that are too large with 431 in the error shape', async () => {
    expectErrorShape(
      await get('/api/me', `X-Padding: ${'a'.repeat(20_000)}\r\n`),
      431,
      'request.headers_too_large',
    );
  });

  it('answers what the HTTP parser refuses with 400 in the error shape', async () => {
    for (const raw of [
      'GARBAGE\r\n\r\n',
      'GET /api/me HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n',
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n',
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n',
      'GET /api/me HTTP/1.1\r\nHost: localhost\r\nX-Nul: a\u0000b\r\n\r\n',
    ]) {
      expectErrorShape(await sendRaw(port, raw), 400, 'request.malformed');
    }
  });

  it("gives API paths in another case or with doubled slashes the API's 404, not a page", async () => {
    for (const target of ['/API/ME', '//api/me', '/Api/auth/login', '///api//me', '/api/']) {
      expectErrorShape(await get(target), 404, 'route.not_found');
    }
    // Pages are still pages.
    const page = await get('/no-such-page');
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('stays healthy afterwards', async () => {
    const healthy = await get('/healthz');
    expect(healthy.status).toBe(200);
  });
});

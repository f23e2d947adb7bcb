import { request } from 'node:http';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthHarness, type AuthHarness } from '../../../../test/support/auth-harness';

// The access log line the early answer writes is counted: it is how a test knows which of the
// two paths answered (their answers are meant to be alike in every other way).
const early = vi.hoisted(() => ({ lines: 0 }));
vi.mock('../../http/request-log', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../http/request-log')>();
  return {
    ...actual,
    logRequest: (...args: Parameters<typeof actual.logRequest>) => {
      early.lines += 1;
      actual.logRequest(...args);
    },
  };
});

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** One HTTP request on a connection of its own: status, headers and body as sent. */
function send(port: number, method: string, path: string, authorization?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const headers = authorization ? { authorization } : {};
    const outgoing = request(
      { port, host: '127.0.0.1', method, path, headers, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** What must be equal: all but the date, the connection's own headers and the limit's count. */
function comparable(headers: Record<string, unknown>) {
  const moving = ['date', 'connection', 'keep-alive', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !moving.includes(name)));
}

describe('GET /api/me answered before routing (decision 0155)', () => {
  let h: AuthHarness | undefined;
  let lines: string[] = [];
  afterEach(async () => {
    await h?.close();
    h = undefined;
    lines = [];
  });

  async function listening(env: Record<string, string> = {}) {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    h = await createAuthHarness('sqlite', env, { level: 'info', stream });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.app.server.address() as { port: number }).port;
    const { accessToken } = await h.signUp('ada@example.com', 'copper-meadow-falcon-3');
    return { port, bearer: `Bearer ${accessToken}`, accessToken };
  }

  /** The same request over HTTP and through Fastify's routes (app.inject), one after the other. */
  async function both(port: number, method: 'GET' | 'HEAD', path: string, authorization?: string) {
    const before = early.lines;
    const sent = await send(port, method, path, authorization);
    const answeredEarly = early.lines > before;
    const routed = await h!.app.inject({
      method,
      url: path,
      headers: authorization ? { authorization } : {},
    });
    const remaining = (headers: Record<string, unknown>) =>
      Number(headers['x-ratelimit-remaining']);
    expect(sent.status).toBe(routed.statusCode);
    expect(sent.body).toBe(routed.body);
    expect(comparable(sent.headers)).toEqual(comparable(routed.headers));
    // Both counted in the same window, the HTTP request first.
    if (routed.statusCode !== 429)
      expect(remaining(routed.headers)).toBe(remaining(sent.headers) - 1);
    return { sent, answeredEarly };
  }

  it('answers a signed-in GET as the route does, counted and logged', async () => {
    const { port, bearer, accessToken } = await listening();
    const { sent, answeredEarly } = await both(port, 'GET', '/api/me', bearer);
    expect(answeredEarly).toBe(true);
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body)).toMatchObject({ email: 'ada@example.com', hasPassword: true });
    expect(sent.headers).toMatchObject({
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-ratelimit-limit': expect.any(String),
    });
    const logged = lines.map((line) => JSON.parse(line)).filter((line) => line.path === '/api/me');
    expect(logged).toHaveLength(2);
    for (const line of logged) {
      expect(line).toMatchObject({ msg: 'request', method: 'GET', status: 200 });
      expect(line.reqId).toMatch(/^req-[0-9a-z]+$/);
      expect(typeof line.ms).toBe('number');
    }
    expect(logged[0].reqId).not.toBe(logged[1].reqId);
    expect(lines.join('\n')).not.toContain(accessToken);
  });

  it('leaves signed-out, bad-token, revoked, HEAD and other requests to the route', async () => {
    const { port, bearer } = await listening();
    const cases: [method: 'GET' | 'HEAD', path: string, authorization?: string, status?: number][] =
      [
        ['GET', '/api/me', undefined, 401],
        ['GET', '/api/me', 'Bearer not-a-token', 401],
        ['GET', '/api/me', 'Basic YWRhOnB3', 401],
        ['HEAD', '/api/me', bearer, 200],
        ['GET', '/api/me?fields=all', bearer, 200],
      ];
    for (const [method, path, authorization, status] of cases) {
      const { sent, answeredEarly } = await both(port, method, path, authorization);
      expect([method, path, authorization, answeredEarly]).toEqual([
        method,
        path,
        authorization,
        false,
      ]);
      expect(sent.status).toBe(status);
    }
    const ended = await h!.me('POST', '/api/me/sessions/revoke', bearer.slice('Bearer '.length));
    expect(ended.statusCode).toBe(204);
    const { sent, answeredEarly } = await both(port, 'GET', '/api/me', bearer);
    expect([sent.status, answeredEarly]).toEqual([401, false]);
    expect(JSON.parse(sent.body).error.code).toBe('auth.unauthenticated');
  });

  it('leaves a client over the API-wide limit to the route, which answers 429', async () => {
    // Signing up took two requests of the ten; the early answer and the route take one each.
    const { port, bearer } = await listening({ API_RATE_LIMIT_PER_MINUTE: '10' });
    expect((await both(port, 'GET', '/api/me', bearer)).answeredEarly).toBe(true);
    const before = early.lines;
    const left: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      left.push((await send(port, 'GET', '/api/me', bearer)).headers['x-ratelimit-remaining']);
    }
    expect(left).toEqual(['5', '4', '3', '2', '1', '0']);
    expect(early.lines - before).toBe(6);
    const { sent, answeredEarly } = await both(port, 'GET', '/api/me', bearer);
    expect([sent.status, answeredEarly]).toEqual([429, false]);
    expect(sent.headers['retry-after']).toMatch(/^\d+$/);
    expect(JSON.parse(sent.body).error.code).toBe('request.rate_limited');
  });
});

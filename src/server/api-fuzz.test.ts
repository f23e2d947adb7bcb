import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpFake, type SmtpFake } from '../../test/fakes/smtp-server';
import {
  createTestEnvironment,
  databaseTargets,
  type TestEnvironment,
} from '../../test/support/databases';
import { errorBodySchema } from '../shared/errors';
import { buildApp, type App } from './app';
import { hashPassword } from './modules/auth/passwords';
import { insertUser } from './modules/auth/repository';

/**
 * Every route of /api/openapi.json, read from the app buildApp makes, gets a bounded set of
 * hostile requests: wrong types, missing and extra fields, huge, control and Unicode strings,
 * deep nesting, __proto__ keys, wrong content types, bad path and query parameters. A route added
 * later is covered without anyone listing it here. No answer may be a 5xx; every 4xx is in the
 * error shape with the security headers; the server stays healthy.
 */

interface JsonSchema {
  type?: string | string[];
  format?: string;
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
}
interface Operation {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Hostile {
  what: string;
  path: string;
  body?: string | Buffer;
  contentType?: string;
  auth?: 'valid' | 'forged';
}

const password = 'a-long-passphrase';
const limit = 60_000;

/** Strings that have broken servers: huge, control characters, odd Unicode, backtracking bait. */
const hostileStrings: [string, unknown][] = [
  ['empty', ''],
  ['spaces', '   '],
  ['huge', 'a'.repeat(limit)],
  ['NUL', 'a\u0000b@x.com'],
  ['escape', '\u001b[31mred'],
  ['header injection', 'x@example.com\r\nBcc: mallory@attacker.example'],
  ['line separator', 'a\u2028b'],
  ['emoji', '😀'.repeat(2_000)],
  ['lone surrogate', 'a\ud800b'],
  ['right-to-left override', '\u202eexample.com'],
  ['combining marks', 'a\u0301'.repeat(5_000)],
  ['two recipients', 'alice@example.com,bob@example.org'],
  ['display name', 'frank@example.com<mallory@attacker.example>'],
  ['email backtracking', 'a@.'.repeat(limit / 3 - 1) + ' x'],
  ['domain backtracking', 'a@' + 'a.'.repeat(limit / 2 - 2) + ' x'],
  ['number', 12345],
  ['negative', -1],
  ['huge number', 1e308],
  ['boolean', true],
  ['null', null],
  ['array', ['a', 'b']],
  ['object', { $gt: '' }],
  ['__proto__ object', JSON.parse('{"__proto__":{"polluted":true}}')],
];

/** A plausible value for a field, so the other fields' variants reach the checks after parsing. */
function sample(name: string, schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.anyOf)
    return sample(
      name,
      schema.anyOf.find((s) => s.type !== 'null'),
    );
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object') {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(key, value)]),
    );
  }
  if (type === 'array') return [];
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@example.com';
  if (/password/i.test(name)) return password;
  if (/token/i.test(name)) return 'a'.repeat(43);
  if (schema.format === 'uri' || /picture|url/i.test(name)) return 'https://example.com/a.png';
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1, name === 'message' ? 20 : 1));
}

function bodyVariants(path: string, schema: JsonSchema | undefined): Hostile[] {
  const base = (sample('body', schema) ?? {}) as Record<string, unknown>;
  const json = (value: unknown) => JSON.stringify(value);
  const variants: Hostile[] = [
    { what: 'no body', path },
    { what: 'empty object', path, body: '{}' },
    { what: 'array body', path, body: '[]' },
    { what: 'string body', path, body: '"text"' },
    { what: 'null body', path, body: 'null' },
    { what: 'malformed JSON', path, body: '{"a":' },
    { what: 'deep arrays', path, body: '['.repeat(limit / 2) + ']'.repeat(limit / 2) },
    { what: 'deep objects', path, body: '{"a":'.repeat(limit / 6) + '1' + '}'.repeat(limit / 6) },
    {
      what: '__proto__ key',
      path,
      body: `{"__proto__":{"isAdmin":true},${json(base).slice(1)}`.replace(',}', '}'),
    },
    {
      what: 'constructor key',
      path,
      body: json({ ...base, constructor: { prototype: { x: 1 } } }),
    },
    { what: 'extra fields', path, body: json({ ...base, extra: 'x', isAdmin: true, id: 1 }) },
    { what: 'over the body limit', path, body: json({ ...base, pad: 'a'.repeat(70_000) }) },
    { what: 'text/plain', path, body: json(base), contentType: 'text/plain' },
    { what: 'form', path, body: 'email=a%40b.c', contentType: 'application/x-www-form-urlencoded' },
    {
      what: 'multipart',
      path,
      body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--b--\r\n',
      contentType: 'multipart/form-data; boundary=b',
    },
    {
      what: 'utf-16 JSON',
      path,
      body: Buffer.from(json(base), 'utf16le'),
      contentType: 'application/json; charset=utf-16',
    },
    { what: 'JSON without a type', path, body: json(base), contentType: '' },
    { what: 'latin-1 bytes', path, body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  ];
  for (const field of Object.keys(schema?.properties ?? {})) {
    const missing = Object.fromEntries(Object.entries(base).filter(([key]) => key !== field));
    variants.push({ what: `missing ${field}`, path, body: json(missing) });
    for (const [name, value] of hostileStrings) {
      variants.push({ what: `${field}: ${name}`, path, body: json({ ...base, [field]: value }) });
    }
  }
  return variants;
}

const pathValues = [
  '%ff',
  'g'.repeat(500),
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%F0%9F%98%80',
  '__proto__',
  'constructor',
  '%20',
];
const queryValues = [
  'a'.repeat(8_000),
  '%00%1b',
  '%ff',
  '__proto__',
  'https%3A%2F%2Fattacker.example',
  '%E2%80%AE',
];

function urlVariants(template: string, filled: string, operation: Operation): Hostile[] {
  const params = template.match(/\{[^}]+\}/g) ?? [];
  const variants: Hostile[] = [];
  for (const param of params) {
    for (const value of pathValues) {
      variants.push({
        what: `path ${param}=${value.slice(0, 12)}`,
        path: fill(template.replace(param, value), filled),
      });
    }
  }
  for (const { name } of (operation.parameters ?? []).filter((p) => p.in === 'query')) {
    for (const value of queryValues) {
      variants.push({
        what: `query ${name}=${value.slice(0, 12)}`,
        path: `${filled}?${name}=${value}`,
      });
    }
    variants.push({ what: `query ${name} twice`, path: `${filled}?${name}=a&${name}=b` });
    variants.push({ what: `query ${name}[x]`, path: `${filled}?${name}[x]=1&__proto__[x]=1` });
  }
  return variants;
}

/** `template` with its remaining parameters taken from `filled` (the same route, filled in). */
function fill(template: string, filled: string): string {
  const values = filled.split('/');
  return template
    .split('/')
    .map((part, i) => (/^\{[^}]+\}$/.test(part) ? values[i]! : part))
    .join('/');
}

describe.each(databaseTargets)('the API under hostile requests on $kind', ({ kind, skip }) => {
  let env: TestEnvironment;
  let smtp: SmtpFake;
  let app: App;
  let port: number;
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  beforeAll(async () => {
    if (skip) return;
    smtp = await startSmtpFake();
    env = await createTestEnvironment(kind, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.smtpPort}`,
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_LIMIT_PER_IP: '100000',
      AUTH_LIMIT_PER_ACCOUNT: '10000',
    });
    app = await buildApp(env.config, { db: env.db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
    // Ready once warmed up (src/server/warm-up.ts): the walk checks readiness after each route.
    for (let tries = 0; (await app.inject('/readyz')).statusCode !== 200; tries++) {
      if (tries > 500) throw new Error('not ready after its warm-up');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  afterAll(async () => {
    if (skip) return;
    agent.destroy();
    await app.close();
    await smtp.close();
    await env.cleanup();
  });

  function send(method: string, hostile: Hostile, accessToken?: string) {
    const headers: Record<string, string | number> = {};
    if (hostile.body !== undefined) {
      headers['content-type'] = hostile.contentType ?? 'application/json';
      if (headers['content-type'] === '') delete headers['content-type'];
      headers['content-length'] = Buffer.byteLength(hostile.body);
    }
    if (hostile.auth === 'forged') headers.authorization = 'Bearer a.b.c';
    else if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    return new Promise<{
      status: number;
      headers: Record<string, unknown>;
      body: string;
      ms: number;
    }>((resolve, reject) => {
      const started = performance.now();
      const req = request(
        { host: '127.0.0.1', port, method, path: hostile.path, headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(hostile.body);
    });
  }

  /** A new verified account and its access token, so each route starts signed in. */
  async function signedIn(): Promise<string> {
    const email = `fuzz-${randomUUID()}@example.com`;
    await insertUser(
      env.db,
      {
        id: randomUUID(),
        email,
        emailVerifiedAt: new Date().toISOString(),
        passwordHash: await hashPassword(password),
      },
      new Date().toISOString(),
    );
    const response = await send('POST', {
      what: 'sign in',
      path: '/api/auth/login',
      body: JSON.stringify({ email, password }),
    });
    return (JSON.parse(response.body) as { accessToken: string }).accessToken;
  }

  /**
   * A route's path with real values where it can: an `{id}` under a collection that has a POST
   * (e.g. /api/conversations/{id}) gets a record made by that POST for the same user, so hostile
   * bodies reach the handler and not only the id check.
   */
  async function fillPath(
    template: string,
    routes: { path: string; method: string; operation: Operation }[],
    accessToken: string | undefined,
  ): Promise<string> {
    const parts = template.split('/');
    for (let i = 0; i < parts.length; i++) {
      if (!/^\{[^}]+\}$/.test(parts[i]!)) continue;
      const collection = parts.slice(0, i).join('/');
      const create = routes.find((r) => r.method === 'POST' && r.path === collection);
      // An id the client may choose (a new conversation's) is a fresh UUID; a provider, "google".
      let value = /id\}$/i.test(parts[i]!) ? randomUUID() : 'google';
      if (create) {
        const schema = create.operation.requestBody?.content?.['application/json']?.schema;
        const made = await send(
          'POST',
          { what: 'create', path: collection, body: JSON.stringify(sample('body', schema) ?? {}) },
          accessToken,
        );
        const id = (JSON.parse(made.body || '{}') as { id?: unknown }).id;
        if (typeof id === 'string') value = id;
      }
      parts[i] = value;
    }
    return parts.join('/');
  }

  it.skipIf(skip)(
    'answers no 5xx, every 4xx in the error shape with security headers, and stays healthy',
    async () => {
      const spec = JSON.parse(
        (await send('GET', { what: 'spec', path: '/api/openapi.json' })).body,
      ) as {
        paths: Record<string, Record<string, Operation>>;
      };
      const routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          path,
          method: method.toUpperCase(),
          operation,
        })),
      );
      // Every module's routes are in the document (a module left out would be left unfuzzed).
      for (const prefix of ['/api/auth/', '/api/me', '/api/contact', '/api/newsletter/']) {
        expect(
          routes.some((route) => route.path.startsWith(prefix)),
          prefix,
        ).toBe(true);
      }

      const statuses: Record<number, number> = {};
      const failures: string[] = [];
      let sent = 0;
      let slowest = { ms: 0, what: '' };
      let slowestRefusal = { ms: 0, what: '' };
      for (const { path, method, operation } of routes) {
        const accessToken = operation.security ? await signedIn() : undefined;
        const target = await fillPath(path, routes, accessToken);
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        const variants = [
          ...(method === 'GET' ? [] : bodyVariants(target, schema)),
          ...urlVariants(path, target, operation),
          ...(operation.security
            ? [{ what: 'forged token', path: target, auth: 'forged' as const }]
            : []),
        ];
        for (const hostile of variants) {
          const response = await send(method, hostile, accessToken);
          sent += 1;
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          const what = `${method} ${path} [${hostile.what}] -> ${response.status}`;
          if (response.ms > slowest.ms) slowest = { ms: response.ms, what };
          // Validation's own time: refusals by the schemas, before any handler runs.
          if (response.body.includes('"request.invalid"') && response.ms > slowestRefusal.ms)
            slowestRefusal = { ms: response.ms, what };
          if (response.status >= 500) failures.push(`${what}: ${response.body.slice(0, 200)}`);
          if (response.status >= 400) {
            let shaped: boolean;
            try {
              shaped = errorBodySchema.strict().safeParse(JSON.parse(response.body)).success;
            } catch {
              shaped = false;
            }
            if (!shaped)
              failures.push(`${what}: not the error shape: ${response.body.slice(0, 200)}`);
            if (
              response.headers['content-security-policy'] !==
              "default-src 'none'; frame-ancestors 'none'"
            ) {
              failures.push(`${what}: no resource Content-Security-Policy`);
            }
            if (response.headers['x-content-type-options'] !== 'nosniff')
              failures.push(`${what}: no nosniff`);
          }
        }
        const health = await send('GET', { what: 'health', path: '/readyz' });
        if (health.status !== 200)
          failures.push(`after ${method} ${path}: /readyz answered ${health.status}`);
      }
      process.stdout.write(
        `fuzz on ${kind}: ${sent} requests over ${routes.length} routes; statuses ${JSON.stringify(statuses)}; ` +
          `slowest ${slowest.ms.toFixed(1)} ms (${slowest.what}); slowest validation refusal ${slowestRefusal.ms.toFixed(1)} ms (${slowestRefusal.what})\n`,
      );
      expect(failures).toEqual([]);
      expect(Object.keys(statuses).some((status) => Number(status) >= 500)).toBe(false);
    },
    240_000,
  );
});

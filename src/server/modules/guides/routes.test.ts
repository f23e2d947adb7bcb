import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnvironment, type TestEnvironment } from '../../../../test/support/databases';
import { guideSearchResponseSchema } from '../../../shared/guides-api';
import { buildApp, type App } from '../../app';
import { loadGuideLibrary } from './loader';
import { guideSearchRateLimit } from './routes';

// The search reads no table, so one database is enough here.
describe('GET /api/guides/search', () => {
  let env: TestEnvironment;
  let app: App;
  beforeAll(async () => {
    env = await createTestEnvironment('sqlite');
    app = await buildApp(env.config, { db: env.db, logger: false, guides: loadGuideLibrary() });
  });
  afterAll(async () => {
    await app.close();
    await env.cleanup();
  });

  const search = (query: string, remoteAddress = '198.51.100.1') =>
    app.inject({ method: 'GET', url: `/api/guides/search?${query}`, remoteAddress });

  it('answers the best passages with slug, title, anchor, snippet and score, without signing in', async () => {
    const response = await search('q=my+landlord+kept+my+deposit&limit=3');
    expect(response.statusCode).toBe(200);
    const body = guideSearchResponseSchema.parse(response.json());
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(3);
    expect(body.results[0]).toMatchObject({ slug: 'security-deposits' });
    expect(body.results[0]!.snippet.length).toBeGreaterThan(0);
  });

  it('takes a jurisdiction such as US-CA', async () => {
    const response = await search('q=eviction+notice&jurisdiction=US-CA');
    expect(response.statusCode).toBe(200);
    expect(response.json().results[0].slug).toBe('eviction');
  });

  it.each([
    ['no query', '', 'q'],
    ['a query of one character', 'q=a', 'q'],
    ['a query over 200 characters', `q=${'a'.repeat(201)}`, 'q'],
    ['a jurisdiction that is not a code', 'q=deposit&jurisdiction=California', 'jurisdiction'],
    ['a jurisdiction in lower case', 'q=deposit&jurisdiction=us-ca', 'jurisdiction'],
    ['a limit over 20', 'q=deposit&limit=21', 'limit'],
    ['a limit that is not a number', 'q=deposit&limit=many', 'limit'],
  ])('refuses %s with 400 and the error shape', async (_name, query, field) => {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('request.invalid');
    expect(typeof error.message).toBe('string');
    expect(Object.keys(error.fields)).toContain(field);
  });

  it('is described in the OpenAPI document with its query and both answers', async () => {
    const document = (await app.inject('/api/openapi.json')).json();
    const operation = document.paths['/api/guides/search'].get;
    const parameters = operation.parameters.map(
      (p: { name: string; in: string }) => `${p.in}:${p.name}`,
    );
    expect(parameters).toEqual(
      expect.arrayContaining(['query:q', 'query:jurisdiction', 'query:limit']),
    );
    expect(operation.security).toBeUndefined();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
  });

  it('limits how often one address may search, with 429, Retry-After and the error shape', async () => {
    const address = '198.51.100.99';
    for (let i = 0; i < guideSearchRateLimit.max; i += 1) {
      expect((await search('q=deposit', address)).statusCode).toBe(200);
    }
    const limited = await search('q=deposit', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json().error.code).toBe('request.rate_limited');
    // Another address is not affected.
    expect((await search('q=deposit', '198.51.100.100')).statusCode).toBe(200);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startWithSite } from '../../../test/support/web-site';

const resourcePolicy = "default-src 'none'; frame-ancestors 'none'";
const mapUrl = 'https://www.openstreetmap.org/export/embed.html?bbox=-0.1,51.5,-0.09,51.51';

describe('security headers as served', () => {
  let site: Awaited<ReturnType<typeof startWithSite>> | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
  });

  async function start() {
    site = await startWithSite({ CONTACT_MAP_EMBED_URL: mapUrl });
    return site.app;
  }

  it('gives every page answer the page policy, framing only the configured map', async () => {
    const server = await start();
    const first = await server.inject('/contact');
    const answers = [
      first,
      await server.inject({ method: 'HEAD', url: '/contact' }),
      await server.inject({ url: '/contact', headers: { 'if-none-match': first.headers.etag } }),
      await server.inject('/no-such-page'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 304, 404]);
    for (const { headers } of answers) {
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain('frame-src https://www.openstreetmap.org;');
      expect(csp).not.toContain('unsafe-inline');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('gives files, API answers and probes the resource policy', async () => {
    const server = await start();
    for (const url of ['/robots.txt', '/api/me', '/api/nothing', '/healthz', '/readyz']) {
      const { headers } = await server.inject(url);
      expect(headers['content-security-policy'], url).toBe(resourcePolicy);
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });
});

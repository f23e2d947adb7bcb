import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { startWithSite } from '../../../test/support/web-site';

// A demo part live in production is never silent: every page says "Demo mode".

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
  MAIL_OUTBOX: 'true',
  PUBLIC_URL: 'https://lexwise.example',
};

describe('the Demo mode banner', () => {
  let site: Awaited<ReturnType<typeof startWithSite>> | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
  });

  async function start(vars: Record<string, string>) {
    await site?.close();
    site = await startWithSite(vars);
    return site.app;
  }

  it('is on every page, in every encoding, when the demo checkout runs in production', async () => {
    const server = await start({ ...production, BILLING_DEMO: 'true' });
    for (const url of ['/', '/contact', '/no-such-page']) {
      const plain = await server.inject(url);
      expect(plain.body).toMatch(
        /<body><div class="demo-banner" role="note"><p><strong>Demo mode<\/strong>/,
      );
      const gzip = await server.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('is absent with Stripe in production, and in development', async () => {
    let server = await start({
      ...production,
      STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
    });
    expect((await server.inject('/')).body).not.toContain('demo-banner');
    server = await start({});
    expect((await server.inject('/')).body).not.toContain('demo-banner');
  });
});

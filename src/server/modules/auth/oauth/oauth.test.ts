import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import type { User } from '../../../../shared/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFacebookFake, type FacebookFake } from '../../../../../test/fakes/facebook';
import type { FakeIdentity } from '../../../../../test/fakes/oauth-clients';
import { startOidcFake, type OidcFake } from '../../../../../test/fakes/oidc-provider';
import {
  createTestEnvironment,
  databaseTargets,
  type TestEnvironment,
} from '../../../../../test/support/databases';
import { buildApp, type App } from '../../../app';
import { ConfigError, loadConfig } from '../../../config';
import { flowCookie } from './flow-cookie';

const flowCookieName = 'lexwise_oauth';
const refreshCookieName = 'lexwise_refresh';

let oidc: OidcFake;
let facebook: FacebookFake;
beforeAll(async () => {
  [oidc, facebook] = await Promise.all([startOidcFake(), startFacebookFake()]);
});
afterAll(async () => {
  await Promise.all([oidc?.close(), facebook?.close()]);
});

const person = (label: string): FakeIdentity => ({
  email: `${label}-${randomUUID().slice(0, 8)}@example.com`,
  givenName: 'Ada',
  familyName: 'Lovelace',
});

describe.each(databaseTargets)('social sign-in on $kind', ({ kind, skip }) => {
  let env: TestEnvironment | undefined;
  let app: App;
  afterEach(async () => {
    await app?.close();
    await env?.cleanup();
    env = undefined;
  });

  /** Why the app refused, as it logged it. */
  const refusals: string[] = [];
  async function startApp(extra: Record<string, string> = {}) {
    refusals.length = 0;
    env = await createTestEnvironment(kind, { ...oidc.env(), ...facebook.env(), ...extra });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        const line = JSON.parse(String(chunk)) as { msg?: string; reason?: string };
        if (line.msg === 'social sign-in refused') refusals.push(line.reason ?? '');
        done();
      },
    });
    app = await buildApp(env.config, { db: env.db, logger: { level: 'warn', stream } });
    await app.ready();
  }

  /** GET /api/auth/oauth/:provider: the redirect to the provider and the flow cookie. */
  async function start(provider: 'google' | 'facebook', next?: string) {
    const query = next === undefined ? '' : `?next=${encodeURIComponent(next)}`;
    const response = await app.inject({ url: `/api/auth/oauth/${provider}${query}` });
    expect(response.statusCode).toBe(302);
    const flow = response.cookies.find((c) => c.name === flowCookieName);
    expect(flow, 'the flow cookie').toBeDefined();
    return { location: response.headers.location as string, flow: flow!.value };
  }

  /** Follows the provider's redirect back to the app, with (or without) the flow cookie. */
  function callback(callbackUrl: string, flow: string | undefined) {
    const url = new URL(callbackUrl);
    return app.inject({
      url: `${url.pathname}${url.search}`,
      cookies: flow === undefined ? {} : { [flowCookieName]: flow },
    });
  }

  async function signIn(
    provider: 'google' | 'facebook',
    identity: FakeIdentity,
    next?: string,
  ): Promise<LightMyRequestResponse> {
    const { location, flow } = await start(provider, next);
    const fake = provider === 'google' ? oidc : facebook;
    return callback(await fake.signIn(location, identity), flow);
  }

  const users = () => env!.db.kysely.selectFrom('users').selectAll().execute();
  const links = () => env!.db.kysely.selectFrom('oauth_accounts').selectAll().execute();

  function expectSignedIn(response: LightMyRequestResponse, to = '/chatbot') {
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(to);
    expect(response.cookies.find((c) => c.name === refreshCookieName)?.value).toBeTruthy();
  }

  function expectRefused(response: LightMyRequestResponse, code = 'auth.provider_failed') {
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/login?error=${code}`);
    expect(response.cookies.find((c) => c.name === refreshCookieName)).toBeUndefined();
    // The flow cookie is spent either way.
    const flow = response.cookies.find((c) => c.name === flowCookieName);
    expect(flow?.value).toBe('');
  }

  async function insertPasswordUser(email: string, verified: boolean) {
    const now = new Date().toISOString();
    const id = randomUUID();
    await env!.db.kysely
      .insertInto('users')
      .values({
        id,
        email,
        email_verified_at: verified ? now : null,
        password_hash: '$argon2id$placeholder',
        given_name: null,
        family_name: null,
        picture_url: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  it.skipIf(skip)(
    'Google: the first sign-in creates the account, a later one finds it',
    async () => {
      await startApp();
      const ada = person('ada');
      const first = await signIn('google', ada);
      expectSignedIn(first);
      const [created, ...others] = await users();
      expect(others).toEqual([]);
      expect(created).toMatchObject({
        email: ada.email,
        given_name: 'Ada',
        family_name: 'Lovelace',
        password_hash: null,
      });
      expect(created!.email_verified_at).not.toBeNull();
      expect(created!.picture_url).toMatch(/^https:\/\//);
      expect(await links()).toMatchObject([
        { user_id: created!.id, provider: 'google', email: ada.email },
      ]);

      // The refresh cookie is a working session.
      const refresh = first.cookies.find((c) => c.name === refreshCookieName)!;
      expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      const session = await env!.db.kysely.selectFrom('refresh_tokens').select('user_id').execute();
      expect(session).toEqual([{ user_id: created!.id }]);

      // The session is a real one: refresh, then read the account and its data export.
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { origin: 'http://localhost:3000' },
        cookies: { [refreshCookieName]: refresh.value },
      });
      expect(refreshed.statusCode).toBe(200);
      const { accessToken, user } = refreshed.json<{ accessToken: string; user: User }>();
      expect(user).toMatchObject({
        id: created!.id,
        email: ada.email,
        emailVerified: true,
        name: 'Ada Lovelace',
        hasPassword: false,
      });
      const exported = await app.inject({
        url: '/api/me/export',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(exported.json<{ signInMethods: unknown[] }>().signInMethods).toEqual([
        { type: 'google', detail: ada.email, linkedAt: expect.any(String) },
      ]);

      expectSignedIn(await signIn('google', ada));
      expect((await users()).map((u) => u.id)).toEqual([created!.id]);
      expect(await links()).toHaveLength(1);

      // Deleting the account removes its links (ON DELETE CASCADE).
      await env!.db.kysely.deleteFrom('users').where('id', '=', created!.id).execute();
      expect(await links()).toEqual([]);
    },
  );

  it.skipIf(skip)('Google: a verified email joins the existing password account', async () => {
    await startApp();
    const ada = person('joined');
    const id = await insertPasswordUser(ada.email, true);
    expectSignedIn(await signIn('google', ada));
    const [user, ...others] = await users();
    expect(others).toEqual([]);
    expect(user).toMatchObject({ id, password_hash: '$argon2id$placeholder', given_name: 'Ada' });
    expect(await links()).toMatchObject([{ user_id: id, provider: 'google' }]);
  });

  it.skipIf(skip)(
    'Google: joining an unverified account verifies it and drops the password nobody proved',
    async () => {
      await startApp();
      const ada = person('squatted');
      const id = await insertPasswordUser(ada.email, false);
      expectSignedIn(await signIn('google', ada));
      const [user] = await users();
      expect(user).toMatchObject({ id, password_hash: null });
      expect(user!.email_verified_at).not.toBeNull();
    },
  );

  it.skipIf(skip)('Google: an unverified email does not join an existing account', async () => {
    await startApp();
    const ada = person('unverified-claim');
    await insertPasswordUser(ada.email, true);
    const { location, flow } = await start('google');
    oidc.tamperNextIdToken({ claims: { email_verified: false } });
    expectRefused(
      await callback(await oidc.signIn(location, ada), flow),
      'auth.provider_email_unverified',
    );
    expect(await links()).toEqual([]);
  });

  it.skipIf(skip)('Facebook: never joins an existing account by email', async () => {
    await startApp();
    const ada = person('fb-existing');
    await insertPasswordUser(ada.email, true);
    expectRefused(await signIn('facebook', ada), 'auth.provider_email_unverified');
    expect(await links()).toEqual([]);
    expect(await users()).toHaveLength(1);
  });

  it.skipIf(skip)(
    'Facebook: a new person gets an account with the email unverified, found again later',
    async () => {
      await startApp();
      const ada = person('fb-new');
      expectSignedIn(await signIn('facebook', ada));
      const [user] = await users();
      expect(user).toMatchObject({
        email: ada.email,
        email_verified_at: null,
        given_name: 'Ada',
        family_name: 'Lovelace',
        password_hash: null,
      });
      expectSignedIn(await signIn('facebook', ada));
      expect(await users()).toHaveLength(1);
      expect(await links()).toMatchObject([{ provider: 'facebook', user_id: user!.id }]);
    },
  );

  it.skipIf(skip)('Facebook: an account that shares no email cannot sign up', async () => {
    await startApp();
    expectRefused(
      await signIn('facebook', { email: '', givenName: 'No', familyName: 'Email' }),
      'auth.provider_email_missing',
    );
    expect(await users()).toEqual([]);
  });

  it.skipIf(skip)(
    'sends PKCE (S256), state and, for Google, a nonce; keeps them in a Lax, httpOnly cookie',
    async () => {
      await startApp();
      const google = await app.inject({ url: '/api/auth/oauth/google' });
      const url = new URL(google.headers.location as string);
      expect(url.origin).toBe(oidc.issuer);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('redirect_uri')).toBe(
        'http://localhost:3000/api/auth/oauth/google/callback',
      );
      expect(google.headers['cache-control']).toBe('no-store');
      const cookie = google.cookies.find((c) => c.name === flowCookieName);
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/api/auth/oauth',
        maxAge: 600,
      });
      // Encrypted: neither the verifier nor the state can be read from it.
      expect(cookie!.value).not.toContain(url.searchParams.get('state'));

      const fb = new URL((await app.inject({ url: '/api/auth/oauth/facebook' })).headers.location!);
      expect(fb.origin).toBe(facebook.url);
      expect(fb.searchParams.get('code_challenge_method')).toBe('S256');
      expect(fb.searchParams.get('nonce')).toBeNull();
    },
  );

  describe('refuses', () => {
    it.skipIf(skip)('a state that does not match the cookie', async () => {
      await startApp();
      const { location, flow } = await start('google');
      const back = new URL(await oidc.signIn(location, person('state')));
      back.searchParams.set('state', 'A'.repeat(43));
      expectRefused(await callback(back.toString(), flow));
      expect(refusals).toEqual(['state does not match']);
      expect(await users()).toEqual([]);
    });

    it.skipIf(skip)('a callback without the flow cookie, or with a forged one', async () => {
      await startApp();
      const { location, flow } = await start('google');
      const back = await oidc.signIn(location, person('nocookie'));
      expectRefused(await callback(back, undefined));
      expectRefused(await callback(back, `${flow.slice(0, -4)}AAAA`));
      expect(refusals).toEqual([
        expect.stringContaining('flow cookie is missing'),
        expect.stringContaining('flow cookie is missing'),
      ]);
      expect(await users()).toEqual([]);
    });

    it.skipIf(skip)('a flow started with another provider', async () => {
      await startApp();
      const { flow } = await start('facebook');
      const { location } = await start('google');
      expectRefused(await callback(await oidc.signIn(location, person('mixed')), flow));
      expect(refusals).toEqual(['the flow was started with another provider']);
    });

    it.skipIf(skip)('a cancelled sign-in (the provider answers with an error)', async () => {
      await startApp();
      const { location, flow } = await start('google');
      const state = new URL(location).searchParams.get('state')!;
      expectRefused(
        await callback(
          `http://localhost:3000/api/auth/oauth/google/callback?error=access_denied&state=${state}`,
          flow,
        ),
      );
    });

    it.skipIf(skip)('a code redeemed twice', async () => {
      await startApp();
      const { location, flow } = await start('google');
      const back = await oidc.signIn(location, person('replay'));
      expectSignedIn(await callback(back, flow));
      expectRefused(await callback(back, flow));
      expect(refusals).toEqual([expect.stringContaining('Google token endpoint: HTTP 400')]);
    });

    const tamperings = [
      ['an ID token with another nonce', { claims: { nonce: 'x'.repeat(43) } }, 'nonce mismatch'],
      ['an ID token without a nonce', { claims: { nonce: undefined } }, 'unexpected claims'],
      [
        'an ID token for another audience',
        { claims: { aud: 'someone-else' } },
        'ERR_JWT_CLAIM_VALIDATION_FAILED (aud',
      ],
      [
        'an ID token from another issuer',
        { claims: { iss: 'https://evil.example' } },
        'ERR_JWT_CLAIM_VALIDATION_FAILED (iss',
      ],
      [
        'an expired ID token',
        { claims: { exp: Math.floor(Date.now() / 1000) - 120 } },
        'ERR_JWT_EXPIRED',
      ],
      [
        'an ID token signed by another key',
        { signWithForeignKey: true },
        'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
      ],
      [
        'an ID token for several audiences, issued to another party',
        { claims: { aud: ['lexwise-test-google', 'other'], azp: 'other' } },
        'authorized party',
      ],
    ] as const;
    it.skipIf(skip).each(tamperings)('%s', async (_name, tampering, reason) => {
      await startApp();
      const { location, flow } = await start('google');
      const back = await oidc.signIn(location, person('tampered'));
      oidc.tamperNextIdToken(tampering);
      expectRefused(await callback(back, flow));
      expect(refusals).toEqual([expect.stringContaining(reason)]);
      expect(await users()).toEqual([]);
    });
  });

  it.skipIf(skip)('returns to a same-site `next`, never to another site', async () => {
    await startApp();
    const ada = person('next');
    expectSignedIn(
      await signIn('google', ada, '/account?tab=profile#name'),
      '/account?tab=profile#name',
    );
    for (const next of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'account',
      '',
    ]) {
      expectSignedIn(await signIn('google', ada, next), '/chatbot');
    }
  });

  it.skipIf(skip)('limits how often one address may start a sign-in', async () => {
    await startApp({ AUTH_LIMIT_PER_IP: '2' });
    await start('google');
    await start('facebook');
    const limited = await app.inject({ url: '/api/auth/oauth/google' });
    expect(limited.statusCode).toBe(302);
    expect(limited.headers.location).toBe('/login?error=request.rate_limited');
  });
});

describe('social sign-in configuration', () => {
  let env: TestEnvironment | undefined;
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    await env?.cleanup();
    app = undefined;
    env = undefined;
  });

  async function appWith(extra: Record<string, string>) {
    env = await createTestEnvironment('sqlite', extra);
    app = await buildApp(env.config, { db: env.db, logger: false });
    return app;
  }

  it('reports which providers are configured', async () => {
    const none = await appWith({});
    expect((await none.inject('/api/auth/providers')).json()).toEqual({
      google: false,
      facebook: false,
    });
    await none.close();
    await env!.cleanup();
    const google = await appWith(oidc.env());
    expect((await google.inject('/api/auth/providers')).json()).toEqual({
      google: true,
      facebook: false,
    });
    await google.close();
    await env!.cleanup();
    const both = await appWith({ ...oidc.env(), ...facebook.env() });
    expect((await both.inject('/api/auth/providers')).json()).toEqual({
      google: true,
      facebook: true,
    });
  });

  it('sends a visitor back to /login when a provider is not configured', async () => {
    const none = await appWith({});
    const response = await none.inject('/api/auth/oauth/google');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?error=auth.provider_unavailable');
    expect((await none.inject('/api/auth/oauth/twitter')).statusCode).toBe(404);
  });

  it('sends a visitor back to /login when the provider cannot be reached', async () => {
    const unreachable = await appWith({ ...oidc.env(), GOOGLE_ISSUER: 'http://127.0.0.1:9' });
    const response = await unreachable.inject('/api/auth/oauth/google');
    expect(response.headers.location).toBe('/login?error=auth.provider_failed');
  });

  it('refuses to start with half of a provider pair, and hides a provider with none', () => {
    // With JWT_SECRET given, loadConfig writes nothing to DATA_DIR.
    const base = { DATA_DIR: '/tmp/lexwise-never-written' };
    expect(() =>
      loadConfig({ ...base, JWT_SECRET: 'x'.repeat(32), GOOGLE_CLIENT_ID: 'id' }),
    ).toThrow(new ConfigError('GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set'));
    expect(() =>
      loadConfig({ ...base, JWT_SECRET: 'x'.repeat(32), FACEBOOK_CLIENT_SECRET: 'secret' }),
    ).toThrow(new ConfigError('FACEBOOK_CLIENT_ID is required when FACEBOOK_CLIENT_SECRET is set'));
    const config = loadConfig({
      ...base,
      JWT_SECRET: 'x'.repeat(32),
      ...oidc.env(),
      GOOGLE_ISSUER: 'https://issuer.example/',
    });
    expect(config.oauth).toEqual({
      google: {
        clientId: 'lexwise-test-google',
        clientSecret: expect.any(String),
        issuer: 'https://issuer.example',
      },
      facebook: undefined,
    });
  });

  it('uses a __Secure- cookie with Secure in production', async () => {
    await appWith({
      NODE_ENV: 'production',
      MAIL_OUTBOX: 'true',
      BILLING_DEMO: 'true',
      PUBLIC_URL: 'https://lexwise.example',
    });
    expect(flowCookie(env!.config)).toMatchObject({
      name: '__Secure-lexwise_oauth',
      options: { secure: true, sameSite: 'lax', httpOnly: true, path: '/api/auth/oauth' },
    });
  });
});

import { createHmac } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthHarness, type AuthHarness } from '../../../../test/support/auth-harness';
import { databaseTargets } from '../../../../test/support/databases';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An HS256 token with any header and claims, signed by hand with the server's secret. */
function signRaw(header: object, claims: object, secret: string) {
  const unsigned = `${base64url(header)}.${base64url(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe.each(databaseTargets)('access tokens on $kind', ({ kind, skip }) => {
  let h: AuthHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  /** A signed-in user, and a way to mint tokens for their session with chosen flaws. */
  async function setUp() {
    h = await createAuthHarness(kind);
    const session = await h.signUp('tokens@example.com', 'marble-kettle-orchard-7');
    const decoded = JSON.parse(
      Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    const secret = new TextEncoder().encode(h.env.config.secrets.jwt);
    const now = Math.floor(Date.now() / 1000);
    const mint = (
      overrides: { iss?: string; aud?: string; exp?: number; alg?: string } = {},
      key: Parameters<SignJWT['sign']>[0] = secret,
    ) =>
      new SignJWT({ sid: decoded.sid })
        .setProtectedHeader({ alg: overrides.alg ?? 'HS256', typ: 'JWT' })
        .setSubject(String(decoded.sub))
        .setIssuer(overrides.iss ?? 'http://localhost:3000')
        .setAudience(overrides.aud ?? 'http://localhost:3000/api')
        .setIssuedAt(now - 1000)
        .setExpirationTime(overrides.exp ?? now + 600)
        .sign(key);
    const status = async (token: string) => (await h!.me('GET', '/api/me', token)).statusCode;
    return { session, decoded, mint, status, now, secret };
  }

  it.skipIf(skip)(
    'carry sub, sid, iss, aud and a 15-minute expiry, signed with HS256',
    async () => {
      const { session, decoded } = await setUp();
      const header = JSON.parse(
        Buffer.from(session.accessToken.split('.')[0]!, 'base64url').toString(),
      );
      expect(header.alg).toBe('HS256');
      expect(decoded).toMatchObject({
        sub: session.userId,
        iss: 'http://localhost:3000',
        aud: 'http://localhost:3000/api',
      });
      expect(typeof decoded.sid).toBe('string');
      expect(Number(decoded.exp) - Number(decoded.iat)).toBe(900);
    },
  );

  it.skipIf(skip)(
    'accept a well-formed token, and one 30 s past expiry (60 s tolerance)',
    async () => {
      const { mint, status, now } = await setUp();
      expect(await status(await mint())).toBe(200);
      expect(await status(await mint({ exp: now - 30 }))).toBe(200);
    },
  );

  it.skipIf(skip)('refuse a token expired beyond the tolerance', async () => {
    const { mint, status, now } = await setUp();
    expect(await status(await mint({ exp: now - 90 }))).toBe(401);
  });

  it.skipIf(skip)('refuse a wrong audience or issuer', async () => {
    const { mint, status } = await setUp();
    expect(await status(await mint({ aud: 'http://localhost:3000' }))).toBe(401);
    expect(await status(await mint({ aud: 'https://other.example/api' }))).toBe(401);
    expect(await status(await mint({ iss: 'https://other.example' }))).toBe(401);
  });

  it.skipIf(skip)('refuse alg "none", HS512 with the same secret, and an RS256 token', async () => {
    const { mint, status, decoded } = await setUp();
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(decoded)}.`;
    expect(await status(unsigned)).toBe(401);
    expect(await status(`${base64url({ alg: 'none' })}.${base64url(decoded)}.c2ln`)).toBe(401);
    expect(await status(await mint({ alg: 'HS512' }))).toBe(401);
    const { privateKey } = await generateKeyPair('RS256');
    expect(await status(await mint({ alg: 'RS256' }, privateKey))).toBe(401);
  });

  it.skipIf(skip)(
    'refuse a token signed with another secret, a tampered one, and none at all',
    async () => {
      const { mint, status, session } = await setUp();
      expect(await status(await mint({}, new TextEncoder().encode('x'.repeat(48))))).toBe(401);
      const [header, payload, signature] = session.accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const tampered = `${header}.${base64url({ ...claims, sub: 'someone-else' })}.${signature}`;
      expect(await status(tampered)).toBe(401);
      const none = await h!.app.inject('/api/me');
      expect(none.statusCode).toBe(401);
      expect(none.json().error.code).toBe('auth.unauthenticated');
      expect(none.headers['www-authenticate']).toBe('Bearer');
      const basic = await h!.app.inject({
        url: '/api/me',
        headers: { authorization: 'Basic abc' },
      });
      expect(basic.statusCode).toBe(401);
    },
  );

  it.skipIf(skip)(
    'accept an audience list that holds ours; refuse critical headers, other types, future nbf or iat, missing claims',
    async () => {
      const { status, decoded, now } = await setUp();
      const secret = h!.env.config.secrets.jwt;
      const claims: Record<string, unknown> = { ...decoded, iat: now - 10, exp: now + 600 };
      const hs256 = { alg: 'HS256', typ: 'JWT' };
      expect(await status(signRaw(hs256, claims, secret))).toBe(200);
      expect(
        await status(
          signRaw(
            hs256,
            { ...claims, aud: ['https://x.example', 'http://localhost:3000/api'] },
            secret,
          ),
        ),
      ).toBe(200);
      expect(await status(signRaw({ alg: 'HS256' }, claims, secret))).toBe(200);

      expect(await status(signRaw({ ...hs256, crit: ['exp'] }, claims, secret))).toBe(401);
      expect(await status(signRaw({ alg: 'HS256', typ: 'at+jwt' }, claims, secret))).toBe(401);
      expect(await status(signRaw(hs256, { ...claims, nbf: now + 300 }, secret))).toBe(401);
      expect(await status(signRaw(hs256, { ...claims, iat: now + 300 }, secret))).toBe(401);
      expect(await status(signRaw(hs256, { ...claims, exp: String(now + 600) }, secret))).toBe(401);
      expect(await status(signRaw(hs256, { ...claims, sid: undefined }, secret))).toBe(401);
      expect(await status(signRaw(hs256, { ...claims, iat: undefined }, secret))).toBe(401);
      expect(await status(signRaw(hs256, [claims], secret))).toBe(401);
    },
  );

  it.skipIf(skip)('refuse a signature in any but its one base64url spelling', async () => {
    const { session, status } = await setUp();
    const [header, payload, signature] = session.accessToken.split('.') as [string, string, string];
    // The last of 43 characters carries 2 unused bits: a different character can decode to the
    // same bytes, and is refused all the same.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1)!);
    const sibling = alphabet[(last & ~3) | ((last + 1) & 3)]!;
    const respelled = `${header}.${payload}.${signature.slice(0, -1)}${sibling}`;
    expect(Buffer.from(respelled.split('.')[2]!, 'base64url')).toEqual(
      Buffer.from(signature, 'base64url'),
    );
    expect(await status(respelled)).toBe(401);
    expect(await status(`${header}.${payload}.${signature}=`)).toBe(401);
    expect(await status(`${header}.${payload}`)).toBe(401);
    expect(await status(`${header}.${payload}.${signature}.${signature}`)).toBe(401);
  });
});

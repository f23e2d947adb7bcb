import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { authMessages } from '../../../shared/auth';
import {
  createAuthHarness,
  refreshCookieOf,
  type AuthHarness,
} from '../../../../test/support/auth-harness';
import { databaseTargets } from '../../../../test/support/databases';

const password = 'copper-meadow-falcon-3';

describe.each(databaseTargets)('account API on $kind', ({ kind, skip }) => {
  let h: AuthHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it.skipIf(skip)('show and update the profile, with jurisdiction', async () => {
    h = await createAuthHarness(kind);
    const { accessToken } = await h.signUp('grace@example.com', password);
    const me = await h.me('GET', '/api/me', accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'grace@example.com',
      emailVerified: true,
      name: 'grace',
      givenName: null,
      hasPassword: true,
      jurisdiction: { country: null, region: null },
    });
    expect(me.json()).not.toHaveProperty('password_hash');
    expect(me.headers['cache-control']).toBe('no-store');

    const updated = await h.me('PATCH', '/api/me', accessToken, {
      givenName: ' Grace ',
      familyName: 'Hopper',
      picture: 'https://images.example/grace.png',
      jurisdiction: { country: 'US', region: 'CA' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      givenName: 'Grace',
      familyName: 'Hopper',
      name: 'Grace Hopper',
      picture: 'https://images.example/grace.png',
      jurisdiction: { country: 'US', region: 'CA' },
    });
    // A partial update leaves the other fields alone; blank names are cleared.
    const partial = await h.me('PATCH', '/api/me', accessToken, { givenName: '' });
    expect(partial.json()).toMatchObject({ givenName: null, familyName: 'Hopper', name: 'Hopper' });
    expect((await h.me('GET', '/api/me', accessToken)).json().jurisdiction).toEqual({
      country: 'US',
      region: 'CA',
    });

    for (const bad of [
      { jurisdiction: { country: 'usa', region: null } },
      { jurisdiction: { country: null, region: 'CA' } },
      { picture: 'http://insecure.example/p.png' },
      { picture: 'javascript:alert(1)' },
    ]) {
      const response = await h.me('PATCH', '/api/me', accessToken, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('request.invalid');
    }
  });

  it.skipIf(skip)(
    'change the password: wrong current refused, other sessions end, this one stays',
    async () => {
      h = await createAuthHarness(kind);
      const here = await h.signUp('change@example.com', password);
      const elsewhere = await h.login('change@example.com', password);

      const wrong = await h.me('POST', '/api/me/password', here.accessToken, {
        currentPassword: 'not-my-password',
        newPassword: 'a-better-password-1',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({
        code: 'auth.password_incorrect',
        message: authMessages.passwordIncorrect,
      });
      const missing = await h.me('POST', '/api/me/password', here.accessToken, {
        newPassword: 'a-better-password-1',
      });
      expect(missing.json().error.code).toBe('auth.password_incorrect');
      const common = await h.me('POST', '/api/me/password', here.accessToken, {
        currentPassword: password,
        newPassword: 'Password123',
      });
      expect(common.json().error.code).toBe('auth.password_common');

      const changed = await h.me('POST', '/api/me/password', here.accessToken, {
        currentPassword: password,
        newPassword: 'a-better-password-1',
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ message: authMessages.passwordChanged });

      expect((await h.me('GET', '/api/me', here.accessToken)).statusCode).toBe(200);
      expect((await h.me('GET', '/api/me', elsewhere.accessToken)).statusCode).toBe(401);
      const refresh = (token: string) =>
        h!.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          headers: { origin: h!.origin },
          cookies: { lexwise_refresh: token },
        });
      expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
      expect((await refresh(here.refreshToken)).statusCode).toBe(200);
      expect(
        (await h.post('/api/auth/login', { email: 'change@example.com', password })).statusCode,
      ).toBe(401);
      await h.login('change@example.com', 'a-better-password-1');
    },
  );

  it.skipIf(skip)('let an account without a password set its first one', async () => {
    h = await createAuthHarness(kind);
    const { accessToken, userId } = await h.signUp('social@example.com', password);
    await h.env.db.kysely
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', userId)
      .execute();
    expect((await h.me('GET', '/api/me', accessToken)).json().hasPassword).toBe(false);
    const set = await h.me('POST', '/api/me/password', accessToken, {
      newPassword: 'first-ever-password',
    });
    expect(set.statusCode).toBe(200);
    await h.login('social@example.com', 'first-ever-password');
  });

  it.skipIf(skip)(
    'sign out of all devices: every session ends and the cookie is cleared',
    async () => {
      h = await createAuthHarness(kind);
      const one = await h.signUp('everywhere@example.com', password);
      const two = await h.login('everywhere@example.com', password);
      const response = await h.me('POST', '/api/me/sessions/revoke', one.accessToken);
      expect(response.statusCode).toBe(204);
      expect(refreshCookieOf(response)?.value).toBe('');
      for (const session of [one, two]) {
        expect((await h.me('GET', '/api/me', session.accessToken)).statusCode).toBe(401);
      }
    },
  );

  it.skipIf(skip)(
    'export the data as a JSON download, with sections other modules add',
    async () => {
      h = await createAuthHarness(kind);
      h.app.accountExport.addSection('testNotes', async (userId) => [{ owner: userId }]);
      h.app.accountExport.addSignInMethods(async () => [
        { type: 'google', detail: 'grace@gmail.example', linkedAt: '2026-11-01T00:00:00.000Z' },
      ]);
      expect(() => h!.app.accountExport.addSection('profile', async () => null)).toThrow();
      const session = await h.signUp('export@example.com', password);
      await h.login('export@example.com', password, 'Firefox/140');
      await h.me('GET', '/api/tokens', session.accessToken);
      const response = await h.me('GET', '/api/me/export', session.accessToken);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="lexwise-data-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      const data = response.json();
      expect(data.profile).toMatchObject({ id: session.userId, email: 'export@example.com' });
      expect(data.signInMethods).toEqual([
        { type: 'password' },
        { type: 'google', detail: 'grace@gmail.example', linkedAt: '2026-11-01T00:00:00.000Z' },
      ]);
      expect(data.sessions).toHaveLength(2);
      expect(data.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
      expect(data.sessions.map((s: { userAgent: string | null }) => s.userAgent)).toContain(
        'Firefox/140',
      );
      for (const s of data.sessions) {
        expect(Object.keys(s).sort()).toEqual(
          ['active', 'createdAt', 'current', 'expiresAt', 'id', 'lastUsedAt', 'userAgent'].sort(),
        );
        expect(s.active).toBe(true);
      }
      expect(data.testNotes).toEqual([{ owner: session.userId }]);
      // What the other modules hold: the token ledger, billing (nothing bought yet), the chat.
      expect(data.tokens.ledger).toEqual([
        expect.objectContaining({ kind: 'grant', delta: 25_000, balanceAfter: 25_000 }),
      ]);
      expect(data.tokens.account).toMatchObject({ planId: 'free-month', balance: 25_000 });
      expect(data.billing).toEqual({ customer: null, subscriptions: [], grants: [] });
      expect(data.conversations).toEqual([]);
      const text = response.body;
      expect(text).not.toContain('argon2');
      expect(text).not.toContain(session.refreshToken);
      const hashes = await h.env.db.kysely
        .selectFrom('refresh_tokens')
        .select('token_hash')
        .execute();
      for (const { token_hash } of hashes) expect(text).not.toContain(token_hash);
    },
  );

  it.skipIf(skip)(
    'delete the account only when the typed email matches, with its data',
    async () => {
      h = await createAuthHarness(kind);
      const session = await h.signUp('leaving@example.com', password);
      const other = await h.signUp('staying@example.com', password);
      const mismatch = await h.me('DELETE', '/api/me', session.accessToken, {
        confirmEmail: 'staying@example.com',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().error).toMatchObject({
        code: 'account.confirmation_mismatch',
        message: authMessages.confirmationMismatch,
      });

      const deleted = await h.me('DELETE', '/api/me', session.accessToken, {
        confirmEmail: ' Leaving@Example.com ',
      });
      expect(deleted.statusCode).toBe(204);
      expect(refreshCookieOf(deleted)?.value).toBe('');
      expect((await h.me('GET', '/api/me', session.accessToken)).statusCode).toBe(401);
      const users = await h.env.db.kysely.selectFrom('users').select('id').execute();
      expect(users.map((u) => u.id)).toEqual([other.userId]);
      const leftovers = await h.env.db.kysely
        .selectFrom('refresh_tokens')
        .select('user_id')
        .union(h.env.db.kysely.selectFrom('email_tokens').select('user_id'))
        .execute();
      expect(leftovers.every((row) => row.user_id === other.userId)).toBe(true);
      expect(leftovers.length).toBeGreaterThan(0);
      expect((await h.me('GET', '/api/me', other.accessToken)).statusCode).toBe(200);
      // The address is free again.
      expect(
        (await h.post('/api/auth/register', { email: 'leaving@example.com', password })).statusCode,
      ).toBe(201);
    },
  );

  it.skipIf(skip)("never let one user's token read or change another's data", async () => {
    h = await createAuthHarness(kind);
    const alice = await h.signUp('alice@example.com', password);
    const bob = await h.signUp('bob@example.com', password);

    expect((await h.me('GET', '/api/me', bob.accessToken)).json().email).toBe('bob@example.com');
    await h.me('PATCH', '/api/me', bob.accessToken, { givenName: 'Bob' });
    expect((await h.me('GET', '/api/me', alice.accessToken)).json().givenName).toBeNull();

    const exported = (await h.me('GET', '/api/me/export', bob.accessToken)).json();
    expect(exported.profile.id).toBe(bob.userId);
    expect(JSON.stringify(exported)).not.toContain(alice.userId);

    // Bob cannot delete Alice by typing her email, nor end her sessions.
    expect(
      (await h.me('DELETE', '/api/me', bob.accessToken, { confirmEmail: 'alice@example.com' }))
        .statusCode,
    ).toBe(400);
    await h.me('POST', '/api/me/sessions/revoke', bob.accessToken);
    await h.me('POST', '/api/me/password', alice.accessToken, {
      currentPassword: password,
      newPassword: 'alice-new-password',
    });
    expect((await h.me('GET', '/api/me', alice.accessToken)).statusCode).toBe(200);

    // A token naming Alice's id with Bob's session is refused: the session must be hers.
    const bobSession = JSON.parse(
      Buffer.from(bob.accessToken.split('.')[1]!, 'base64url').toString(),
    ).sid;
    const forged = await new SignJWT({ sid: bobSession })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(alice.userId)
      .setIssuer('http://localhost:3000')
      .setAudience('http://localhost:3000/api')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(h.env.config.secrets.jwt));
    expect((await h.me('GET', '/api/me', forged)).statusCode).toBe(401);
  });

  it.skipIf(skip)('need a Bearer token on every /api/me route', async () => {
    h = await createAuthHarness(kind);
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['PATCH', '/api/me'],
      ['POST', '/api/me/password'],
      ['POST', '/api/me/sessions/revoke'],
      ['GET', '/api/me/export'],
      ['DELETE', '/api/me'],
    ] as const) {
      const response = await h.app.inject({ method, url, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error.code).toBe('auth.unauthenticated');
    }
  });
});

describe('account and auth API document', () => {
  it('lists every route of the contract in the OpenAPI file, /api/me ones with Bearer', async () => {
    const h = await createAuthHarness('sqlite');
    try {
      const { paths } = (await h.app.inject('/api/openapi.json')).json();
      // What a client sends and what it reads back, per route: the body's required fields and
      // the success answer's fields.
      const contract: [route: string, body: string[], status: string, answer: string[]][] = [
        ['register', ['email', 'password'], '201', ['message']],
        ['verify-email', ['token'], '200', ['accessToken', 'expiresIn', 'user']],
        ['resend-verification', ['email'], '200', ['message']],
        ['login', ['email', 'password'], '200', ['accessToken', 'expiresIn', 'user']],
        ['refresh', [], '200', ['accessToken', 'expiresIn', 'user']],
        ['logout', [], '204', []],
        ['forgot-password', ['email'], '200', ['message']],
        ['reset-password', ['password', 'token'], '200', ['message']],
      ];
      for (const [route, body, status, answer] of contract) {
        const operation = paths[`/api/auth/${route}`]?.post;
        const sent = operation?.requestBody?.content?.['application/json']?.schema;
        expect([...(sent?.required ?? [])].sort(), `${route} body`).toEqual(body);
        expect(Object.keys(operation?.responses ?? {}), `${route} answers`).toContain(status);
        const read = operation.responses[status].content?.['application/json']?.schema;
        expect(Object.keys(read?.properties ?? {}).sort(), `${route} answer`).toEqual(
          expect.arrayContaining(answer),
        );
        if (answer.includes('user')) {
          expect(Object.keys(read.properties.user.properties)).toEqual(
            expect.arrayContaining(['id', 'email', 'emailVerified', 'name', 'hasPassword']),
          );
        }
      }
      expect(Object.keys(paths['/api/me']).sort()).toEqual(['delete', 'get', 'patch']);
      for (const [path, method] of [
        ['/api/me', 'get'],
        ['/api/me/password', 'post'],
        ['/api/me/sessions/revoke', 'post'],
        ['/api/me/export', 'get'],
      ] as const) {
        expect(paths[path][method].security, path).toEqual([{ bearer: [] }]);
      }
    } finally {
      await h.close();
    }
  });
});

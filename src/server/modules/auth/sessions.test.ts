import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthHarness, type AuthHarness } from '../../../../test/support/auth-harness';

const password = 'copper-meadow-falcon-3';

// On SQLite a live sign-in is remembered while the database is unchanged (decision 0145). These
// check that every kind of change still takes effect on the very next request.
describe('remembered sign-ins on SQLite', () => {
  let h: AuthHarness | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await h?.close();
    h = undefined;
  });

  const status = async (accessToken: string) =>
    (await h!.me('GET', '/api/me', accessToken)).statusCode;

  it('forgets a sign-in revoked by another connection (another process, a script)', async () => {
    h = await createAuthHarness('sqlite');
    const session = await h.signUp('elsewhere@example.com', password);
    expect(await status(session.accessToken)).toBe(200);
    expect(await status(session.accessToken)).toBe(200);
    const { config } = h.env;
    if (config.database.kind !== 'sqlite') throw new Error('SQLite expected');
    const other = new SQLite(config.database.file);
    try {
      other
        .prepare('update refresh_tokens set revoked_at = ? where user_id = ?')
        .run(new Date().toISOString(), session.userId);
    } finally {
      other.close();
    }
    expect(await status(session.accessToken)).toBe(401);
  });

  it('forgets a remembered sign-in once it expires, with the database unchanged', async () => {
    h = await createAuthHarness('sqlite');
    const session = await h.signUp('expiring@example.com', password);
    const { config } = h.env;
    if (config.database.kind !== 'sqlite') throw new Error('SQLite expected');
    const other = new SQLite(config.database.file);
    try {
      other
        .prepare('update refresh_tokens set expires_at = ? where user_id = ?')
        .run(new Date(Date.now() + 60_000).toISOString(), session.userId);
    } finally {
      other.close();
    }
    expect(await status(session.accessToken)).toBe(200);
    expect(await status(session.accessToken)).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 90_000 });
    expect(await status(session.accessToken)).toBe(401);
  });

  it("shows a profile changed through the app's own connection on the next request", async () => {
    h = await createAuthHarness('sqlite');
    const session = await h.signUp('renamed@example.com', password);
    expect((await h.me('GET', '/api/me', session.accessToken)).json().givenName).toBeNull();
    await h.env.db.kysely
      .updateTable('users')
      .set({ given_name: 'Ada' })
      .where('id', '=', session.userId)
      .execute();
    expect((await h.me('GET', '/api/me', session.accessToken)).json().givenName).toBe('Ada');
  });

  it('keeps the sign-ins of one person apart: signing one out leaves the other', async () => {
    h = await createAuthHarness('sqlite');
    const phone = await h.signUp('two@example.com', password);
    const laptop = await h.login('two@example.com', password);
    expect(await status(phone.accessToken)).toBe(200);
    expect(await status(laptop.accessToken)).toBe(200);
    const out = await h.post('/api/auth/logout', undefined, {
      origin: h.origin,
      cookie: `lexwise_refresh=${phone.refreshToken}`,
    });
    expect(out.statusCode).toBe(204);
    expect(await status(phone.accessToken)).toBe(401);
    expect(await status(laptop.accessToken)).toBe(200);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { parseUiStream } from '../../../../test/support/chat-harness';
import { chatTestBed, testPassword } from '../../../../test/support/chat-test-bed';
import { createTestEnvironment, databaseTargets } from '../../../../test/support/databases';
import { insertVerifiedUser } from '../../../../test/support/users';
import { createTokensService } from '../tokens/service';
import pino from 'pino';
import { freePort } from '../../../../bench/support/local-server';

const { llm, startApp, startSecondInstance } = chatTestBed();

describe.each(databaseTargets)('chat races on $kind', ({ kind, skip }) => {
  it.skipIf(skip)(
    `100 sends at once${kind === 'postgres' ? ' through two instances' : ''} from one person whose balance covers about 10: never overdrawn, ledger equals balance, all settled`,
    async () => {
      const env = {
        ...llm.env(),
        CHAT_MAX_CONCURRENT_PER_USER: '1000',
        // Each send holds its prompt (about 2,300 tokens of guide passages) plus 150: ten fit in 25,000.
        CHAT_MAX_OUTPUT_TOKENS: '150',
        CHAT_RESERVATION_TTL_SECONDS: '6',
        LLM_REPLY_TIMEOUT_MS: '5000',
        API_RATE_LIMIT_PER_MINUTE: '10000',
      };
      const app = await startApp(kind, env);
      const urls = [app.base];
      if (kind === 'postgres') {
        // A second instance: its own app and connection pool on the same PostgreSQL.
        urls.push(await startSecondInstance(app));
      }
      const me = await app.h.signUp('ada@example.com', testPassword);
      llm.setDefault({ text: 'Deposits come back within 21 days [1].', firstTokenDelayMs: 1000 });

      const results = await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const controller = new AbortController();
          const response = await fetch(
            `${urls[i % urls.length]}/api/conversations/${randomUUID()}/messages`,
            {
              method: 'POST',
              headers: {
                authorization: `Bearer ${me.accessToken}`,
                'content-type': 'application/json',
              },
              body: JSON.stringify({ text: `Deposit question ${i}?` }),
              signal: controller.signal,
            },
          );
          if (response.status !== 200) {
            return response.status;
          }
          // Every fifth reader goes away after the first words: that reply stops and settles.
          if (i % 5 === 0) {
            await response.body!.getReader().read();
            controller.abort();
            return 'stopped';
          }
          const { parts } = parseUiStream(await response.text());
          const finish = parts.find((p) => p.type === 'finish')!.messageMetadata as {
            balance: number;
          };
          expect(finish.balance).toBeGreaterThanOrEqual(0);
          return 200;
        }),
      );
      const accepted = results.filter((r) => r === 200 || r === 'stopped').length;
      // About ten fit at once; a reply that settles early gives back what it did not use, so a
      // few more may get in while the others arrive. The rest are refused.
      expect(accepted).toBeGreaterThanOrEqual(8);
      expect(results.filter((r) => r === 402).length).toBe(100 - accepted);
      expect(100 - accepted).toBeGreaterThan(0);

      const db = app.h.env.db.kysely;
      await expect
        .poll(
          async () =>
            (
              await db
                .selectFrom('token_reservations')
                .select('id')
                .where('settled_at', 'is', null)
                .execute()
            ).length,
          { timeout: 10_000 },
        )
        .toBe(0);
      const account = await db
        .selectFrom('token_accounts')
        .selectAll()
        .where('user_id', '=', me.userId)
        .executeTakeFirstOrThrow();
      const ledger = await db
        .selectFrom('token_ledger')
        .select('delta')
        .where('user_id', '=', me.userId)
        .execute();
      expect(Number(account.balance)).toBeGreaterThanOrEqual(0);
      expect(ledger.reduce((s, r) => s + Number(r.delta), 0)).toBe(Number(account.balance));
      expect(account.open_streams).toBe(0);
      // Every accepted send left a question and a settled answer.
      const answers = await db
        .selectFrom('chat_messages')
        .select(['status', 'charged'])
        .where('user_id', '=', me.userId)
        .where('role', '=', 'assistant')
        .execute();
      expect(answers).toHaveLength(accepted);
      const charged = answers.reduce((s, r) => s + Number(r.charged), 0);
      expect(Number(account.balance)).toBe(25_000 - charged);
    },
    90_000,
  );
});

describe('a server killed mid-stream', () => {
  let server: ChildProcess | undefined;
  afterEach(() => {
    server?.kill('SIGKILL');
  });

  /** The real server, as `npm run serve` starts it (from source), on a port of its own. */
  async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Killed by afterEach even if it never became ready.
    server = child;
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('releases the reservation after the TTL, and the stored messages are whole', async () => {
    const test = await createTestEnvironment('sqlite');
    const env = {
      DATA_DIR: test.config.dataDir,
      JWT_SECRET: test.config.secrets.jwt,
      ...llm.env(),
      CHAT_RESERVATION_TTL_SECONDS: '2',
      LLM_REPLY_TIMEOUT_MS: '1500',
      SMTP_URL: 'smtp://127.0.0.1:9',
    };
    await test.db.close();
    const port = await freePort();
    server = await startServer(env, port);

    // A person, made through the same database the server uses.
    const reopened = await createTestEnvironment('sqlite', {
      DATA_DIR: env.DATA_DIR,
      JWT_SECRET: env.JWT_SECRET,
      // The access token's issuer is the public address, which follows the port.
      PORT: String(port),
    });
    const userId = await insertVerifiedUser(reopened.db, { email: 'ada@example.com' });
    const now = new Date().toISOString();
    await reopened.db.kysely
      .insertInto('refresh_tokens')
      .values({
        id: randomUUID(),
        user_id: userId,
        family_id: 'family-1',
        token_hash: 'x',
        created_at: now,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        revoked_at: null,
        replaced_by: null,
        user_agent: null,
      })
      .execute();
    const { signAccessToken } = await import('../auth/access-tokens');
    const token = await signAccessToken(reopened.config, { userId, sessionId: 'family-1' });

    llm.script({
      text: Array.from({ length: 400 }, (_, i) => `w${i}`).join(' '),
      tokensPerSecond: 20,
    });
    const id = randomUUID();
    const response = await fetch(`http://127.0.0.1:${port}/api/conversations/${id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Tell me all about security deposits, please' }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    server.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));
    await reader.cancel().catch(() => undefined);

    const db = reopened.db.kysely;
    const open = await db.selectFrom('token_reservations').selectAll().execute();
    expect(open).toHaveLength(1);
    expect(open[0]!.settled_at).toBeNull();

    // After a restart and the TTL, the sweeper gives the hold back.
    server = await startServer(env, port);
    const tokens = createTokensService({
      config: reopened.config,
      db: reopened.db,
      log: pino({ level: 'silent' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await expect
      .poll(
        async () =>
          (await db.selectFrom('token_reservations').select('settled_at').executeTakeFirst())
            ?.settled_at,
        { timeout: 5_000 },
      )
      .not.toBeNull();
    expect(await tokens.releaseExpiredReservations()).toBe(0);
    const account = await db.selectFrom('token_accounts').selectAll().executeTakeFirstOrThrow();
    expect(Number(account.balance)).toBe(25_000);
    expect(account.open_streams).toBe(0);
    // The question was stored whole; no half-written answer was.
    const messages = await db.selectFrom('chat_messages').select(['role', 'content']).execute();
    expect(messages).toEqual([
      { role: 'user', content: 'Tell me all about security deposits, please' },
    ]);
    await reopened.cleanup();
  }, 120_000);
});

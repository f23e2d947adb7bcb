import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpFake, type SmtpFake } from '../../test/fakes/smtp-server';
import {
  createTestEnvironment,
  databaseTargets,
  type TestEnvironment,
} from '../../test/support/databases';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The real entry point, as production starts it, on the test's database and SMTP fake. */
async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await expect
    .poll(() => output, { timeout: 60_000, message: 'the server did not start' })
    .toContain('ready in');
  return { child, exited, output: () => output };
}

const registrations = 48;
const killAfterAnswers = 16;
const concurrency = 8;

/**
 * kill -9 under registration load, then a restart: every registration that was answered 201 must
 * exist, and its verification mail must go out (from the outbox, by the restarted server).
 */
describe.each(databaseTargets)('a crash under load on $kind', ({ kind, skip }) => {
  let env: TestEnvironment | undefined;
  let smtp: SmtpFake | undefined;
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    await smtp?.close();
    await env?.cleanup();
    env = smtp = undefined;
  });

  it.skipIf(skip)(
    'loses no answered registration and no mail',
    async () => {
      smtp = await startSmtpFake();
      env = await createTestEnvironment(kind);
      const port = await freePort();
      const serverEnv: Record<string, string> = {
        DATA_DIR: env.config.dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        JWT_SECRET: env.config.secrets.jwt,
        SMTP_URL: `smtp://127.0.0.1:${smtp.smtpPort}`,
        LOG_LEVEL: 'info',
        AUTH_LIMIT_PER_IP: '100000',
        API_RATE_LIMIT_PER_MINUTE: '100000',
        MAIL_POLL_MS: '200',
        MAIL_RETRY_BASE_MS: '200',
        // A mail claimed by the killed server is taken over once its claim (twice this) ends.
        MAIL_SEND_TIMEOUT_MS: '2000',
        ...(env.config.database.kind === 'postgres'
          ? { DATABASE_URL: env.config.database.url }
          : {}),
      };
      const first = await startServer(serverEnv);
      children.push(first.child);

      const answered: string[] = [];
      let next = 0;
      let killed = false;
      async function worker() {
        while (next < registrations && !killed) {
          const email = `crash${next++}@example.com`;
          try {
            const response = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email, password: 'a-long-passphrase' }),
            });
            if (response.status === 201) answered.push(email);
          } catch {
            // The connection died with the server: not answered, so nothing was promised.
          }
          if (answered.length >= killAfterAnswers && !killed) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        }
      }
      await Promise.all(Array.from({ length: concurrency }, worker));
      await first.exited;
      expect(answered.length).toBeGreaterThanOrEqual(killAfterAnswers);
      const mailedBeforeRestart = new Set(smtp.messages().flatMap((m) => m.to));

      const second = await startServer(serverEnv);
      children.push(second.child);
      const users = await env.db.kysely.selectFrom('users').select('email').execute();
      const stored = new Set(users.map((u) => u.email));
      for (const email of answered) expect(stored.has(email), email).toBe(true);
      for (const email of answered) {
        const [mail] = await smtp.waitForMessages(email, 1, 20_000);
        expect(mail?.text).toMatch(/\/verify-email#token=[A-Za-z0-9_-]{43}/);
      }
      if (kind === 'sqlite') {
        const { sql } = await import('kysely');
        const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
          env.db.kysely,
        );
        expect(check.rows[0]?.integrity_check).toBe('ok');
      }
      second.child.kill('SIGTERM');
      await second.exited;
      // Figures for the record: how many were answered, and how many mails the restart sent.
      const resent = answered.filter((email) => !mailedBeforeRestart.has(email)).length;
      process.stdout.write(
        `crash test on ${kind}: ${answered.length} answered of ${registrations}, ` +
          `${resent} mailed only after the restart\n`,
      );
    },
    240_000,
  );
});

import { createServer } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpFake, type SmtpFake } from '../../../../test/fakes/smtp-server';
import {
  createTestEnvironment,
  databaseTargets,
  type TestEnvironment,
} from '../../../../test/support/databases';
import { inTransaction, openDatabase, type Db } from '../../db/database';
import { createMailer, type MailMessage } from './mailer';
import { createMailOutbox, retryDelayMs, type MailOutbox } from './outbox';

const log = pino({ level: 'silent' });
const settings = { pollMs: 50, retryBaseMs: 100, maxAttempts: 5, sendTimeoutMs: 5_000 };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const mail = (to: string, subject: string): MailMessage => ({
  to,
  subject,
  text: `${subject}: https://lexwise.example/verify-email#token=abc`,
  html: `<p>${subject}</p>`,
});

describe('retry delays', () => {
  it('double from the base, up to an hour', () => {
    const delays = [0, 1, 2, 3, 20].map((attempts) =>
      retryDelayMs({ ...settings, retryBaseMs: 30_000 }, attempts),
    );
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000]);
  });
});

describe.each(databaseTargets)('the mail outbox on $kind', ({ kind, skip }) => {
  let env: TestEnvironment | undefined;
  let smtp: SmtpFake | undefined;
  const outboxes: MailOutbox[] = [];
  const extraDbs: Db[] = [];
  afterEach(async () => {
    for (const outbox of outboxes.splice(0)) await outbox.stop();
    for (const db of extraDbs.splice(0)) await db.close();
    await smtp?.close();
    await env?.cleanup();
    env = smtp = undefined;
  });

  function outboxOn(db: Db, smtpPort: number, overrides: Partial<typeof settings> = {}) {
    const mailer = createMailer(
      {
        transport: 'smtp',
        url: `smtp://127.0.0.1:${smtpPort}`,
        from: 'Lexwise <no-reply@lexwise.example>',
      },
      log,
    );
    const outbox = createMailOutbox(db, mailer, log, { ...settings, ...overrides });
    outboxes.push(outbox);
    return outbox;
  }
  const rows = () => env!.db.kysely.selectFrom('mail_outbox').selectAll().execute();

  it.skipIf(skip)(
    'sends mail written by a committed transaction, and none from a rolled-back one',
    async () => {
      env = await createTestEnvironment(kind);
      smtp = await startSmtpFake();
      const outbox = outboxOn(env.db, smtp.smtpPort);
      await inTransaction(env.db, async (trx) => {
        await outbox.enqueue(trx, mail('ghost@example.com', 'Rolled back'), { kind: 'test' });
        throw new Error('the cause failed');
      }).catch(() => undefined);
      await inTransaction(env.db, async (trx) => {
        await outbox.enqueue(trx, mail('ada@example.com', 'Committed'), { kind: 'test' });
      });
      const sentRefs: (string | null)[] = [];
      outbox.onSent('test', async (reference) => void sentRefs.push(reference));
      outbox.start();
      outbox.wake();
      const [sent] = await smtp.waitForMessages('ada@example.com');
      expect(sent?.subject).toBe('Committed');
      await expect.poll(rows).toEqual([]);
      expect(smtp.messages('ghost@example.com')).toEqual([]);
      expect(sentRefs).toEqual([null]);
    },
  );

  it.skipIf(skip)(
    'retries with growing delays while the mail server is down, then delivers',
    async () => {
      env = await createTestEnvironment(kind);
      const port = await freePort();
      const outbox = outboxOn(env.db, port);
      await outbox.enqueue(env.db, mail('ada@example.com', 'Patience'), { kind: 'test' });
      outbox.start();
      const gaps: number[] = [];
      let seen = 0;
      await expect
        .poll(
          async () => {
            const [row] = await rows();
            if (row && row.attempts > seen) {
              seen = row.attempts;
              gaps.push(Date.parse(row.next_attempt_at) - Date.now());
            }
            return seen;
          },
          { timeout: 10_000, interval: 5 },
        )
        .toBeGreaterThanOrEqual(3);
      // Each wait is about twice the one before (100, 200, 400 ms; read a little after each failure).
      expect(gaps[1]!).toBeGreaterThan(gaps[0]!);
      expect(gaps[2]!).toBeGreaterThan(gaps[1]!);
      smtp = await startSmtpFake(port);
      await smtp.waitForMessages('ada@example.com', 1, 10_000);
      await expect.poll(rows).toEqual([]);
    },
  );

  it.skipIf(skip)('sends each mail once when several instances send at the same time', async () => {
    env = await createTestEnvironment(kind);
    smtp = await startSmtpFake();
    const count = 30;
    for (let i = 0; i < count; i++) {
      await inTransaction(env.db, (trx) =>
        outboxOn(env!.db, smtp!.smtpPort).enqueue(trx, mail(`p${i}@example.com`, `Mail ${i}`), {
          kind: 'test',
        }),
      );
    }
    outboxes.splice(0);
    for (let i = 0; i < 3; i++) {
      const db = openDatabase(env.config.database, 4);
      extraDbs.push(db);
      outboxOn(db, smtp.smtpPort).start();
    }
    await expect.poll(() => smtp!.messages().length, { timeout: 15_000 }).toBe(count);
    await expect.poll(rows).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const subjects = smtp.messages().map((m) => m.subject);
    expect(new Set(subjects).size).toBe(count);
    expect(subjects).toHaveLength(count);
  });

  it.skipIf(skip)('takes over a mail whose sender died once its lease has ended', async () => {
    env = await createTestEnvironment(kind);
    smtp = await startSmtpFake();
    const outbox = outboxOn(env.db, smtp.smtpPort);
    await outbox.enqueue(env.db, mail('late@example.com', 'Abandoned'), { kind: 'test' });
    await outbox.enqueue(env.db, mail('busy@example.com', 'Being sent'), { kind: 'test' });
    const past = new Date(Date.now() - 1000).toISOString();
    const future = new Date(Date.now() + 60_000).toISOString();
    for (const [to, leasedUntil] of [
      ['late@example.com', past],
      ['busy@example.com', future],
    ] as const) {
      await env.db.kysely
        .updateTable('mail_outbox')
        .set({ lease_token: 'a-dead-sender', leased_until: leasedUntil })
        .where('message', 'like', `%${to}%`)
        .execute();
    }
    outbox.start();
    await smtp.waitForMessages('late@example.com');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages('busy@example.com')).toEqual([]);
  });

  it.skipIf(skip)('gives up at once on a mail the mailer refuses, keeping no link', async () => {
    env = await createTestEnvironment(kind);
    smtp = await startSmtpFake();
    const outbox = outboxOn(env.db, smtp.smtpPort);
    await outbox.enqueue(env.db, mail('a@example.com, b@example.org', 'Two'), {
      kind: 'test',
    });
    outbox.start();
    await expect.poll(async () => (await rows())[0]?.failed_at).not.toBeNull();
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, message: null });
    expect(row?.last_error).toMatch(/not one email address/);
    expect(smtp.messages()).toEqual([]);
  });
});

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { MailRefusedError, type Mailer, type MailMessage } from './mailer.js';
import {
  claimDueMail,
  deleteSentMail,
  enqueueMail,
  recordFailedAttempt,
  type ClaimedMail,
  type MailTopic,
} from './outbox-repository.js';
import { withTimeout } from '../../with-timeout.js';

export interface OutboxSettings {
  /** How often the outbox is read when nothing woke the sender (mail written by another instance). */
  pollMs: number;
  /** The first retry waits this long; each one after waits twice as long as the last, up to an hour. */
  retryBaseMs: number;
  /** Attempts before a mail is given up on (and logged as an error). */
  maxAttempts: number;
  /**
   * The longest one send may take before it counts as failed. A claim lasts twice this long, so
   * a live sender keeps its claim, and a crashed one's mail is taken over soon after.
   */
  sendTimeoutMs: number;
}

/** What modules use to send mail: write it with its cause, then wake the sender. */
export interface MailOutbox {
  /** Writes a mail with the Db of the caller's transaction (inTransaction), or on its own. */
  enqueue(db: Db, message: MailMessage, topic: MailTopic): Promise<void>;
  /** Sends what is due now rather than at the next poll; call it once the mail is committed. */
  wake(): void;
  /** Runs after a mail of this kind was sent, with its reference (e.g. to mark a record). */
  onSent(kind: string, handler: (reference: string | null) => Promise<void>): void;
  start(): void;
  /** Stops polling and waits for the mail being sent. */
  stop(): Promise<void>;
}

const maxRetryDelayMs = 60 * 60 * 1000;
const batchSize = 10;

/** The delay before attempt `attempts + 1`: exponential backoff, capped. */
export function retryDelayMs(settings: OutboxSettings, attempts: number): number {
  return Math.min(settings.retryBaseMs * 2 ** attempts, maxRetryDelayMs);
}

/**
 * Sends the mail in `mail_outbox` (docs/decisions/0065-mail-outbox.md). Every instance runs one;
 * claims are leases taken by conditional update, so each mail is sent by one instance at a time,
 * and a mail whose sender died is taken over once its lease ends. A crash between the SMTP
 * server's acceptance and the row's deletion sends that mail again: at least once, never lost.
 */
export function createMailOutbox(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  settings: OutboxSettings,
): MailOutbox {
  const handlers = new Map<string, (reference: string | null) => Promise<void>>();
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;

  function schedule(delayMs: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(run, delayMs);
    timer.unref();
  }

  function run() {
    if (stopped) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => {
        log.error({ err: describe(error) }, 'could not read the mail outbox');
      })
      .finally(() => {
        running = undefined;
        const again = wokenWhileRunning;
        wokenWhileRunning = false;
        schedule(again ? 0 : settings.pollMs);
      });
  }

  async function drain() {
    for (;;) {
      const batch = await claimDueMail(db, {
        limit: batchSize,
        leaseMs: 2 * settings.sendTimeoutMs,
      });
      await Promise.all(batch.map(deliver));
      if (batch.length < batchSize || stopped) return;
    }
  }

  async function deliver(mail: ClaimedMail) {
    try {
      await withTimeout(
        mailer.send(mail.message),
        settings.sendTimeoutMs,
        () => new Error(`the send took longer than ${settings.sendTimeoutMs} ms`),
      );
    } catch (error) {
      const attempt = mail.attempts + 1;
      const permanent = error instanceof MailRefusedError || attempt >= settings.maxAttempts;
      const retryAt = permanent
        ? undefined
        : new Date(Date.now() + retryDelayMs(settings, mail.attempts));
      await recordFailedAttempt(db, mail, describe(error), retryAt);
      const context = { mailId: mail.id, kind: mail.kind, attempt, err: describe(error) };
      if (retryAt) log.warn({ ...context, retryAt }, 'could not send a mail; it will be retried');
      else log.error(context, 'could not send a mail; given up');
      return;
    }
    await deleteSentMail(db, mail);
    const handler = handlers.get(mail.kind);
    await handler?.(mail.reference).catch((error: unknown) => {
      log.error(
        { mailId: mail.id, kind: mail.kind, err: describe(error) },
        'after-send step failed',
      );
    });
  }

  return {
    enqueue: enqueueMail,
    wake() {
      if (!stopped) schedule(0);
    },
    onSent(kind, handler) {
      handlers.set(kind, handler);
    },
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** An error's message only: a mail's content (and the link in it) never reaches the log. */
function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

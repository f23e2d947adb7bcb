import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildApp, type App, type AppOptions } from '../../src/server/app';
import { startSmtpFake, type SmtpFake } from '../fakes/smtp-server';
import { createTestEnvironment, type DatabaseTarget, type TestEnvironment } from './databases';

/**
 * The set-up of tests of what the app mails, called once at the top of a test file: the SMTP
 * stand-in `smtp` (started before the file's tests, emptied after each, closed after all), and
 * an app per test, built as production builds it on a fresh database whose mail goes to `smtp`,
 * closed with its database after the test.
 */
export function mailTestBed() {
  let fake: SmtpFake | undefined;
  const open: { env: TestEnvironment; app: App }[] = [];
  beforeAll(async () => {
    fake = await startSmtpFake();
  });
  afterAll(() => fake?.close());
  afterEach(async () => {
    for (const { app, env } of open.splice(0)) {
      await app.close();
      await env.cleanup();
    }
    fake?.clear();
  });

  const started = () => {
    if (!fake) throw new Error('the SMTP stand-in starts before the tests');
    return fake;
  };
  /** The SMTP stand-in, usable anywhere a test runs. */
  const smtp: SmtpFake = {
    get smtpPort() {
      return started().smtpPort;
    },
    get httpPort() {
      return started().httpPort;
    },
    messages: (to) => started().messages(to),
    waitForMessages: (to, count, timeoutMs) => started().waitForMessages(to, count, timeoutMs),
    clear: () => started().clear(),
    close: () => started().close(),
  };

  /** An app on a fresh `kind` database, `vars` added to the test environment's. */
  async function startApp(
    kind: DatabaseTarget,
    vars: Record<string, string>,
    logger: AppOptions['logger'] = false,
  ) {
    const env = await createTestEnvironment(kind, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.smtpPort}`,
      ...vars,
    });
    const app = await buildApp(env.config, { db: env.db, logger });
    open.push({ env, app });
    return { env, app };
  }

  return { smtp, startApp };
}

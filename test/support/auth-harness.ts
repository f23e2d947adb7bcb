import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppOptions } from '../../src/server/app';
import { startSmtpFake, type CaughtMail, type SmtpFake } from '../fakes/smtp-server';
import { createTestEnvironment, type DatabaseTarget, type TestEnvironment } from './databases';

/** An app on a fresh database whose mail goes to an SMTP fake, and helpers to use its auth API. */
export interface AuthHarness {
  app: App;
  env: TestEnvironment;
  smtp: SmtpFake;
  /** The site's origin, as a browser on our pages sends it. */
  origin: string;
  post(
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** The newest mail to an address, waiting for it (mail goes out in the background). */
  waitForMail(to: string, count?: number): Promise<CaughtMail>;
  /** The token in the newest emailed link to a page. */
  tokenFromMail(
    to: string,
    page: 'verify-email' | 'reset-password',
    count?: number,
  ): Promise<string>;
  /** Registers, follows the emailed link, and returns the session it starts. */
  signUp(email: string, password: string): Promise<Session>;
  login(email: string, password: string, userAgent?: string): Promise<Session>;
  /** Calls an /api/me route with a Bearer token. */
  me(
    method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
    url: string,
    accessToken: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface Session {
  accessToken: string;
  /** The refresh token from the Set-Cookie header. */
  refreshToken: string;
  userId: string;
  response: LightMyRequestResponse;
}

export function refreshCookieOf(response: LightMyRequestResponse) {
  return response.cookies.find((c) => c.name.endsWith('lexwise_refresh'));
}

export async function createAuthHarness(
  kind: DatabaseTarget,
  extraEnv: Record<string, string> = {},
  logger?: { level: string; stream: NodeJS.WritableStream },
  appOptions: Pick<AppOptions, 'guides'> = {},
): Promise<AuthHarness> {
  const smtp = await startSmtpFake();
  const env = await createTestEnvironment(kind, {
    SMTP_URL: `smtp://127.0.0.1:${smtp.smtpPort}`,
    ...extraEnv,
  });
  const app = await buildApp(env.config, { db: env.db, logger: logger ?? false, ...appOptions });
  await app.ready();
  const origin = new URL(env.config.site.publicUrl).origin;

  const post = (url: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });

  async function waitForMail(to: string, count = 1): Promise<CaughtMail> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mail = smtp.messages(to);
      if (mail.length >= count) return mail[mail.length - 1]!;
      if (Date.now() > deadline) throw new Error(`no mail #${count} to ${to} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function tokenFromMail(to: string, page: string, count = 1) {
    const mail = await waitForMail(to, count);
    const match = new RegExp(`/${page}#token=([A-Za-z0-9_-]+)`).exec(mail.text);
    if (!match) throw new Error(`no ${page} link in the mail to ${to}`);
    return match[1]!;
  }

  function session(response: LightMyRequestResponse): Session {
    if (response.statusCode !== 200) {
      throw new Error(`expected a session, got ${response.statusCode} ${response.body}`);
    }
    const body = response.json();
    return {
      accessToken: body.accessToken,
      refreshToken: refreshCookieOf(response)!.value,
      userId: body.user.id,
      response,
    };
  }

  return {
    app,
    env,
    smtp,
    origin,
    post,
    waitForMail,
    tokenFromMail,
    async signUp(email, password) {
      const registered = await post('/api/auth/register', { email, password });
      if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
      const token = await tokenFromMail(email, 'verify-email');
      return session(await post('/api/auth/verify-email', { token }));
    },
    async login(email, password, userAgent) {
      return session(
        await post(
          '/api/auth/login',
          { email, password },
          userAgent ? { 'user-agent': userAgent } : {},
        ),
      );
    },
    me(method, url, accessToken, body) {
      return app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${accessToken}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },
    async close() {
      await app.close();
      await smtp.close();
      await env.cleanup();
    },
  };
}

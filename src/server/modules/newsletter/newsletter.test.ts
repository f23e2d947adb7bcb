import { describe, expect, it } from 'vitest';
import type { CaughtMail } from '../../../../test/fakes/smtp-server';
import { databaseTargets, type TestEnvironment } from '../../../../test/support/databases';
import { mailTestBed } from '../../../../test/support/mail-test-bed';
import { newsletterMessages } from '../../../shared/newsletter';
import type { App } from '../../app';
import { listConfirmedSubscribers } from './repository';

const { smtp, startApp } = mailTestBed();

const publicUrl = 'https://lexwise.example';

/** The token of the link in a mail whose address starts with `page`. */
function tokenIn(mail: CaughtMail | undefined, page: 'confirm' | 'unsubscribe'): string {
  const prefix = `${publicUrl}/newsletter/${page}#token=`;
  const link = mail?.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`no ${page} link in ${mail?.subject}`);
  return link.slice(prefix.length);
}

describe.each(databaseTargets)('newsletter on $kind', ({ kind, skip }) => {
  let env: TestEnvironment | undefined;
  let app: App | undefined;

  async function start() {
    ({ env, app } = await startApp(kind, { PUBLIC_URL: publicUrl }));
  }

  const post = (path: string, payload: object, remoteAddress = '203.0.113.20') =>
    app!.inject({ method: 'POST', url: `/api/newsletter/${path}`, payload, remoteAddress });
  const subscribers = () =>
    env!.db.kysely.selectFrom('newsletter_subscribers').selectAll().execute();
  const confirmed = async () => (await listConfirmedSubscribers(env!.db)).map((s) => s.email);
  /** The newest mail to an address, once there are `count` of them. */
  const lastMail = async (to: string, count = 1) => (await smtp.waitForMessages(to, count)).at(-1);

  it.skipIf(skip)(
    'sends a confirmation link and counts the address only once it is confirmed',
    async () => {
      await start();
      const response = await post('subscribe', { email: ' Reader@Example.com ' });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: newsletterMessages.checkInbox });

      const mail = await lastMail('reader@example.com');
      expect(mail?.subject).toBe('Confirm your subscription | Lexwise');
      const token = tokenIn(mail, 'confirm');
      const unsubscribeToken = tokenIn(mail, 'unsubscribe');
      expect(mail?.html).toContain(`${publicUrl}/newsletter/confirm#token=${token}`);
      expect(mail?.html).toContain('>Unsubscribe</a>');
      expect(mail?.headers['list-unsubscribe']).toBe(
        `<${publicUrl}/newsletter/unsubscribe#token=${unsubscribeToken}>`,
      );

      const [row] = await subscribers();
      expect(row).toMatchObject({ email: 'reader@example.com', status: 'pending' });
      // Tokens are stored only as hashes.
      expect(JSON.stringify(row)).not.toContain(token);
      expect(JSON.stringify(row)).not.toContain(unsubscribeToken);
      expect(await confirmed()).toEqual([]);

      const confirm = await post('confirm', { token });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json()).toEqual({ message: newsletterMessages.confirmed });
      expect(await confirmed()).toEqual(['reader@example.com']);
      const [after] = await subscribers();
      expect(after?.confirmed_at).not.toBeNull();
      expect(after?.confirm_token_hash).toBeNull();

      // A confirmation link works once.
      const again = await post('confirm', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toEqual({
        code: 'newsletter.link_invalid',
        message: newsletterMessages.linkInvalid,
      });
    },
  );

  it.skipIf(skip)(
    'answers the same for a new, a pending and a confirmed address, mailing only the address',
    async () => {
      await start();
      const first = await post('subscribe', { email: 'same@example.com' });
      const pending = await post('subscribe', { email: 'same@example.com' });
      await post('confirm', { token: tokenIn(await lastMail('same@example.com', 2), 'confirm') });
      const subscribed = await post('subscribe', { email: 'same@example.com' });
      for (const response of [pending, subscribed]) {
        expect(response.statusCode).toBe(first.statusCode);
        expect(response.body).toBe(first.body);
      }
      const note = await lastMail('same@example.com', 3);
      expect(note?.subject).toBe('You are already subscribed | Lexwise');
      expect(tokenIn(note, 'unsubscribe')).toBeTruthy();
      expect(await confirmed()).toEqual(['same@example.com']);
      expect(await subscribers()).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    'unsubscribes from the link in any mail; coming back needs a new confirmation',
    async () => {
      await start();
      await post('subscribe', { email: 'leaver@example.com' });
      const confirmation = await lastMail('leaver@example.com');
      await post('confirm', { token: tokenIn(confirmation, 'confirm') });
      expect(await confirmed()).toEqual(['leaver@example.com']);

      const unsubscribeToken = tokenIn(confirmation, 'unsubscribe');
      const response = await post('unsubscribe', { token: unsubscribeToken });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: newsletterMessages.unsubscribed });
      expect(await confirmed()).toEqual([]);
      const [row] = await subscribers();
      expect(row).toMatchObject({ status: 'unsubscribed' });
      expect(row?.unsubscribed_at).not.toBeNull();
      // Clicking it twice is harmless.
      expect((await post('unsubscribe', { token: unsubscribeToken })).statusCode).toBe(200);

      // Subscribing again: pending until the new link is followed.
      await post('subscribe', { email: 'leaver@example.com' });
      expect(await confirmed()).toEqual([]);
      const renewed = await lastMail('leaver@example.com', 2);
      expect((await post('confirm', { token: tokenIn(renewed, 'confirm') })).statusCode).toBe(200);
      expect(await confirmed()).toEqual(['leaver@example.com']);
    },
  );

  it.skipIf(skip)('refuses a confirmation link once the address has unsubscribed', async () => {
    await start();
    await post('subscribe', { email: 'quick@example.com' });
    const mail = await lastMail('quick@example.com');
    expect((await post('unsubscribe', { token: tokenIn(mail, 'unsubscribe') })).statusCode).toBe(
      200,
    );
    const late = await post('confirm', { token: tokenIn(mail, 'confirm') });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('newsletter.link_invalid');
    expect(await confirmed()).toEqual([]);
  });

  it.skipIf(skip)('refuses an expired, unknown or malformed token', async () => {
    await start();
    await post('subscribe', { email: 'slow@example.com' });
    const token = tokenIn(await lastMail('slow@example.com'), 'confirm');
    await env!.db.kysely
      .updateTable('newsletter_subscribers')
      .set({ confirm_expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await post('confirm', { token })).json().error.code).toBe('newsletter.link_invalid');
    const unknown = await post('unsubscribe', { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual({
      code: 'newsletter.link_invalid',
      message: newsletterMessages.unsubscribeInvalid,
    });
    const malformed = await post('confirm', { token: 'short' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('request.invalid');
    expect(await confirmed()).toEqual([]);
  });

  it.skipIf(skip)('rejects an invalid address with the spec message', async () => {
    await start();
    const response = await post('subscribe', { email: 'nope@nowhere' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ email: 'Invalid email address.' });
    expect(await subscribers()).toEqual([]);
  });

  it.skipIf(skip)(
    'answers a filled honeypot like a success, storing and sending nothing',
    async () => {
      await start();
      const bot = await post('subscribe', { email: 'bot@example.com', website: 'spam' });
      expect(bot.statusCode).toBe(202);
      expect(bot.json()).toEqual({ message: newsletterMessages.checkInbox });
      expect(await subscribers()).toEqual([]);
      expect(smtp.messages()).toEqual([]);
    },
  );

  it.skipIf(skip)('limits requests per address and per IP address', async () => {
    await start();
    for (let i = 0; i < 3; i++) {
      const ip = `198.51.100.${i}`;
      expect((await post('subscribe', { email: 'flood@example.com' }, ip)).statusCode).toBe(202);
    }
    const byAddress = await post('subscribe', { email: 'flood@example.com' }, '198.51.100.50');
    expect(byAddress.statusCode).toBe(429);
    expect(await smtp.waitForMessages('flood@example.com', 3)).toHaveLength(3);

    for (let i = 0; i < 10; i++) {
      await post('subscribe', { email: `r${i}@example.com` }, '192.0.2.1');
    }
    const byIp = await post('subscribe', { email: 'r10@example.com' }, '192.0.2.1');
    expect(byIp.statusCode).toBe(429);
    expect(byIp.json().error.code).toBe('request.rate_limited');
  });
});

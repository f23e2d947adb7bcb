import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthHarness, type AuthHarness } from '../../../../test/support/auth-harness';
import { parseUiStream } from '../../../../test/support/chat-harness';
import { testGuideLibrary } from '../../../../test/support/guides';
import { databaseTargets } from '../../../../test/support/databases';
import { insertVerifiedUser } from '../../../../test/support/users';
import { freeDailyTokens } from '../../../shared/plans';
import { runStaffCommand } from '../staff/cli';
import { toCsv } from './service';

const password = 'a-long-passphrase';

describe.each(databaseTargets)('the console on $kind', ({ kind, skip }) => {
  let h: AuthHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  async function start() {
    h = await createAuthHarness(kind, {}, undefined, { guides: testGuideLibrary() });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const adminId = await insertVerifiedUser(h.env.db, { email: 'boss@firm.example', password });
    await runStaffCommand(h.env.db, ['add', 'boss@firm.example', '--role', 'admin']);
    const admin = await h.login('boss@firm.example', password);
    await insertVerifiedUser(h.env.db, { email: 'ada@example.com', password });
    const ada = await h.login('ada@example.com', password);
    return { adminId, admin: admin.accessToken, ada };
  }

  const call = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) =>
    h!.me(method, url, token, body);

  it.skipIf(skip)(
    'finds people by email and grants or deducts tokens with a reason; the ledger names the admin and sums to the balance',
    async () => {
      const { admin, ada, adminId } = await start();
      const found = await call('GET', '/api/admin/users?q=ADA@', admin);
      expect(found.json().users).toMatchObject([
        { id: ada.userId, email: 'ada@example.com', role: 'user', plan: 'Free', disabled: false },
      ]);
      expect(found.json().users[0].lastActivityAt).toEqual(expect.any(String));
      // LIKE's wildcards are matched as themselves.
      expect((await call('GET', '/api/admin/users?q=%25', admin)).json().users).toEqual([]);

      const granted = await call('POST', `/api/admin/users/${ada.userId}/tokens`, admin, {
        delta: 10_000,
        reason: 'Goodwill after an outage',
      });
      expect(granted.statusCode).toBe(200);
      const detail = granted.json();
      expect(detail.balance).toBe(freeDailyTokens + 10_000);
      expect(detail.ledgerSum).toBe(detail.balance);
      const byAdmin = detail.ledger.filter((row: { reference: string }) =>
        row.reference.startsWith(`admin:${adminId}:`),
      );
      expect(byAdmin).toMatchObject([{ kind: 'grant', delta: 10_000 }]);

      const tooMuch = await call('POST', `/api/admin/users/${ada.userId}/tokens`, admin, {
        delta: -(freeDailyTokens + 10_001),
        reason: 'Test',
      });
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().error.code).toBe('admin.balance_too_low');
      const noReason = await call('POST', `/api/admin/users/${ada.userId}/tokens`, admin, {
        delta: 5,
        reason: ' ',
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().error.fields).toEqual({ reason: 'Please give a reason.' });
      const deducted = (
        await call('POST', `/api/admin/users/${ada.userId}/tokens`, admin, {
          delta: -500,
          reason: 'Refunded twice',
        })
      ).json();
      expect(deducted.balance).toBe(freeDailyTokens + 9_500);
      expect(deducted.ledgerSum).toBe(deducted.balance);
      expect((await call('GET', '/api/tokens', ada.accessToken)).json().balance).toBe(
        freeDailyTokens + 9_500,
      );

      const unknown = await call('GET', `/api/admin/users/${randomUUID()}`, admin);
      expect(unknown.statusCode).toBe(404);

      const audit = (await call('GET', '/api/admin/audit', admin)).json().entries;
      expect(audit.slice(0, 2)).toMatchObject([
        {
          action: 'tokens.deducted',
          actorEmail: 'boss@firm.example',
          targetId: ada.userId,
          detail: { delta: -500, reason: 'Refunded twice' },
        },
        { action: 'tokens.granted', detail: { delta: 10_000, reason: 'Goodwill after an outage' } },
      ]);
    },
  );

  it.skipIf(skip)(
    'disabling an account ends its sessions and refuses sign-in until it is enabled; roles and confirmation links',
    async () => {
      const { admin, ada, adminId } = await start();
      const disabled = await call('POST', `/api/admin/users/${ada.userId}/disabled`, admin, {
        disabled: true,
      });
      expect(disabled.json().disabled).toBe(true);
      expect((await call('GET', '/api/me', ada.accessToken)).statusCode).toBe(401);
      const refused = await h!.post('/api/auth/login', { email: 'ada@example.com', password });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('auth.account_disabled');
      await call('POST', `/api/admin/users/${ada.userId}/disabled`, admin, { disabled: false });
      const back = await h!.login('ada@example.com', password);

      // Staff from the console: the desk opens at once; removed, it is gone at once.
      expect((await call('GET', '/api/desk/cases', back.accessToken)).statusCode).toBe(404);
      await call('POST', `/api/admin/users/${ada.userId}/role`, admin, { role: 'staff' });
      expect((await call('GET', '/api/desk/cases', back.accessToken)).statusCode).toBe(200);
      expect((await call('GET', '/api/admin/users', back.accessToken)).statusCode).toBe(404);
      await call('POST', `/api/admin/users/${ada.userId}/role`, admin, { role: 'user' });
      expect((await call('GET', '/api/desk/cases', back.accessToken)).statusCode).toBe(404);
      const self = await call('POST', `/api/admin/users/${adminId}/role`, admin, { role: 'user' });
      expect(self.json().error.code).toBe('admin.self_role');

      // A confirmation link only for an unconfirmed address.
      await h!.post('/api/auth/register', { email: 'new@example.com', password });
      await h!.waitForMail('new@example.com');
      const fresh = (await call('GET', '/api/admin/users?q=new@', admin)).json().users[0];
      expect(fresh.emailVerified).toBe(false);
      const sent = await call('POST', `/api/admin/users/${fresh.id}/verification`, admin);
      expect(sent.json().message).toBe('A new confirmation link was sent.');
      await h!.waitForMail('new@example.com', 2);
      const again = await call('POST', `/api/admin/users/${ada.userId}/verification`, admin);
      expect(again.json().message).toBe('This email address is already confirmed.');

      const actions = (await call('GET', '/api/admin/audit', admin))
        .json()
        .entries.map((e: { action: string }) => e.action);
      expect(actions.slice(0, 6)).toEqual([
        'user.verification_sent',
        'role.removed',
        'role.granted',
        'user.enabled',
        'user.disabled',
        'role.granted',
      ]);
    },
  );

  it.skipIf(skip)(
    'figures count questions, people and declined answers; lists export as CSV',
    async () => {
      const { admin, ada } = await start();
      const address = h!.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      for (const text of [
        'When must my deposit come back?',
        'How do I patent a recipe?',
        'How do I bake sourdough bread?',
      ]) {
        const response = await fetch(
          `http://127.0.0.1:${address.port}/api/conversations/${randomUUID()}/messages`,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${ada.accessToken}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ text }),
          },
        );
        expect(parseUiStream(await response.text()).done).toBe(true);
      }
      const figures = (await call('GET', '/api/admin/figures', admin)).json();
      const today = new Date().toISOString().slice(0, 10);
      expect(figures.perDay).toEqual([
        { day: today, people: 1, questions: 3, tokens: expect.any(Number) },
      ]);
      // Only the legal question our guides do not cover: the list of guides to write next.
      expect(figures.declined.map((d: { question: string }) => d.question)).toEqual([
        'How do I patent a recipe?',
      ]);
      expect(figures.mrrCents).toBe(0);

      await h!.post('/api/contact', {
        name: 'Eve',
        email: 'eve@example.com',
        subject: '=HYPERLINK("http://x")',
        message: 'A message long enough.',
      });
      const csv = await call('GET', '/api/admin/contact-messages/csv', admin);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.body.split('\r\n')[0]).toBe(
        '"createdAt","name","email","phone","subject","message","forwarded","acknowledged"',
      );
      expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")"`);
      expect((await call('GET', '/api/admin/newsletter-subscribers/csv', admin)).statusCode).toBe(
        200,
      );
    },
  );
});

describe('toCsv', () => {
  it('quotes every cell and defuses formulas', () => {
    expect(toCsv([{ a: '-1+2', b: 'say "hi"', c: null }], ['a', 'b', 'c'])).toBe(
      '"a","b","c"\r\n"\'-1+2","say ""hi""",""\r\n',
    );
  });
});

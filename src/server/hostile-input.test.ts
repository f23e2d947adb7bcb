import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthHarness, type AuthHarness } from '../../test/support/auth-harness';
import { databaseTargets } from '../../test/support/databases';

/**
 * Requests found by attacking the running app (issue 9): each must be a 400 in the error shape on
 * both databases, and must send no mail.
 */
describe.each(databaseTargets)('hostile text on $kind', ({ kind, skip }) => {
  let h: AuthHarness;
  let accessToken: string;
  beforeAll(async () => {
    if (skip) return;
    h = await createAuthHarness(kind, {
      AUTH_LIMIT_PER_IP: '1000',
      CONTACT_INBOX: 'desk@firm.example',
    });
    ({ accessToken } = await h.signUp('owner@example.com', 'a-long-passphrase'));
    h.smtp.clear();
  });
  afterAll(async () => {
    if (!skip) await h.close();
  });

  const nul = 'a\u0000b@x.com';
  const contact = {
    name: 'Ada',
    email: 'ada@example.com',
    subject: 'Hello',
    message: 'A message long enough.',
  };

  it.skipIf(skip)('refuses a NUL character with the same 400, wherever text is taken', async () => {
    const requests: [string, string, object][] = [
      ['POST', '/api/auth/login', { email: nul, password: 'secret' }],
      ['POST', '/api/auth/register', { email: nul, password: 'a-long-passphrase' }],
      ['POST', '/api/auth/resend-verification', { email: nul }],
      ['POST', '/api/auth/forgot-password', { email: nul }],
      ['POST', '/api/newsletter/subscribe', { email: nul }],
      ['POST', '/api/contact', { ...contact, email: nul }],
      ['POST', '/api/contact', { ...contact, name: 'A\u0000da' }],
      ['POST', '/api/contact', { ...contact, subject: 'Hel\u0000lo' }],
      ['POST', '/api/contact', { ...contact, message: 'A message \u0000 long enough.' }],
      ['PATCH', '/api/me', { givenName: 'A\u0000da' }],
      ['PATCH', '/api/me', { familyName: 'Love\u0000lace' }],
    ];
    for (const [method, url, payload] of requests) {
      const response = await h.app.inject({
        method: method as 'POST',
        url,
        payload,
        headers: url === '/api/me' ? { authorization: `Bearer ${accessToken}` } : {},
      });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().error.code).toBe('request.invalid');
    }
    expect(h.smtp.messages()).toEqual([]);
  });

  it.skipIf(skip)('refuses an "email" that names several mailboxes, and mails no one', async () => {
    for (const email of [
      'alice@example.com,bob@example.org',
      'frank@example.com<mallory@attacker.example>',
      `${'x@example.com,'.repeat(16)}y@example.com`,
    ]) {
      for (const [url, payload] of [
        ['/api/auth/register', { email, password: 'a-long-passphrase' }],
        ['/api/newsletter/subscribe', { email }],
        ['/api/contact', { ...contact, email }],
      ] as const) {
        const response = await h.post(url, payload);
        expect(response.statusCode, `${url} ${email}`).toBe(400);
        expect(response.json().error.fields).toEqual({ email: 'Invalid email address.' });
      }
    }
    // Anything that was wrongly accepted would have been mailed by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.smtp.messages()).toEqual([]);
  });
});

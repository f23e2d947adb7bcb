import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestEnvironment,
  databaseTargets,
  type TestEnvironment,
} from '../../../../test/support/databases';
import { mailTestBed } from '../../../../test/support/mail-test-bed';
import { contactMessages } from '../../../shared/contact';
import { buildApp, type App } from '../../app';
import { computeSecurityHeaders } from '../../http/security-headers';

const { smtp, startApp } = mailTestBed();

const inbox = 'desk@firm.example';
const valid = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  phone: '+1 (555) 010-2030',
  subject: 'Question about my lease',
  message: 'My landlord kept my deposit.\n\nCan I get it back? <img src=x onerror=alert(1)>',
  website: '',
};

describe.each(databaseTargets)('contact form on $kind', ({ kind, skip }) => {
  let env: TestEnvironment | undefined;
  let app: App | undefined;
  const logs: string[] = [];
  afterEach(() => {
    logs.length = 0;
  });

  async function start(extraEnv: Record<string, string> = { CONTACT_INBOX: inbox }) {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    ({ env, app } = await startApp(
      kind,
      { PUBLIC_URL: 'https://lexwise.example', ...extraEnv },
      { level: 'info', stream },
    ));
    return app;
  }

  const send = (body: object, remoteAddress = '203.0.113.7') =>
    app!.inject({ method: 'POST', url: '/api/contact', payload: body, remoteAddress });

  const storedMessages = () => env!.db.kysely.selectFrom('contact_messages').selectAll().execute();

  it.skipIf(skip)(
    'stores a message, mails it to the inbox with the visitor as reply-to, and acknowledges it',
    async () => {
      await start();
      const response = await send(valid);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: contactMessages.sent });

      const [row, ...others] = await storedMessages();
      expect(others).toEqual([]);
      expect(row).toMatchObject({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone: '+1 (555) 010-2030',
        subject: 'Question about my lease',
        message: valid.message,
        ip: '203.0.113.7',
      });
      // Both mails go out from the outbox, and the message is marked as each one is sent.
      const [forwarded] = await smtp.waitForMessages(inbox);
      await smtp.waitForMessages('ada@example.com');
      await expect
        .poll(async () => (await storedMessages())[0])
        .toMatchObject({ forwarded_at: expect.any(String), acknowledged_at: expect.any(String) });

      expect(forwarded?.subject).toBe('Contact form: Question about my lease');
      expect(forwarded?.replyTo).toBe('ada@example.com');
      expect(forwarded?.text).toContain('From: Ada Lovelace <ada@example.com>');
      expect(forwarded?.text).toContain('Can I get it back?');
      // Everything the visitor typed is escaped in the HTML part.
      expect(forwarded?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(forwarded?.html).not.toContain('<img src=x');
      expect(forwarded?.html).toContain('Ada Lovelace &lt;ada@example.com&gt;');

      const [ack, ...moreAcks] = smtp.messages('ada@example.com');
      expect(moreAcks).toEqual([]);
      expect(ack?.subject).toBe('We received your message | Lexwise');
      expect(ack?.text).toContain('We have received your message');
      expect(ack?.html).toContain('Thank you for contacting us');
      // The acknowledgment repeats nothing the visitor typed.
      expect(ack?.text).not.toContain('landlord');
      expect(ack?.text).not.toContain('Question about');
    },
  );

  it.skipIf(skip)(
    'answers invalid fields with 400 and a message per field, storing and sending nothing',
    async () => {
      await start();
      const response = await send({
        name: ' ',
        email: 'not-an-email',
        phone: 'call me',
        subject: '',
        message: 'short',
      });
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('request.invalid');
      expect(error.fields).toEqual({
        name: contactMessages.nameRequired,
        email: 'Invalid email address.',
        phone: contactMessages.phoneInvalid,
        subject: contactMessages.subjectRequired,
        message: contactMessages.messageTooShort,
      });
      const tooLong = await send({ ...valid, message: 'x'.repeat(5001) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error.fields).toEqual({ message: contactMessages.messageTooLong });
      const twoLines = await send({ ...valid, subject: 'Hello\r\nBcc: victim@example.com' });
      expect(twoLines.json().error.fields).toEqual({ subject: contactMessages.oneLine });
      expect(await storedMessages()).toEqual([]);
      expect(smtp.messages()).toEqual([]);
    },
  );

  it.skipIf(skip)(
    'answers a filled honeypot exactly like a success, but stores and sends nothing',
    async () => {
      await start();
      const human = await send({ ...valid, email: 'human@example.com' });
      smtp.clear();
      const bot = await send({ ...valid, website: 'https://spam.example' });
      expect(bot.statusCode).toBe(human.statusCode);
      expect(bot.body).toBe(human.body);
      expect(await storedMessages()).toHaveLength(1);
      expect(smtp.messages()).toEqual([]);
    },
  );

  it.skipIf(skip)('limits messages per IP address and per email address with 429', async () => {
    await start();
    for (let i = 0; i < 5; i++) {
      expect((await send({ ...valid, email: `person${i}@example.com` })).statusCode).toBe(201);
    }
    const limited = await send({ ...valid, email: 'late@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('request.rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    for (let i = 0; i < 3; i++) {
      expect(
        (await send({ ...valid, email: 'same@example.com' }, `198.51.100.${i}`)).statusCode,
      ).toBe(201);
    }
    expect((await send({ ...valid, email: 'same@example.com' }, '198.51.100.9')).statusCode).toBe(
      429,
    );
    expect(await storedMessages()).toHaveLength(8);
  });

  it.skipIf(skip)('sends to the public CONTACT_EMAIL when no CONTACT_INBOX is set', async () => {
    await start({ CONTACT_EMAIL: 'hello@firm.example' });
    expect((await send(valid)).statusCode).toBe(201);
    expect(await smtp.waitForMessages('hello@firm.example')).toHaveLength(1);
  });

  it.skipIf(skip)(
    'still stores and acknowledges a message when no inbox is configured, and says so in the log',
    async () => {
      await start({});
      expect((await send(valid)).statusCode).toBe(201);
      await smtp.waitForMessages('ada@example.com');
      await expect
        .poll(async () => (await storedMessages())[0])
        .toMatchObject({ forwarded_at: null, acknowledged_at: expect.any(String) });
      expect(smtp.messages().map((m) => m.to)).toEqual([['ada@example.com']]);
      expect(logs.join('\n')).toContain('no contact inbox is configured');
    },
  );

  it.skipIf(skip)('keeps the message and its mail when the mail server is down', async () => {
    await start({ CONTACT_INBOX: inbox, SMTP_URL: 'smtp://127.0.0.1:9' });
    const response = await send(valid);
    expect(response.statusCode).toBe(201);
    const [row] = await storedMessages();
    expect(row).toMatchObject({
      email: 'ada@example.com',
      forwarded_at: null,
      acknowledged_at: null,
    });
    // The first attempt runs just after the answer; on a busy machine, over poll's default 1 s.
    await expect
      .poll(() => logs.join('\n'), { timeout: 10_000 })
      .toContain('could not send a mail; it will be retried');
    // Both mails wait in the outbox for the next attempt.
    const queued = await env!.db.kysely.selectFrom('mail_outbox').selectAll().execute();
    expect(queued.map((mail) => mail.kind).sort()).toEqual([
      'contact.acknowledge',
      'contact.forward',
    ]);
    expect(queued.every((mail) => mail.failed_at === null)).toBe(true);
  });
});

describe('contact and newsletter API description', () => {
  it('is published in the OpenAPI document', async () => {
    const env = await createTestEnvironment('sqlite');
    const app = await buildApp(env.config, { db: env.db, logger: false });
    const { paths } = (await app.inject('/api/openapi.json')).json();
    await app.close();
    await env.cleanup();
    expect(paths['/api/contact']?.post?.summary).toBe('Send a message to the firm');
    const contact = paths['/api/contact'].post;
    expect(contact.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'email', 'subject', 'message']),
    );
    expect(contact.responses['201'].content['application/json'].schema.required).toEqual([
      'message',
    ]);
    // What the newsletter pages send and which answer they wait for.
    for (const [action, field, status] of [
      ['subscribe', 'email', '202'],
      ['confirm', 'token', '200'],
      ['unsubscribe', 'token', '200'],
    ] as const) {
      const operation = paths[`/api/newsletter/${action}`]?.post;
      expect(operation?.requestBody.content['application/json'].schema.required, action).toEqual([
        field,
      ]);
      expect(
        operation?.responses[status]?.content['application/json'].schema.required,
        action,
      ).toEqual(['message']);
    }
  });
});

describe('Content-Security-Policy for the contact map', () => {
  let env: TestEnvironment | undefined;
  afterEach(async () => {
    await env?.cleanup();
    env = undefined;
  });

  /** The page policy's frame-src (pages carry the document headers; see security-headers.ts). */
  async function frameSrc(extraEnv: Record<string, string>) {
    env = await createTestEnvironment('sqlite', extraEnv);
    return computeSecurityHeaders(env.config)
      .document['content-security-policy']!.split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('frame-src'));
  }

  it('frames nothing when no map is configured', async () => {
    expect(await frameSrc({})).toBe("frame-src 'none'");
  });

  it('frames only the origin of the configured map', async () => {
    expect(
      await frameSrc({
        CONTACT_MAP_EMBED_URL:
          'https://www.openstreetmap.org/export/embed.html?bbox=-0.1,51.5,-0.09,51.51&layer=mapnik',
      }),
    ).toBe('frame-src https://www.openstreetmap.org');
  });
});

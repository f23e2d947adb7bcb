import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpFake, type SmtpFake } from '../../../../test/fakes/smtp-server';
import { createMailer, MailRefusedError } from './mailer';
import { renderEmail } from './templates';

const log = pino({ level: 'silent' });
const content = renderEmail({
  productName: 'Lexwise',
  heading: 'Confirm your email <now>',
  paragraphs: ['Thanks for signing up.'],
  action: { label: 'Confirm email', url: 'http://localhost:3000/verify-email#token=abc' },
});

describe('mailer', () => {
  let fake: SmtpFake | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await fake?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    fake = undefined;
    dir = undefined;
  });

  it('sends a text and an HTML part over SMTP', async () => {
    fake = await startSmtpFake();
    const mailer = createMailer(
      { transport: 'smtp', url: `smtp://127.0.0.1:${fake.smtpPort}`, from: 'Lexwise <a@b.c>' },
      log,
    );
    await mailer.send({ to: 'Ada@Example.com', subject: 'Confirm your email', ...content });
    mailer.close();
    const [mail] = fake.messages('ada@example.com');
    expect(mail?.subject).toBe('Confirm your email');
    expect(mail?.text).toContain('Confirm email: http://localhost:3000/verify-email#token=abc');
    expect(mail?.html).toContain('Confirm your email &lt;now&gt;');
    expect(mail?.html).toContain('href="http://localhost:3000/verify-email#token=abc"');
  });

  it('writes to the outbox, readable only by its owner, when no SMTP server is set', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lexwise-outbox-'));
    const outbox = path.join(dir, 'outbox');
    const mailer = createMailer({ transport: 'outbox', dir: outbox, from: 'Lexwise <a@b.c>' }, log);
    await mailer.send({ to: 'ada@example.com', subject: 'Confirm your email', ...content });
    const [file] = readdirSync(outbox);
    expect(file).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(outbox, file!), 'utf8');
    expect(eml).toContain('Subject: Confirm your email');
    expect(eml).toContain('To: ada@example.com');
    expect(statSync(path.join(outbox, file!)).mode & 0o777).toBe(0o600);
  });

  it('sends to one mailbox only, refusing an address that would reach anyone else', async () => {
    fake = await startSmtpFake();
    const mailer = createMailer(
      { transport: 'smtp', url: `smtp://127.0.0.1:${fake.smtpPort}`, from: 'Lexwise <a@b.c>' },
      log,
    );
    for (const to of [
      'alice@example.com,bob@example.org',
      'frank@example.com<mallory@attacker.example>',
      '"Frank" <frank@example.com>',
      'frank@example.com\r\nBcc: mallory@attacker.example',
    ]) {
      await expect(mailer.send({ to, subject: 'Hello', ...content }), to).rejects.toBeInstanceOf(
        MailRefusedError,
      );
    }
    await expect(
      mailer.send({
        to: 'ada@example.com',
        replyTo: 'a@x.com, b@y.com',
        subject: 'Hi',
        ...content,
      }),
    ).rejects.toBeInstanceOf(MailRefusedError);
    mailer.close();
    expect(fake.messages()).toEqual([]);
  });

  it('writes each outbox file whole under its final name, leaving no partial file', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lexwise-outbox-'));
    const outbox = path.join(dir, 'outbox');
    const mailer = createMailer({ transport: 'outbox', dir: outbox, from: 'Lexwise <a@b.c>' }, log);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        mailer.send({ to: `p${i}@example.com`, subject: `Mail ${i}`, ...content }),
      ),
    );
    const files = readdirSync(outbox);
    expect(files).toHaveLength(20);
    for (const file of files) {
      expect(file).toMatch(/^[^.].*\.eml$/);
      expect(readFileSync(path.join(outbox, file), 'utf8')).toMatch(
        /^[\s\S]*Confirm email[\s\S]*$/,
      );
    }
  });
});

import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { isEmailAddress } from '../../../shared/auth-messages.js';
import type { Config } from '../../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go, e.g. the visitor who wrote through the contact form. */
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletter mail. */
  headers?: Record<string, string>;
}

/** A message the mailer will not send as it is: retrying cannot help. */
export class MailRefusedError extends Error {
  override name = 'MailRefusedError';
}

/**
 * One recipient, one reply-to, each a single mailbox: nodemailer would read "a@x.com, b@y.com" or
 * "a@x.com <b@y.com>" as other recipients. Schemas check this where input enters; the mailer
 * refuses anything else rather than pass it on. The envelope is set explicitly from the same
 * address, so no header can add a recipient.
 */
function checkedEnvelope(from: string, message: MailMessage) {
  for (const address of [message.to, message.replyTo]) {
    if (address !== undefined && !isEmailAddress(address)) {
      throw new MailRefusedError('a recipient or reply-to is not one email address');
    }
  }
  const sender = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  return {
    ...message,
    from,
    to: { name: '', address: message.to },
    ...(message.replyTo ? { replyTo: { name: '', address: message.replyTo } } : {}),
    envelope: { from: sender, to: [message.to] },
  };
}

export interface Mailer {
  transport: Config['mail']['transport'];
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Sends mail over SMTP when SMTP_URL is set; otherwise writes each message to DATA_DIR/outbox as
 * an .eml file and prints its links in the log, so a local install can still follow them.
 */
export function createMailer(
  mail: Config['mail'],
  log: FastifyBaseLogger,
  /** The longest any one step of an SMTP exchange may take (the outbox bounds the whole send). */
  stepTimeoutMs = 30_000,
): Mailer {
  if (mail.transport === 'smtp') {
    const transporter = nodemailer.createTransport({
      url: mail.url,
      connectionTimeout: stepTimeoutMs,
      greetingTimeout: stepTimeoutMs,
      socketTimeout: stepTimeoutMs,
    });
    return {
      transport: 'smtp',
      async send(message) {
        await transporter.sendMail(checkedEnvelope(mail.from, message));
      },
      close: () => transporter.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    transport: 'outbox',
    async send(message) {
      const info = await builder.sendMail(checkedEnvelope(mail.from, message));
      await mkdir(mail.dir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(mail.dir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      // Written beside its final name, then renamed: a crash leaves no empty or partial .eml.
      const partial = path.join(mail.dir, `.${path.basename(file)}.partial`);
      try {
        await writeFile(partial, info.message as Buffer, { mode: 0o600 });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ file, links }, `mail to the outbox: "${message.subject}"`);
    },
    close: () => builder.close(),
  };
}

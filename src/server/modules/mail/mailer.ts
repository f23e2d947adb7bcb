import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
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

export interface Mailer {
  transport: Config['mail']['transport'];
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Sends mail over SMTP when SMTP_URL is set; otherwise writes each message to DATA_DIR/outbox as
 * an .eml file and prints its links in the log, so a local install can still follow them.
 */
export function createMailer(mail: Config['mail'], log: FastifyBaseLogger): Mailer {
  if (mail.transport === 'smtp') {
    const transporter = nodemailer.createTransport(mail.url);
    return {
      transport: 'smtp',
      async send(message) {
        await transporter.sendMail({ from: mail.from, ...message });
      },
      close: () => transporter.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    transport: 'outbox',
    async send(message) {
      const info = await builder.sendMail({ from: mail.from, ...message });
      await mkdir(mail.dir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(mail.dir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ file, links }, `mail to the outbox: "${message.subject}"`);
    },
    close: () => builder.close(),
  };
}

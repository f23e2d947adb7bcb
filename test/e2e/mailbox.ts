import { expect } from '@playwright/test';
import type { CaughtMail } from '../fakes/smtp-server';
import { e2ePorts } from './ports';

const mailboxUrl = `http://127.0.0.1:${e2ePorts().mailbox}`;

/** Waits for a mail to `to` whose subject matches, as caught by the test SMTP server. */
export async function waitForMail(to: string, subject: RegExp | string): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mailboxUrl}/messages?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as CaughtMail[];
        found = messages
          .reverse()
          .find((m) =>
            typeof subject === 'string' ? m.subject === subject : subject.test(m.subject),
          );
        return found !== undefined;
      },
      { message: `a mail to ${to} with subject ${String(subject)}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** Every mail caught for an address, oldest first. */
export async function mailsTo(to: string): Promise<CaughtMail[]> {
  const response = await fetch(`${mailboxUrl}/messages?to=${encodeURIComponent(to)}`);
  return (await response.json()) as CaughtMail[];
}

/** The first link in a mail's text part that starts with `prefix`. */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in "${mail.subject}"`);
  return link;
}

/** A fresh address for one test, so tests never share an account or a mailbox. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

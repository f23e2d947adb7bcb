// An SMTP server that keeps what it receives, and a small HTTP API to read it back:
//   GET /messages[?to=address]  -> [{ id, to, from, subject, text, html, receivedAt }]
//   DELETE /messages            -> forgets everything
// Run standalone: node --import tsx test/fakes/smtp-server.ts <smtpPort> <httpPort>
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  id: number;
  to: string[];
  from: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /** Headers by lower-cased name, e.g. list-unsubscribe. */
  headers: Record<string, string>;
  receivedAt: string;
}

export interface SmtpFake {
  smtpPort: number;
  httpPort: number;
  messages(to?: string): CaughtMail[];
  /** The messages to an address once there are at least `count` (mail is sent in the background). */
  waitForMessages(to: string, count?: number, timeoutMs?: number): Promise<CaughtMail[]>;
  clear(): void;
  close(): Promise<void>;
}

export async function startSmtpFake(smtpPort = 0, httpPort = 0): Promise<SmtpFake> {
  const caught: CaughtMail[] = [];
  let nextId = 1;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
            a.value.map((v) => (v.address ?? '').toLowerCase()),
          );
          caught.push({
            id: nextId++,
            to,
            from: mail.from?.text ?? '',
            replyTo: mail.replyTo?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: Object.fromEntries(
              mail.headerLines.map((h) => [
                h.key,
                h.line
                  .slice(h.key.length + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim(),
              ]),
            ),
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A client that dies mid-conversation (a crashed server) resets its connection: not our failure.
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const messages = (to?: string) =>
    to ? caught.filter((m) => m.to.includes(to.toLowerCase())) : [...caught];
  const http: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/messages' && request.method === 'GET') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(messages(url.searchParams.get('to') ?? undefined)));
    } else if (url.pathname === '/messages' && request.method === 'DELETE') {
      caught.length = 0;
      response.statusCode = 204;
      response.end();
    } else if (url.pathname === '/healthz') {
      response.end('ok');
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));

  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    httpPort: (http.address() as AddressInfo).port,
    messages,
    async waitForMessages(to, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages(to);
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(`no mail #${count} to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    clear: () => void (caught.length = 0),
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
  const fake = await startSmtpFake(smtpPort, httpPort);
  console.log(`SMTP fake on ${fake.smtpPort}, its mailbox on http://127.0.0.1:${fake.httpPort}`);
}

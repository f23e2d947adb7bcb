import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/database';

/** Starts the app on a free port of this machine and answers its address. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

export interface StreamPart {
  type: string;
  [key: string]: unknown;
}

/** Reads a UI message stream (Server-Sent Events) into its parts; `[DONE]` ends it. */
export function parseUiStream(body: string): { parts: StreamPart[]; done: boolean } {
  const parts: StreamPart[] = [];
  let done = false;
  for (const line of body.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    const data = line.slice(6);
    if (data === '[DONE]') done = true;
    else parts.push(JSON.parse(data) as StreamPart);
  }
  return { parts, done };
}

export function textOf(parts: StreamPart[]): string {
  return parts
    .filter((p) => p.type === 'text-delta')
    .map((p) => p.delta as string)
    .join('');
}

/** A long answer for the model stand-in: 400 words at 100 a second, `word0 word1 …`. */
export const longAnswer = {
  text: Array.from({ length: 400 }, (_, i) => `word${i}`).join(' '),
  tokensPerSecond: 100,
};

/**
 * Reads a reply to a `word0 word1 …` answer (such as `longAnswer`) until the answer has begun
 * (`word3` has arrived), and returns the answer's id from the `start` part; the caller then cuts
 * the connection.
 */
export async function readUntilAnswerBegins(response: Response): Promise<string> {
  return (await readAnswerBeginning(response)).answerId;
}

/**
 * As readUntilAnswerBegins, with `rest`: reads the stream to its end and answers all its parts.
 */
export async function readAnswerBeginning(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  while (!seen.includes('word3')) seen += decoder.decode((await reader.read()).value);
  // The events read whole; the last may have arrived in part.
  const whole = seen.slice(0, seen.lastIndexOf('\n\n'));
  const answerId = parseUiStream(whole).parts.find((p) => p.type === 'start')!.messageId as string;
  return {
    answerId,
    async rest() {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        seen += decoder.decode(read.value);
      }
      return parseUiStream(seen);
    },
  };
}

/** A conversation's messages as [role, status] pairs. */
export function rolesAndStatuses(conversation: {
  messages: { role: string; metadata: { status: string } }[];
}) {
  return conversation.messages.map((m) => [m.role, m.metadata.status]);
}

/** What a conversation holds after an answer cut off by a lost connection, then retried. */
export const cutOffThenRetried = [
  ['user', 'complete'],
  ['assistant', 'stopped'],
  ['assistant', 'complete'],
];

/** A person's token ledger: its sum (which is the balance) and what its charges took. */
export async function ledgerOf(db: Db, userId: string) {
  const rows = await db.kysely
    .selectFrom('token_ledger')
    .select(['kind', 'delta'])
    .where('user_id', '=', userId)
    .execute();
  return {
    sum: rows.reduce((s, r) => s + Number(r.delta), 0),
    charged: -rows.filter((r) => r.kind === 'charge').reduce((s, r) => s + Number(r.delta), 0),
  };
}

import type { GuidePassage, PassageRetriever } from '../../src/server/modules/chat/guide-passages';

/**
 * Test input only: a few fixed passages standing in for the guides' search, so replies can be
 * checked word for word. Production takes its passages from the guides module.
 */
export const fixturePassages: GuidePassage[] = [
  {
    slug: 'security-deposits',
    guideTitle: 'Security deposits',
    anchor: 'returning-the-deposit',
    heading: 'Returning the deposit',
    text: 'In California a landlord must return the deposit, or an itemized statement of deductions, within 21 days after the tenant moves out (Civil Code 1950.5).',
    snippet: 'a landlord must return the deposit … within 21 days',
    score: 9.1,
    jurisdiction: 'US-CA',
  },
  {
    slug: 'security-deposits',
    guideTitle: 'Security deposits',
    anchor: 'deductions',
    heading: 'What may be deducted',
    text: 'Deductions are limited to unpaid rent, cleaning to the condition at move-in, and repair of damage beyond ordinary wear and tear.',
    snippet: 'Deductions are limited to unpaid rent',
    score: 6.4,
    jurisdiction: 'US-CA',
  },
];

/** Finds the fixture passages for questions about deposits, and nothing for anything else. */
export const fixtureRetriever: PassageRetriever = {
  searchPassages: ({ query, limit }) =>
    /deposit/i.test(query) ? fixturePassages.slice(0, limit ?? fixturePassages.length) : [],
};

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
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  while (!seen.includes('word3')) seen += decoder.decode((await reader.read()).value);
  // The events read whole; the last may have arrived in part.
  const whole = seen.slice(0, seen.lastIndexOf('\n\n'));
  return parseUiStream(whole).parts.find((p) => p.type === 'start')!.messageId as string;
}

/** A conversation's messages as [role, status] pairs. */
export function rolesAndStatuses(conversation: { messages: { role: string; status: string }[] }) {
  return conversation.messages.map((m) => [m.role, m.status]);
}

/** What a conversation holds after an answer cut off by a lost connection, then retried. */
export const cutOffThenRetried = [
  ['user', 'complete'],
  ['assistant', 'stopped'],
  ['assistant', 'complete'],
];

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

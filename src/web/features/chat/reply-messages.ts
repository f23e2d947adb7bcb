import { ApiError } from '../../api-client';
import type { ReplyMessage } from './chat-messages';

/** A stored answer, the newest message, that failed or was cut off: it can be written again. */
export function storedRetryableId(messages: ReplyMessage[]): string | undefined {
  const last = messages[messages.length - 1];
  const status = last?.metadata?.status;
  return last?.role === 'assistant' && (status === 'error' || status === 'stopped')
    ? last.id
    : undefined;
}

/** The newest answer, if its stream began: the `start` part gave its id and its conversation. */
function streamedAnswerId(messages: ReplyMessage[]): string | undefined {
  const last = messages[messages.length - 1];
  return last?.role === 'assistant' && last.metadata?.conversationId ? last.id : undefined;
}

/**
 * The stored answer of a reply that failed once its stream had begun: the stream's own `error`
 * part, or the connection lost, which the server stores as `stopped`. Retry answers its question
 * again in its place. After a refusal before the stream (a JSON error) the question is sent again.
 */
export function failedAnswerId(
  messages: ReplyMessage[],
  error: Error | undefined,
): string | undefined {
  return error && !(error instanceof ApiError) ? streamedAnswerId(messages) : undefined;
}

import type { Db } from '../../db/database.js';
import { messageNotFound, retryNotPossible } from './messages.js';
import { findMessage, recentMessages, type ChatMessageRow } from './repository.js';
import type { SettleSignals } from './settle-signals.js';

export interface RetryTarget {
  answer: ChatMessageRow;
  question: ChatMessageRow;
  /** What came before the question, oldest first. */
  history: ChatMessageRow[];
}

/**
 * Retry: the stored question answered again. The answer must be the asker's, in this
 * conversation (else 404; a message is stored with its conversation's owner, so that says the
 * conversation is theirs too), an answer that failed (`error`) or was cut off (`stopped`, as
 * when the connection was lost), and the newest message (else 409).
 */
export function createRetries(db: Db, signals: SettleSignals, historyMessages: number) {
  async function findRetry(
    userId: string,
    conversationId: string,
    answerId: string,
  ): Promise<RetryTarget> {
    const answer = await storedAnswer(userId, conversationId, answerId);
    if (!answer) throw messageNotFound();
    const recent = await recentMessages(db.kysely, conversationId, historyMessages + 2);
    const question = recent.at(-2);
    if (
      answer.role !== 'assistant' ||
      answer.status === 'complete' ||
      recent.at(-1)?.id !== answer.id ||
      question?.role !== 'user'
    ) {
      throw retryNotPossible();
    }
    // The history is what came before the question; the question goes last, once.
    return { answer, question, history: recent.slice(0, -2) };
  }

  /**
   * The answer a retry names, once it is stored. A person whose connection was lost can press
   * Retry while the server (this instance or another) is still settling the cut-off answer: the
   * retry then waits for that reply's settle signal (or, on another instance, for its rows).
   */
  async function storedAnswer(userId: string, conversationId: string, id: string) {
    const find = () => findMessage(db.kysely, { userId, conversationId, id });
    const answer = await find();
    if (answer) return answer;
    await signals.afterSettling(userId, conversationId, { stop: false });
    return find();
  }

  return { findRetry };
}

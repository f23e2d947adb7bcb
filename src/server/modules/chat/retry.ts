import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/database.js';
import type { TokensService } from '../tokens/service.js';
import { messageNotFound, retryNotPossible } from './messages.js';
import { findMessage, recentMessages, type ChatMessageRow } from './repository.js';

/**
 * How long a retry waits for the answer it retries to be stored. A person whose connection was
 * lost can press Retry while the server (this instance or another) is still settling the
 * cut-off answer.
 */
const retryWaitMs = 5_000;
/** How often a retry looks again for an answer that is still being settled. */
const retryPollMs = 100;

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
export function createRetries(db: Db, tokens: TokensService, historyMessages: number) {
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
   * The answer a retry names, once it is stored, for up to `retryWaitMs`. While the person's
   * conversation ends with a question and they have a reply streaming (on this instance or
   * another), the answer may be one still being settled: it is looked for again every
   * `retryPollMs`. Undefined when it is not stored by then, or at once when no answer of theirs
   * can be on its way.
   */
  async function storedAnswer(userId: string, conversationId: string, id: string) {
    const deadline = performance.now() + retryWaitMs;
    const find = () => findMessage(db.kysely, { userId, conversationId, id });
    const answerMayBeSettling = async () => {
      const [newest] = await recentMessages(db.kysely, conversationId, 1);
      return (
        newest?.user_id === userId &&
        newest.role === 'user' &&
        (await tokens.streamingCount(userId)) > 0
      );
    };
    for (;;) {
      const answer = await find();
      if (answer || performance.now() >= deadline) return answer;
      // Settling stores the answer and ends its stream's count in one transaction, so once
      // nothing is streaming, one more look is the last word.
      if (!(await answerMayBeSettling())) return find();
      await sleep(retryPollMs);
    }
  }

  return { findRetry };
}

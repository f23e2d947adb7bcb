import { randomUUID } from 'node:crypto';
import {
  chatLimits,
  chatMessages,
  type ReplyMetadata,
  type SendMessageRequest,
} from '../../../shared/chat.js';
import type { UIMessage } from 'ai';
import { tokensMessages } from '../../../shared/tokens.js';
import { inTransaction } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { ModuleDeps } from '../../module-deps.js';
import type { TokensService } from '../tokens/service.js';
import { writeAnswer, type AnswerJob, type ChunkSink } from './answer-writer.js';
import { conversationNotFound, retryNotPossible, titleFrom } from './messages.js';
import type { ComposeReplyContent, Place } from './reply-content.js';
import {
  conversationOwner,
  createConversationIfMissing,
  insertMessage,
  recentMessages,
  touchConversation,
  touchConversationIfUnchanged,
  type ChatMessageRow,
} from './repository.js';
import type { RetryTarget } from './retry.js';
import type { Settlement, SettleSignals } from './settle-signals.js';

export type { ChunkSink };
export type ReplyMessage = UIMessage<ReplyMetadata>;

/** Who asks, as the routes know them after authentication. */
export interface Asker {
  userId: string;
  jurisdiction: Place;
}

/**
 * A reply ready to be written: `run` writes it part by part to the sink, settles it, and
 * resolves when it is stored. The route serialises the parts as Server-Sent Events itself,
 * without the SDK's chain of web streams, which cost more CPU per part than everything else.
 */
export interface ReplyStream {
  run(write: ChunkSink): Promise<void>;
}

/**
 * Lets the requests already received run up to their own model request before this one goes
 * on with its bookkeeping: a burst of questions then reaches the model as soon as it can.
 */
const otherRequestsFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A reply, as named steps: the question (new, or the one a retry names) → what will write the
 * answer → the reservation → the content starts → the question is stored → the stream, settled
 * and stored when it ends. Everything before the stream throws an AppError (400, 402, 404, 409,
 * 413, 429) that the route answers as JSON.
 */
export function createReplies(
  deps: Pick<ModuleDeps, 'db' | 'log'>,
  rooms: {
    tokens: TokensService;
    composeReplyContent: ComposeReplyContent;
    findRetry: (userId: string, conversationId: string, answerId: string) => Promise<RetryTarget>;
    signals: SettleSignals;
    historyMessages: number;
  },
) {
  const { db, log } = deps;
  const { tokens, composeReplyContent, findRetry, signals, historyMessages } = rooms;

  /** A new question: checked, and the conversation's history before it. */
  async function checkQuestion(userId: string, conversationId: string, rawText: string) {
    const text = rawText.trim();
    if (text.length === 0) throw new AppError(400, 'chat.empty_message', chatMessages.emptyMessage);
    if (text.length > chatLimits.maxMessageLength) {
      throw new AppError(413, 'chat.message_too_long', chatMessages.messageTooLong);
    }
    const owner = await conversationOwner(db.kysely, conversationId);
    if (owner !== undefined && owner !== userId) throw conversationNotFound();
    const history = owner ? await recentMessages(db.kysely, conversationId, historyMessages) : [];
    return { text, history };
  }

  async function reserveFor(userId: string, promptTokens: number, outputCap: number) {
    const reserved = await tokens.reserveTokens({ userId, promptTokens, outputCap });
    if (reserved.ok) return reserved.reservation;
    throw reserved.reason === 'busy'
      ? new AppError(429, 'chat.too_many_replies', chatMessages.tooManyReplies)
      : new AppError(402, 'tokens.insufficient', tokensMessages.insufficient);
  }

  /**
   * Stores the question (or, for a retry, claims the failed answer); a refusal (a race for the
   * conversation or the retry) is returned as the error to answer.
   */
  function storeQuestion(
    asker: Asker,
    conversationId: string,
    question: { id: string; text: string },
    retry: RetryTarget | undefined,
  ): Promise<AppError | null> {
    return inTransaction(db, async (work) => {
      const now = new Date().toISOString();
      if (retry) {
        // Nothing is stored for the question. Storing the failed answer set the conversation's
        // activity time to the answer's own; a retry or a new question since has moved it on.
        // So of two retries of one answer, only the first to move it goes ahead.
        const claimed = await touchConversationIfUnchanged(work.kysely, {
          id: conversationId,
          expected: retry.answer.created_at,
          now,
        });
        return claimed ? null : retryNotPossible();
      }
      const mine = await createConversationIfMissing(work.kysely, {
        id: conversationId,
        userId: asker.userId,
        title: titleFrom(question.text),
        now,
      });
      if (!mine) return conversationNotFound();
      await insertMessage(work.kysely, {
        id: question.id,
        conversationId,
        userId: asker.userId,
        role: 'user',
        content: question.text,
        status: 'complete',
        charged: 0,
        sources: [],
        now,
      });
      await touchConversation(work.kysely, conversationId, now);
      return null;
    });
  }

  /**
   * A reply is tracked from its first steps, so a stop that arrives while it is still being
   * checked stops it too (its content then writes nothing); a refusal settles it at once.
   */
  async function startReply(
    asker: Asker,
    conversationId: string,
    request: SendMessageRequest,
    signal: AbortSignal,
  ): Promise<ReplyStream> {
    const abort = new AbortController();
    signal.addEventListener('abort', () => abort.abort(), { once: true });
    if (signal.aborted) abort.abort();
    // A retry waits for the answer it retries to settle, so it is tracked only after that.
    const retry = request.retryOf
      ? await findRetry(asker.userId, conversationId, request.retryOf)
      : undefined;
    const tracked = signals.track(asker.userId, conversationId, abort);
    try {
      return await prepareReply(asker, conversationId, request.text, retry, {
        abort,
        settle: tracked.settle,
      });
    } catch (error) {
      tracked.settle();
      throw error;
    }
  }

  async function prepareReply(
    asker: Asker,
    conversationId: string,
    questionText: string,
    retry: RetryTarget | undefined,
    { abort, settle }: { abort: AbortController; settle: (settlement?: Settlement) => void },
  ): Promise<ReplyStream> {
    const { text, history }: { text: string; history: ChatMessageRow[] } = retry
      ? { text: retry.question.content, history: retry.history }
      : await checkQuestion(asker.userId, conversationId, questionText);
    const content = composeReplyContent({
      question: text,
      earlier: history,
      place: asker.jurisdiction,
    });
    const reservation = await reserveFor(asker.userId, content.promptTokens, content.outputCap);

    // The model's request goes out before anything else is done, so storing the question (and,
    // with many questions at once, the other questions' checks) overlaps the model's wait for
    // its first token rather than adding to it.
    const events = content.write(reservation.outputCap, abort.signal);
    let first: AnswerJob['first'];
    if (content.source === 'model') {
      first = events.next();
      first.catch(() => undefined);
      await otherRequestsFirst();
    }

    const userMessageId = retry ? retry.question.id : randomUUID();
    try {
      const refusal = await storeQuestion(
        asker,
        conversationId,
        { id: userMessageId, text },
        retry,
      );
      if (refusal) throw refusal;
    } catch (error) {
      // Refused after all: the content is called off and nothing is charged.
      abort.abort();
      await tokens.settleReservation({ reservationId: reservation.id, used: 0 });
      throw error;
    }

    const job = {
      userId: asker.userId,
      conversationId,
      userMessageId,
      assistantMessageId: randomUUID(),
      content,
      reservation,
      events,
      first,
      abort,
    };
    return {
      run: async (write) => {
        let settlement: Settlement | undefined;
        try {
          settlement = await writeAnswer(deps, tokens, job, write);
        } catch (error) {
          log.error({ err: error, conversationId }, 'could not settle a reply');
          write({ type: 'error', errorText: chatMessages.replyFailed });
        } finally {
          settle(settlement);
        }
      },
    };
  }

  return { startReply };
}

import type { UIMessageChunk } from 'ai';
import {
  chatMessages,
  sourcePart,
  type ChatSource,
  type MessageStatus,
  type ReplyMetadata,
} from '../../../shared/chat.js';
import { inTransaction, type Db } from '../../db/database.js';
import type { ModuleDeps } from '../../module-deps.js';
import { createCitationFilter } from '../../llm/citations.js';
import { ReplyError, type ReplyEvent } from '../../llm/reply-source.js';
import { countTokens } from '../../llm/token-count.js';
import { unsupportedFigures } from '../answers/figures.js';
import type { Reservation, TokensService } from '../tokens/service.js';
import { passageUrl } from './guide-passages.js';
import type { ReplyContent } from './reply-content.js';
import { insertMessage, touchConversation } from './repository.js';
import type { Settlement } from './settle-signals.js';

/** Writes one part of the UI message stream; it ignores writes after the client has gone. */
export type ChunkSink = (chunk: UIMessageChunk<ReplyMetadata>) => void;

/** One reply, from its reservation to its stored answer. */
export interface AnswerJob {
  userId: string;
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string;
  content: ReplyContent;
  reservation: Reservation;
  /** The content's events; a model's first one already asked for, so its request is out. */
  events: AsyncGenerator<ReplyEvent, void>;
  first: Promise<IteratorResult<ReplyEvent, void>> | undefined;
  abort: AbortController;
}

/**
 * The body of a reply's stream: the answer part by part (citations naming no passage removed),
 * then, in one unit of work, the reservation settled and the answer stored, then the sources and
 * the finish part with what was charged and the balance. Answers the settlement (the reply's
 * settle signal).
 */
export async function writeAnswer(
  { db, log }: Pick<ModuleDeps, 'db' | 'log'>,
  tokens: TokensService,
  job: AnswerJob,
  write: ChunkSink,
): Promise<Settlement> {
  const { conversationId, userMessageId, content, reservation, abort } = job;
  const citations = createCitationFilter(content.passages.length);
  let written = '';
  let status: MessageStatus = 'complete';
  let usage: { input: number; output: number } | undefined;
  let failure: unknown;
  write({
    type: 'start',
    messageId: job.assistantMessageId,
    messageMetadata: { conversationId, userMessageId },
  });
  write({ type: 'text-start', id: 'answer' });
  const emit = (piece: string) => {
    if (!piece) return;
    written += piece;
    write({ type: 'text-delta', id: 'answer', delta: piece });
  };
  try {
    for (let next = job.first ?? job.events.next(); ; next = job.events.next()) {
      const { value: event, done: ended } = await next;
      if (ended) break;
      if (event.type === 'text') emit(citations.push(event.text));
      else usage = event.usage;
    }
    emit(citations.flush());
    if (abort.signal.aborted) status = 'stopped';
  } catch (error) {
    emit(citations.flush());
    status = abort.signal.aborted ? 'stopped' : 'error';
    failure = error;
  }
  if (content.source === 'model' && status === 'complete') {
    // A model's figures are checked against the passages it cites; what is not there is logged.
    const unsupported = unsupportedFigures(written, content.passages);
    if (unsupported.length > 0) {
      log.warn(
        { conversationId, unsupportedFigures: unsupported.length },
        'an answer stated figures its cited passages do not contain',
      );
    }
  }
  if (citations.removed() > 0) {
    log.warn(
      { conversationId, removedCitations: citations.removed() },
      'removed citations that named no given passage',
    );
  }
  if (failure && status === 'error') {
    const reason = failure instanceof ReplyError ? failure.reason : 'failed';
    log.error({ err: failure, conversationId, reason }, 'a reply failed');
  }

  const sources: ChatSource[] = citations.cited().map((n) => {
    const passage = content.passages[n - 1]!;
    return { n, title: `${passage.guideTitle}: ${passage.heading}`, url: passageUrl(passage) };
  });
  // What is charged: the provider's usage when it reported it; else our tokenizer's count of
  // what was read and written. A failed reply, or a library search that found nothing, costs
  // nothing.
  const used =
    status === 'error' || content.free
      ? 0
      : usage && status === 'complete'
        ? usage.input + usage.output
        : content.promptTokens + countTokens(written);
  const settled = await settleAndStore(db, tokens, job, {
    used,
    written,
    status,
    sources,
    placement: content.placement,
  });
  write({ type: 'text-end', id: 'answer' });
  for (const source of sources) write(sourcePart(source));
  if (status === 'error') write({ type: 'error', errorText: chatMessages.replyFailed });
  write({
    type: 'finish',
    finishReason: status === 'complete' ? 'stop' : status === 'stopped' ? 'other' : 'error',
    messageMetadata: {
      conversationId,
      userMessageId,
      charged: settled.charged,
      balance: settled.balance ?? reservation.balance,
      status,
      placement: content.placement,
      ...(content.asksForState ? { asksForState: true } : {}),
    },
  });
  return {
    answer: settled.stored ? { id: job.assistantMessageId, status } : null,
    charged: settled.charged,
    balance: settled.balance,
  };
}

/**
 * One unit of work: tokens settles the reservation, the chat stores the answer (`stored` false
 * when its conversation was deleted meanwhile).
 */
function settleAndStore(
  db: Db,
  tokens: TokensService,
  job: AnswerJob,
  answer: {
    used: number;
    written: string;
    status: MessageStatus;
    sources: ChatSource[];
    placement: string;
  },
) {
  return inTransaction(db, async (work) => {
    const settled = await tokens.settleReservation({
      reservationId: job.reservation.id,
      used: answer.used,
      work,
    });
    const now = new Date().toISOString();
    // Deleted while it was written: the charge stands, and there is nowhere to store the answer.
    const stored = await touchConversation(work.kysely, job.conversationId, now);
    if (stored) {
      await insertMessage(work.kysely, {
        id: job.assistantMessageId,
        conversationId: job.conversationId,
        userId: job.userId,
        role: 'assistant',
        content: answer.written,
        status: answer.status,
        charged: settled.charged,
        sources: answer.sources,
        placement: answer.placement,
        now,
      });
    }
    return { ...settled, stored };
  });
}

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { UIMessage, UIMessageChunk } from 'ai';
import {
  chatLimits,
  chatMessages,
  conversationIdSchema,
  type ChatMessage,
  type ChatSource,
  type Conversation,
  type ConversationList,
  type ConversationSummary,
  type MessageStatus,
  type ReplyMetadata,
  type SendMessageRequest,
} from '../../../shared/chat.js';
import { regionsByCountry } from '../../../shared/jurisdictions.js';
import { tokensMessages } from '../../../shared/tokens.js';
import { visibleName } from '../../../shared/text.js';
import { AppError } from '../../errors.js';
import type { ModuleDeps } from '../../module-deps.js';
import { createCitationFilter } from '../../llm/citations.js';
import { lazyModules, warmLazyModules } from '../../llm/lazy-modules.js';
import { libraryChunks } from '../../llm/library.js';
import { createModelThread } from '../../llm/model-thread.js';
import { buildSystemPrompt, trimHistory } from '../../llm/prompt.js';
import { ReplyError, type ModelMessage } from '../../llm/reply-source.js';
import { countMessageTokens, countTokens, fitTokens } from '../../llm/token-count.js';
import type { TokensService } from '../tokens/service.js';
import { unsupportedFigures } from '../answers/figures.js';
import type { AnswersService } from '../answers/service.js';
import { passageUrl, type GuidePassage } from './guide-passages.js';
import {
  acknowledgeNotice,
  conversationOwner,
  createConversationIfMissing,
  deleteConversation,
  exportConversations,
  findConversation,
  findMessage,
  findNoticeAcknowledgment,
  insertMessage,
  listConversations,
  listMessages,
  recentMessages,
  renameConversation,
  setFeedback,
  touchConversation,
  touchConversationIfUnchanged,
  type ChatMessageRow,
  type ConversationRow,
} from './repository.js';

export type ChatDeps = Pick<ModuleDeps, 'config' | 'db' | 'log'>;

export type ChatService = ReturnType<typeof createChatService>;

/** Who asks, as the routes know them after authentication. */
/** Questions the warm-up places, as people ask them. */
const warmUpQuestions = [
  'How long can my landlord keep my security deposit after I move out?',
  'My employer has not paid my last paycheck. What can I do?',
  'A debt collector keeps calling me at work about an old credit card.',
  'How do I file for divorce in Texas if we have children?',
  'I got a speeding ticket. Should I pay it or fight it in court?',
  'hello',
];

export interface Asker {
  userId: string;
  jurisdiction: { country: string | null; region: string | null };
}

export type ReplyMessage = UIMessage<ReplyMetadata>;

/** Writes one part of the UI message stream; it ignores writes after the client has gone. */
export type ChunkSink = (chunk: UIMessageChunk<ReplyMetadata>) => void;

/**
 * A reply ready to be written: `run` writes it part by part to the sink, settles it, and
 * resolves when it is stored. The route serialises the parts as Server-Sent Events itself,
 * without the SDK's chain of web streams, which cost more CPU per part than everything else.
 */
export interface ReplyStream {
  run(write: ChunkSink): Promise<void>;
}

const historyMessages = 40;
/**
 * How long a retry waits for the answer it retries to be stored. A person whose connection was
 * lost can press Retry while the server (this instance or another) is still settling the
 * cut-off answer.
 */
const retryWaitMs = 5_000;
/** How often a retry looks again for an answer that is still being settled. */
const retryPollMs = 100;

/**
 * Lets the requests already received run up to their own model request before this one goes
 * on with its bookkeeping: a burst of questions then reaches the model as soon as it can.
 */
const otherRequestsFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

export const conversationNotFound = () =>
  new AppError(404, 'route.not_found', chatMessages.conversationNotFound);
const messageNotFound = () => new AppError(404, 'route.not_found', chatMessages.messageNotFound);
const retryNotPossible = () =>
  new AppError(409, 'chat.retry_not_possible', chatMessages.retryNotPossible);

/**
 * A title from the first question: one line without invisible characters (visibleName), cut at a
 * word near 60 characters.
 */
export function titleFrom(text: string): string {
  const line = visibleName(text) || 'Untitled question';
  if (line.length <= 60) return line;
  const cut = line.slice(0, 60);
  const space = cut.lastIndexOf(' ');
  return `${space > 30 ? cut.slice(0, space) : cut}…`;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "California, United States" for the prompt; null when the person has not said. */
function jurisdictionInWords({ country, region }: Asker['jurisdiction']): string | null {
  if (!country) return null;
  const countryName = countryNames.of(country) ?? country;
  const regionName = regionsByCountry[country]?.regions.find((r) => r.code === region)?.name;
  return regionName ? `${regionName}, ${countryName}` : countryName;
}

function toSummary(row: ConversationRow): ConversationSummary {
  // visibleName: titles stored before invisible characters were refused are shown without them.
  const title = visibleName(row.title) || 'Untitled question';
  return { id: row.id, title, createdAt: row.created_at, updatedAt: row.updated_at };
}

function toMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    status: row.status,
    sources: JSON.parse(row.sources) as ChatSource[],
    feedback: row.feedback,
    charged: Number(row.charged),
    createdAt: row.created_at,
  };
}

function encodeCursor(row: ConversationRow): string {
  return Buffer.from(`${row.updated_at}|${row.id}`).toString('base64url');
}

/**
 * The activity time in a cursor is what `toISOString` wrote for a time both databases store:
 * 30 February, a bare year, year 0 and the signed six-digit years beyond 0001-9999 are not
 * (PostgreSQL refuses those with "date/time out of range").
 */
function isStoredTime(text: string): boolean {
  if (!/^\d{4}-/.test(text) || text.startsWith('0000-')) return false;
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString() === text;
}

/** A cursor as `encodeCursor` wrote it; anything else (both engines alike) is a 400. */
function decodeCursor(cursor: string): { updatedAt: string; id: string } {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const [updatedAt = '', id = ''] = parts;
  if (
    parts.length !== 2 ||
    !isStoredTime(updatedAt) ||
    !conversationIdSchema.safeParse(id).success
  ) {
    throw new AppError(400, 'request.invalid', 'The cursor is not valid.', {
      cursor: 'is not valid',
    });
  }
  return { updatedAt, id };
}

/**
 * Conversations and replies. A reply: validate, retrieve passages, reserve tokens (one atomic
 * update), store the question, stream the answer, then settle and store the answer in one
 * transaction. Every read and write is scoped to the asker: another person's ids are not found.
 */
export function createChatService(
  { config, db, log }: ChatDeps,
  { tokens, answers }: { tokens: TokensService; answers: AnswersService },
) {
  const model = config.chat.model
    ? createModelThread({
        ...config.chat.model,
        firstTokenTimeoutMs: config.chat.firstTokenTimeoutMs,
        replyTimeoutMs: config.chat.replyTimeoutMs,
      })
    : undefined;
  warmLazyModules();
  model?.warm();
  answers.warm();
  /** Replies being written, each settled when its answer is stored: shutdown waits for them. */
  const settling = new Set<Promise<void>>();

  async function listForUser(
    userId: string,
    query: { cursor?: string | undefined; q?: string | undefined },
  ): Promise<ConversationList> {
    const rows = await listConversations(db, {
      userId,
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
      q: query.q?.trim() || undefined,
      limit: chatLimits.pageSize + 1,
    });
    const page = rows.slice(0, chatLimits.pageSize);
    return {
      conversations: page.map(toSummary),
      nextCursor: rows.length > chatLimits.pageSize ? encodeCursor(page[page.length - 1]!) : null,
    };
  }

  async function getConversation(userId: string, id: string): Promise<Conversation> {
    const row = await findConversation(db.kysely, userId, id);
    if (!row) throw conversationNotFound();
    const messages = await listMessages(db.kysely, id);
    return { ...toSummary(row), messages: messages.map(toMessage) };
  }

  async function rename(userId: string, id: string, title: string): Promise<ConversationSummary> {
    const row = await renameConversation(db, userId, id, title);
    if (!row) throw conversationNotFound();
    return toSummary(row);
  }

  async function remove(userId: string, id: string): Promise<void> {
    if (!(await deleteConversation(db, userId, id))) throw conversationNotFound();
  }

  async function rate(userId: string, messageId: string, rating: 'up' | 'down' | null) {
    if (!(await setFeedback(db, userId, messageId, rating))) throw messageNotFound();
  }

  /**
   * A retry answers the stored question again: the answer must be the asker's, in this
   * conversation (else 404; a message is stored with its conversation's owner, so that says the
   * conversation is theirs too), an answer that failed (`error`) or was cut off (`stopped`, as
   * when the connection was lost), and the newest message (else 409).
   */
  async function findRetry(userId: string, conversationId: string, answerId: string) {
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

  /** What the model is given: system prompt with passages, trimmed history, the question. */
  function modelPrompt(
    asker: Asker,
    passages: GuidePassage[],
    history: ChatMessageRow[],
    text: string,
  ) {
    const system = buildSystemPrompt({
      productName: config.site.productName,
      jurisdiction: jurisdictionInWords(asker.jurisdiction),
      passages,
    });
    const earlier: ModelMessage[] = history
      .filter((m) => m.status !== 'error' && m.content.length > 0)
      .map((m) => ({ role: m.role, content: m.content }));
    const messages = [
      ...trimHistory(earlier, config.chat.historyTokens),
      { role: 'user' as const, content: text },
    ];
    return {
      system: system.text,
      messages,
      tokens: system.tokens + countMessageTokens(messages),
    };
  }

  /** A new question: checked, and the conversation's history before it. */
  async function findAsk(userId: string, conversationId: string, rawText: string) {
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

  /**
   * Everything before the stream: checks, passages, the reservation, the stored question (or,
   * for a retry, the claim on the failed answer). Throws an AppError (400, 402, 404, 409, 413,
   * 429) that the route answers as JSON.
   */
  async function startReply(
    asker: Asker,
    conversationId: string,
    request: SendMessageRequest,
    signal: AbortSignal,
  ): Promise<ReplyStream> {
    const retry = request.retryOf
      ? await findRetry(asker.userId, conversationId, request.retryOf)
      : undefined;
    const { text, history } = retry
      ? { text: retry.question.content, history: retry.history }
      : await findAsk(asker.userId, conversationId, request.text);
    // Placed before anything is reserved: a decline is written here and costs nothing.
    const plan = answers.plan(
      {
        text,
        earlier: history.filter((m) => m.role === 'user').map((m) => m.content),
        profile: asker.jurisdiction,
      },
      model !== undefined,
    );
    const passages = plan.passages;
    const library = plan.text;
    const prompt = library === undefined ? modelPrompt(asker, passages, history, text) : undefined;
    const promptTokens = prompt ? prompt.tokens : countTokens(text);
    const outputCap = library !== undefined ? countTokens(library) : config.chat.maxOutputTokens;

    const reserved = await tokens.reserveTokens({ userId: asker.userId, promptTokens, outputCap });
    if (!reserved.ok) {
      throw reserved.reason === 'busy'
        ? new AppError(429, 'chat.too_many_replies', chatMessages.tooManyReplies)
        : new AppError(402, 'tokens.insufficient', tokensMessages.insufficient);
    }
    const reservation = reserved.reservation;

    const abort = new AbortController();
    signal.addEventListener('abort', () => abort.abort(), { once: true });
    if (signal.aborted) abort.abort();

    // The model's request goes out before anything else is done, so storing the question (and,
    // with many questions at once, the other questions' checks) overlaps the model's wait for
    // its first token rather than adding to it.
    const replies =
      prompt &&
      model?.stream({
        system: prompt.system,
        messages: prompt.messages,
        maxOutputTokens: reservation.outputCap,
        signal: abort.signal,
      });
    const firstReply = replies?.next();
    firstReply?.catch(() => undefined);
    if (replies) await otherRequestsFirst();

    const userMessageId = retry ? retry.question.id : randomUUID();
    try {
      const refusal = await db.kysely.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        if (retry) {
          // Nothing is stored for the question. Storing the failed answer set the conversation's
          // activity time to the answer's own; a retry or a new question since has moved it on.
          // So of two retries of one answer, only the first to move it goes ahead.
          const claimed = await touchConversationIfUnchanged(trx, {
            id: conversationId,
            expected: retry.answer.created_at,
            now,
          });
          return claimed ? null : retryNotPossible();
        }
        const mine = await createConversationIfMissing(trx, {
          id: conversationId,
          userId: asker.userId,
          title: titleFrom(text),
          now,
        });
        if (!mine) return conversationNotFound();
        await insertMessage(trx, {
          id: userMessageId,
          conversationId,
          userId: asker.userId,
          role: 'user',
          content: text,
          status: 'complete',
          charged: 0,
          sources: [],
          now,
        });
        await touchConversation(trx, conversationId, now);
        return null;
      });
      if (refusal) throw refusal;
    } catch (error) {
      // Refused after all (a race for the conversation or the retry): the model's request is
      // called off and nothing is charged.
      abort.abort();
      await tokens.settleReservation({ reservationId: reservation.id, used: 0 });
      throw error;
    }

    const assistantMessageId = randomUUID();
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    settling.add(finished);
    void finished.then(() => settling.delete(finished));

    return {
      run: async (write) => {
        try {
          await writeReply(write);
        } catch {
          // Logged where it happened; the person sees the short message.
          write({ type: 'error', errorText: chatMessages.replyFailed });
        }
      },
    };

    /** The answer, part by part, then its settlement: the body of the stream. */
    async function writeReply(write: ChunkSink) {
      const citations = createCitationFilter(passages.length);
      let written = '';
      let status: MessageStatus = 'complete';
      let usage: { input: number; output: number } | undefined;
      let failure: unknown;
      write({
        type: 'start',
        messageId: assistantMessageId,
        messageMetadata: { conversationId, userMessageId },
      });
      write({ type: 'text-start', id: 'answer' });
      const emit = (piece: string) => {
        if (!piece) return;
        written += piece;
        write({ type: 'text-delta', id: 'answer', delta: piece });
      };
      try {
        if (plan.firstLine) emit(`${plan.firstLine}\n\n`);
        if (library !== undefined) {
          for (const piece of libraryChunks(fitTokens(library, reservation.outputCap))) {
            if (abort.signal.aborted) break;
            emit(citations.push(piece));
          }
        } else {
          for (let next = firstReply!; ; next = replies!.next()) {
            const { value: event, done: ended } = await next;
            if (ended) break;
            if (event.type === 'text') emit(citations.push(event.text));
            else usage = event.usage;
          }
        }
        emit(citations.flush());
        if (abort.signal.aborted) status = 'stopped';
      } catch (error) {
        emit(citations.flush());
        status = abort.signal.aborted ? 'stopped' : 'error';
        failure = error;
      }
      if (library === undefined && status === 'complete') {
        const unsupported = unsupportedFigures(written, passages);
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

      const cited = citations.cited();
      const sources: ChatSource[] = cited.map((n) => {
        const passage = passages[n - 1]!;
        return {
          n,
          title: `${passage.guideTitle}: ${passage.heading}`,
          url: passageUrl(passage),
        };
      });
      // What is charged: the provider's usage when it reported it; else our tokenizer's count
      // of what was read and written. A failed reply, or a decline, costs nothing.
      const used =
        status === 'error' || plan.free
          ? 0
          : usage && status === 'complete'
            ? usage.input + usage.output
            : promptTokens + countTokens(written);
      let settled: { charged: number; balance: number | undefined };
      try {
        settled = await tokens.settleReservation({
          reservationId: reservation.id,
          used,
          write: async (trx, charged) => {
            const now = new Date().toISOString();
            // Deleted while it was written: the charge stands, and there is nowhere to store
            // the answer.
            if (!(await touchConversation(trx, conversationId, now))) return;
            await insertMessage(trx, {
              id: assistantMessageId,
              conversationId,
              userId: asker.userId,
              role: 'assistant',
              content: written,
              status,
              charged,
              sources,
              now,
            });
          },
        });
      } catch (error) {
        log.error({ err: error, conversationId }, 'could not settle a reply');
        done();
        throw error;
      }
      write({ type: 'text-end', id: 'answer' });
      for (const source of sources) {
        write({
          type: 'source-url',
          sourceId: String(source.n),
          url: source.url,
          title: source.title,
        });
      }
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
          placement: plan.placement,
          ...(plan.asksForState ? { asksForState: true } : {}),
        },
      });
      done();
    }
  }

  return {
    listForUser,
    getConversation,
    rename,
    remove,
    rate,
    startReply,
    noticeAcknowledgedAt: (userId: string) => findNoticeAcknowledgment(db, userId),
    acknowledgeNotice: (userId: string) => acknowledgeNotice(db, userId, new Date().toISOString()),
    /** The person's conversations for "download my data". */
    exportFor: (userId: string) => exportConversations(db, userId),
    /** Loads what the first reply would (the tokenizer, the model's thread): readiness waits. */
    warm: async () => {
      lazyModules.tokenizer();
      await model?.ready();
      // A reply's work before the model, with nothing stored: placing the question, the
      // passages, the prompt and its token count (readiness, src/server/warm-up.ts).
      const asker: Asker = { userId: 'warm-up', jurisdiction: { country: 'US', region: 'CA' } };
      for (let round = 0; round < 5; round++) {
        for (const text of warmUpQuestions) {
          const plan = answers.plan({ text, earlier: [], profile: asker.jurisdiction }, !!model);
          if (plan.text === undefined) modelPrompt(asker, plan.passages, [], text);
          else countTokens(plan.text);
          countTokens(text);
          // Yield between questions: requests already arriving are not held up.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    },
    /** Waits for replies being written to settle, then stops the model's thread (shutdown). */
    drain: async () => {
      await Promise.all(settling);
      await model?.close();
    },
  };
}

import type { ModuleDeps } from '../../module-deps.js';
import { lazyModules, warmLazyModules } from '../../llm/lazy-modules.js';
import { createModelThread } from '../../llm/model-thread.js';
import type { AnswersService } from '../answers/service.js';
import type { TokensService } from '../tokens/service.js';
import { createConversations } from './conversations.js';
import { createReplies } from './reply.js';
import { createReplyContent } from './reply-content.js';
import { createRetries } from './retry.js';
import { createSettleSignals } from './settle-signals.js';
import { createStops } from './stop.js';

export type { Asker, ChunkSink, ReplyMessage, ReplyStream } from './reply.js';
export { conversationNotFound, titleFrom } from './messages.js';

export type ChatDeps = Pick<ModuleDeps, 'config' | 'db' | 'log'>;

export type ChatService = ReturnType<typeof createChatService>;

/** How many earlier messages a reply reads (the prompt trims them further, by tokens). */
const historyMessages = 40;

/** Questions the warm-up places, as people ask them. */
const warmUpQuestions = [
  'How long can my landlord keep my security deposit after I move out?',
  'My employer has not paid my last paycheck. What can I do?',
  'A debt collector keeps calling me at work about an old credit card.',
  'How do I file for divorce in Texas if we have children?',
  'I got a speeding ticket. Should I pay it or fight it in court?',
  'hello',
];

/**
 * The chat, in rooms: conversations (list, read, rename, delete, rate, notice, export; history
 * paging in its own file), replies (reply.ts: the steps before the stream; answer-writer.ts: the
 * stream, settled and stored in one unit of work), each reply's settle signal (settle-signals.ts)
 * that stop (stop.ts) and retry (retry.ts) wait on, and what writes a reply's
 * content (reply-content.ts: library mode or the model). Every read and write is scoped to the
 * asker: another person's ids are not found.
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
  const conversations = createConversations(db);
  const signals = createSettleSignals(db, tokens);
  const { findRetry } = createRetries(db, signals, historyMessages);
  const { stopReply } = createStops(db, tokens, signals);
  const composeReplyContent = createReplyContent(config, { model, answers });
  const replies = createReplies(
    { db, log },
    { tokens, composeReplyContent, findRetry, signals, historyMessages },
  );

  return {
    ...conversations,
    startReply: replies.startReply,
    stopReply,
    /** Loads what the first reply would (the tokenizer, the model's thread): readiness waits. */
    warm: async () => {
      lazyModules.tokenizer();
      await model?.ready();
      // A reply's work before the model, with nothing stored: placing the question, the
      // passages, the prompt and its token count (readiness, src/server/warm-up.ts).
      const place = { country: 'US', region: 'CA' };
      for (let round = 0; round < 5; round++) {
        for (const question of warmUpQuestions) {
          composeReplyContent({ question, earlier: [], place });
          // Yield between questions: requests already arriving are not held up.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    },
    /** Waits for replies being written to settle, then stops the model's thread (shutdown). */
    drain: async () => {
      await signals.allSettled();
      await model?.close();
    },
  };
}
